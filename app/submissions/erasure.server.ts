/*
 * Erasing a lead or contact message for good (GDPR Art. 17; docs/decisions/072): the document (and a draft of it), its photos through the lake's own store
 * (`lake.photos`: Sanity's image assets or the files under DATA_DIR/uploads), and the copies of its
 * two mails the site saved without SMTP (DATA_DIR/outbox). One erasure for the three ways in: the
 * Studio's „Löschen“ (it deletes the lead and its assets itself, then asks the site for the rest:
 * POST /api/lead-erasure), the retention rule of the settings, and scripts/delete-lead.ts.
 * What is logged says how many, never whose.
 */
import { type Env } from '#app/env.server.ts'
import { type ContentLake } from '#app/lake/lake.server.ts'
import {
  ERASURE_VERSIONS_QUERY,
  EXISTING_INBOX_QUERY,
  EXPIRED_INBOX_QUERY,
  OTHER_LEADS_PHOTO_ASSETS_QUERY,
  RETENTION_MONTHS_QUERY,
  VERSIONS_LEFT_QUERY,
} from '#app/sanity/queries/inbox.ts'
import {
  type ERASURE_VERSIONS_QUERYResult,
  type EXISTING_INBOX_QUERYResult,
  type EXPIRED_INBOX_QUERYResult,
  type OTHER_LEADS_PHOTO_ASSETS_QUERYResult,
  type RETENTION_MONTHS_QUERYResult,
  type VERSIONS_LEFT_QUERYResult,
} from '#app/sanity/types.ts'
import { INBOX_ID_PREFIXES } from '#schemas/lib/constants.ts'
import { type Logger, loggerOf } from '#app/server/logging.server.ts'
import { listMailCopies, removeMailCopies } from './mail-outbox.server.ts'
import { ORPHAN_GRACE_MS } from './photo-store.server.ts'

/** What one erasure removed: the document, its photos, the saved copies of its mails. */
export interface Erased {
  lead: boolean
  photos: number
  mails: number
}

/** The ids an erasure accepts: the inbox's documents, nothing else. */
export const ERASABLE_ID = new RegExp(`^(${Object.values(INBOX_ID_PREFIXES).join('|').replace(/\./g, '\\.')})[A-Za-z0-9_-]+$`)

type ErasureEnv = Pick<Env, 'DATA_DIR'>

/** The document `id` and its draft, their photos (any version's), deleted; then the saved mails. */
export async function eraseLead(lake: ContentLake, env: ErasureEnv, id: string): Promise<Erased> {
  if (!ERASABLE_ID.test(id)) throw new Error(`Keine Anfrage: ${id}`)
  const versions = await lake.fetch<ERASURE_VERSIONS_QUERYResult>(ERASURE_VERSIONS_QUERY, { id }, { perspective: 'raw', includePrivate: true })
  if (versions.length > 0) await lake.mutate(versions.map((version) => ({ delete: { id: version._id } })))
  // After the lead: Sanity refuses to delete an asset a document still refers to. An asset is named by
  // its content, so the same photo sent with two requests is one asset: it stays while another lead has it.
  const otherLeads = new Set(
    await lake.fetch<OTHER_LEADS_PHOTO_ASSETS_QUERYResult>(OTHER_LEADS_PHOTO_ASSETS_QUERY, { id }, { perspective: 'raw', includePrivate: true }),
  )
  const photos = uniquePhotos(versions.flatMap((version) => version.photos ?? [])).filter((photo) => {
    const asset = photo.image?.asset?._ref
    return !asset || !otherLeads.has(asset)
  })
  if (photos.length > 0) {
    if (!lake.photos) throw new Error('Dieser Content Lake kann keine Fotos löschen.')
    await lake.photos.remove(photos)
  }
  const mails = await removeMailCopies(env, new Set([id]))
  return { lead: versions.length > 0, photos: photos.length, mails }
}

/**
 * What the site still keeps of a lead the Studio has deleted (its saved mails): removed only when
 * no version of the document is left, so this may be asked without signing in (it cannot delete a
 * lead, only what a deleted one left). Undefined while the document still exists.
 */
export async function eraseTracesOfDeleted(lake: ContentLake, env: ErasureEnv, id: string): Promise<Erased | undefined> {
  if (!ERASABLE_ID.test(id)) return undefined
  const left = await lake.fetch<VERSIONS_LEFT_QUERYResult>(VERSIONS_LEFT_QUERY, { id }, { perspective: 'raw', includePrivate: true })
  if (left > 0) return undefined
  return { lead: false, photos: 0, mails: await removeMailCopies(env, new Set([id])) }
}

