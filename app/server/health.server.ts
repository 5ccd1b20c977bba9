import { constants } from 'node:fs'
import { access } from 'node:fs/promises'
import path from 'node:path'
import express, { type Router } from 'express'
import { type AppContext } from '#app/context.server.ts'
import { LAKE_FILE } from '#app/lake/data-dir-lock.server.ts'
import { SITE_EMAIL_QUERY } from '#app/sanity/queries/site.ts'
import { freeBytes as diskFreeBytes, type FreeBytes, READY_MIN_FREE_BYTES } from '#app/server/disk-space.server.ts'
import { requestLogOf } from '#app/server/logging.server.ts'

/*
 * The probes of a platform or load balancer (docs/decisions/032): `/healthz` says the process
 * answers, `/readyz` that it can serve pages and store submissions. createServer mounts them ahead
 * of the page cache and Remix, so they are never cached; its first step already sends
 * `Cache-Control: no-store`. Their answers name no host, path or error: the details go to the log.
 */

/** How long the lake may take to answer the readiness query (Sanity's own read timeout is longer). */
export const READINESS_TIMEOUT_MS = 3_000

export type Readiness = { ready: true } | { ready: false; reason: string; error: unknown }

/** The free space check of /readyz: the floor (READY_MIN_FREE_BYTES) and how free space is measured; tests inject both. */
export interface DiskCheck {
  minFreeBytes?: number
  freeBytes?: FreeBytes
}

/** The German reason of a nearly full disk (the number in MB). */
export function lowDiskReason(minFreeBytes: number): string {
  return `Auf dem Datenträger von DATA_DIR sind weniger als ${Math.round(minFreeBytes / (1024 * 1024))} MB frei: Anfragen könnten bald nicht mehr gespeichert werden.`
}

/**
 * Whether the site can serve: the lake answers a cheap query (one field of the settings) and, for
 * the embedded lake, its database and DATA_DIR can still be written (a read-only or removed folder
 * would lose every submission). On either backend DATA_DIR's disk must have READY_MIN_FREE_BYTES
 * free (statfs): the database, the outbox and the uploads' temporary files live there.
 */
export async function readiness(context: Pick<AppContext, 'env' | 'lake'>, timeoutMs = READINESS_TIMEOUT_MS, disk: DiskCheck = {}): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      context.lake.fetch(SITE_EMAIL_QUERY),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs))),
    ])
  } catch (error) {
    const reason = context.lake.kind === 'sanity' ? 'Der Sanity Content Lake ist nicht erreichbar.' : 'Der eingebettete Content Lake antwortet nicht.'
    return { ready: false, reason, error }
  } finally {
    clearTimeout(timer)
  }
  if (context.lake.kind === 'embedded') {
    try {
      // The folder too: SQLite keeps its write-ahead log beside the database (docs/decisions/087).
      await access(context.env.DATA_DIR, constants.W_OK)
      await access(path.join(context.env.DATA_DIR, LAKE_FILE), constants.W_OK)
    } catch (error) {
      return { ready: false, reason: 'Die Datenbank in DATA_DIR ist nicht beschreibbar: Anfragen könnten nicht gespeichert werden.', error }
    }
  }
  const { minFreeBytes = READY_MIN_FREE_BYTES, freeBytes = diskFreeBytes } = disk
  let free: number
  try {
    free = await freeBytes(context.env.DATA_DIR)
  } catch (error) {
    // A DATA_DIR that does not exist (yet) on the Sanity backend: the outbox creates it when needed.
    if (context.lake.kind === 'sanity' && (error as NodeJS.ErrnoException).code === 'ENOENT') return { ready: true }
    return { ready: false, reason: 'Der freie Platz in DATA_DIR ließ sich nicht feststellen.', error }
  }
  if (free < minFreeBytes) return { ready: false, reason: lowDiskReason(minFreeBytes), error: new Error(`${free} bytes free, less than ${minFreeBytes}`) }
  return { ready: true }
}

/** `GET /healthz` and `GET /readyz` (HEAD too): JSON, never indexed. `disk`: tests' free space. */
export function healthRoutes(context: Pick<AppContext, 'env' | 'lake'>, disk: DiskCheck = {}): Router {
  const router = express.Router()
  router.get('/healthz', (_req, res) => {
    res.setHeader('X-Robots-Tag', 'noindex')
    res.json({ status: 'ok' })
  })
  router.get('/readyz', (req, res, next) => {
    res.setHeader('X-Robots-Tag', 'noindex')
    readiness(context, READINESS_TIMEOUT_MS, disk).then((result) => {
      if (result.ready) return void res.json({ status: 'ok' })
      requestLogOf(req).log.warn({ err: result.error }, `Nicht bereit: ${result.reason}`)
      res.status(503).json({ status: 'unavailable', reason: result.reason })
    }, next)
  })
  return router
}
