import { mkdir, rm } from 'node:fs/promises'
import { type AddressInfo } from 'node:net'
import express from 'express'
import { http, passthrough } from 'msw'
import { describe, expect, it } from 'vitest'
import { parseEnv } from '#app/env.server.ts'
import { SanityLake } from '#app/lake/sanity-lake.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { captureLogs, LEVEL } from '#tests/log-capture.ts'
import { ContentRevision } from '#app/lake/content-revision.server.ts'
import { createServer } from './create-server.server'
import { READY_MIN_FREE_BYTES } from './disk-space.server'
import { healthRoutes, lowDiskReason, readiness } from './health.server'
import { keepRequestLog, startRequestLog } from './logging.server'

/** The request pipeline over a test lake, as server.mjs builds it (Remix is not needed for the probes). */
async function serve(test: Pick<TestLake, 'lake' | 'env'>) {
  const logs = captureLogs()
  const { server } = createServer({
    context: { env: test.env, lake: test.lake, contentRevision: new ContentRevision() },
    render: () => Promise.resolve(new Response('Seite', { headers: { 'Content-Type': 'text/html' } })),
    root: '/nonexistent',
    logger: logs.logger,
  })
  server.listen(0)
  await new Promise((resolve) => server.once('listening', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { base, logs, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describe.each(BACKENDS)('/healthz and /readyz on the %s lake', (backend) => {
  it('answer 200 {"status":"ok"}, never stored, never indexed, and never from the page cache', async () => {
    // The Sanity backend's MSW emulation lets the test's own requests to the site through.
    const test = await openTestLake(backend, 'content', { handlers: [http.get(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough())] })
    const { base, close } = await serve(test)
    try {
      for (const path of ['/healthz', '/readyz', '/healthz', '/readyz']) {
        const response = await fetch(`${base}${path}`)
        expect(response.status, path).toBe(200)
        expect(await response.json()).toEqual({ status: 'ok' })
        expect(response.headers.get('content-type')).toMatch(/^application\/json/)
        expect(response.headers.get('cache-control')).toBe('no-store')
        expect(response.headers.get('x-robots-tag')).toBe('noindex')
        expect(response.headers.get('x-cache')).toBeNull()
        expect(response.headers.get('x-request-id')).toBeTruthy()
      }
    } finally {
      await close()
      await test.close()
    }
  })
})

describe('/readyz when the site cannot serve', () => {
  it('503 with a reason when the embedded lake’s database is gone (DATA_DIR removed); the error is logged, not sent', async () => {
    const test = await openTestLake('embedded')
    const { base, logs, close } = await serve(test)
    try {
      await rm(test.env.DATA_DIR, { recursive: true, force: true })
      const response = await fetch(`${base}/readyz`)
      expect(response.status).toBe(503)
      expect(response.headers.get('cache-control')).toBe('no-store')
      const body = await response.text()
      expect(JSON.parse(body)).toEqual({
        status: 'unavailable',
        reason: 'Die Datenbank in DATA_DIR ist nicht beschreibbar: Anfragen könnten nicht gespeichert werden.',
      })
      expect(body).not.toContain(test.env.DATA_DIR)
      const warning = logs.at(LEVEL.warn).find((line) => line.msg.startsWith('Nicht bereit'))
      expect(warning?.err).toMatchObject({ code: 'ENOENT' })
      // The process itself is still up.
      expect((await fetch(`${base}/healthz`)).status).toBe(200)
    } finally {
      await close()
      await test.close()
    }
  })

  it('not ready when Sanity cannot be reached or does not answer in time', async () => {
    const env = parseEnv({ SANITY_PROJECT_ID: 'test-project', SANITY_DATASET: 'production', SANITY_WRITE_TOKEN: 't' })
    // Nothing listens on port 9 (discard) here: the connection is refused at once.
    const unreachable = new SanityLake({
      projectId: 'test-project',
      dataset: 'production',
      token: 't',
      apiVersion: env.SANITY_API_VERSION,
      useCdn: false,
      apiHost: 'http://127.0.0.1:9',
    })
    expect(await readiness({ env, lake: unreachable })).toMatchObject({ ready: false, reason: 'Der Sanity Content Lake ist nicht erreichbar.' })
    const silent = { kind: 'sanity' as const, fetch: () => new Promise<never>(() => {}), mutate: () => new Promise<never>(() => {}) }
    expect(await readiness({ env, lake: silent }, 50)).toMatchObject({ ready: false, error: new Error('no answer within 50 ms') })
  })
})

describe.each(BACKENDS)('/readyz on the %s lake when DATA_DIR’s disk is nearly full', (backend) => {
  it('503 with a German reason below the free-space floor (statfs), 200 above it', async () => {
    const test = await openTestLake(backend, 'content', { handlers: [http.get(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough())] })
    await mkdir(test.env.DATA_DIR, { recursive: true })
    let free = READY_MIN_FREE_BYTES - 1
    const measured: string[] = []
    const logs = captureLogs()
    const app = express()
      // What createServer's first steps give every request: its log (the reason is logged as a warning).
      .use((req, res, next) => {
        keepRequestLog(req, startRequestLog(logs.logger, req, res, { fromTrustedProxy: false }))
        next()
      })
      .use(
        healthRoutes(test, {
          freeBytes: async (dir) => {
            measured.push(dir)
            return free
          },
        }),
      )
    const server = app.listen(0)
    await new Promise((resolve) => server.once('listening', resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const response = await fetch(`${base}/readyz`)
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({ status: 'unavailable', reason: lowDiskReason(READY_MIN_FREE_BYTES) })
      expect(lowDiskReason(READY_MIN_FREE_BYTES)).toBe(
        'Auf dem Datenträger von DATA_DIR sind weniger als 512 MB frei: Anfragen könnten bald nicht mehr gespeichert werden.',
      )
      expect(measured).toEqual([test.env.DATA_DIR])
      expect(logs.at(LEVEL.warn).find((line) => line.msg.startsWith('Nicht bereit'))?.msg).toBe(`Nicht bereit: ${lowDiskReason(READY_MIN_FREE_BYTES)}`)
      free = READY_MIN_FREE_BYTES
      expect((await fetch(`${base}/readyz`)).status).toBe(200)
      // The real statfs of the test's folder: a test machine has more than the floor free.
      expect(await readiness(test)).toEqual({ ready: true })
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await test.close()
    }
  })
})