/** A photo of a lead's version, as the erasure reads it. */
type VersionPhoto = NonNullable<ERASURE_VERSIONS_QUERYResult[number]['photos']>[number]

function uniquePhotos(photos: VersionPhoto[]): VersionPhoto[] {
  const seen = new Set<string>()
  return photos.filter((photo) => {
    const key = photo.image?.asset?._ref ?? photo.file ?? photo._key
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** `now` minus `months` calendar months (UTC): a lead of 28.05. is past a 6-month rule on 28.11. */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months)
  return cutoff
}

export interface SweepResult extends Omit<Erased, 'lead'> {
  leads: number
}

/**
 * One pass of the retention rule: every inbox document older than the settings' months erased
 * (nothing without a setting); then what deleted leads left behind: photos no lead names and
 * saved mails of documents that no longer exist, both older than an hour (a photo or mail is
 * written around its document, never long before or after it).
 */
export async function sweepRetention(lake: ContentLake, env: ErasureEnv, now = new Date()): Promise<SweepResult> {
  const result: SweepResult = { leads: 0, photos: 0, mails: 0 }
  const months = await lake.fetch<RETENTION_MONTHS_QUERYResult>(RETENTION_MONTHS_QUERY, {}, { includePrivate: true })
  if (typeof months === 'number' && months > 0) {
    const before = retentionCutoff(now, months).toISOString()
    for (const id of await lake.fetch<EXPIRED_INBOX_QUERYResult>(EXPIRED_INBOX_QUERY, { before }, { perspective: 'raw', includePrivate: true })) {
      const erased = await eraseLead(lake, env, id)
      result.leads += erased.lead ? 1 : 0
      result.photos += erased.photos
      result.mails += erased.mails
    }
  }
  result.photos += (await lake.photos?.removeOrphans({ now })) ?? 0
  const existing = new Set(await lake.fetch<EXISTING_INBOX_QUERYResult>(EXISTING_INBOX_QUERY, {}, { perspective: 'raw', includePrivate: true }))
  const orphans = new Set((await listMailCopies(env)).map((copy) => copy.documentId).filter((id) => !existing.has(id) && !existing.has(`drafts.${id}`)))
  if (orphans.size > 0) result.mails += await removeMailCopies(env, orphans, new Date(now.getTime() - ORPHAN_GRACE_MS))
  return result
}

/** The retention rule's schedule: soon after start, then hourly. Never throws; logs counts only. */
export class RetentionSweeper {
  private timer: ReturnType<typeof setTimeout> | undefined
  private running: Promise<unknown> | undefined
  private readonly logger: Logger

  constructor(
    private readonly lake: ContentLake,
    private readonly env: ErasureEnv,
    options: { logger?: Logger; intervalMs?: number; initialDelayMs?: number } = {},
  ) {
    this.logger = loggerOf({ logger: options.logger })
    this.intervalMs = options.intervalMs ?? 60 * 60 * 1000
    this.initialDelayMs = options.initialDelayMs ?? 60 * 1000
  }

  private readonly intervalMs: number
  private readonly initialDelayMs: number

  start() {
    if (!this.timer) this.schedule(this.initialDelayMs)
  }

  async stop() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    await this.running
  }

  /** One pass now; resolves with what it removed, or undefined when it failed (logged). */
  async runOnce(now = new Date()): Promise<SweepResult | undefined> {
    const run = sweepRetention(this.lake, this.env, now).then(
      (result) => {
        if (result.leads + result.photos + result.mails > 0) {
          this.logger.info({ ...result }, `Aufbewahrungsfrist: ${result.leads} Anfrage(n), ${result.photos} Foto(s), ${result.mails} E-Mail-Kopie(n) gelöscht`)
        }
        return result
      },
      (error: unknown) => {
        this.logger.error(
          { reason: error instanceof Error ? error.message : String(error) },
          'Aufbewahrungsfrist: Löschen fehlgeschlagen, nächster Versuch in einer Stunde',
        )
        return undefined
      },
    )
    this.running = run
    return run
  }

  private schedule(delayMs: number) {
    this.timer = setTimeout(() => {
      void this.runOnce().finally(() => {
        if (this.timer) this.schedule(this.intervalMs)
      })
    }, delayMs)
    this.timer.unref?.()
  }
}
