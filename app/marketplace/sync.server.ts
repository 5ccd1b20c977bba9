import { type ContentLake, type Mutation, type SanityDocument } from '#app/lake/lake.server.ts'
import { SYNCED_VEHICLES_QUERY } from '#app/sanity/queries/vehicles.ts'
import { type SYNCED_VEHICLES_QUERYResult } from '#app/sanity/types.ts'
import { MARKETPLACE_FIELDS } from '#schemas/lib/constants.ts'
import { type MarketplaceAd, type MarketplaceAdapter, MarketplaceError } from './adapter'
import { isoDate, mapAdToVehicle, type SyncedVehicle } from './mapping.server'
import { INSTANCE_ID } from '#app/server/instance.server.ts'
import { loggerOf, type Logger } from '#app/server/logging.server.ts'
import { forgetSyncState } from './status.server'
import { LeaseTakenError, SyncLease } from './sync-lease.server'

/*
 * The marketplace sync (DESIGN.md §4 "Safe sync"): page through every ad, fetch details only
 * for new or changed ads, then write everything in ONE transaction. Vehicles that vanished are
 * marked sold only after a complete, non-empty pass, and not when an implausible share would
 * vanish. Any failure leaves the inventory as it was; every run's outcome lands in the
 * `marketplaceSync` document.
 */

export const SYNC_STATE_ID = 'marketplaceSync'

/** At most 2,000 ads per search (20 pages of 100): a pass that needs more pages is incomplete. */
export const MAX_PAGES = 20

export interface SyncCounts {
  pages: number
  ads: number
  new: number
  changed: number
  unchanged: number
  sold: number
  detailCalls: number
}

export type SyncProgress =
  | { phase: 'page'; page: number; maxPages: number; total: number; ads: number }
  | { phase: 'details'; done: number; total: number }
  | { phase: 'write'; mutations: number }

export interface SyncResult {
  ok: true
  counts: SyncCounts
  message: string
  startedAt: string
  finishedAt: string
  /** The ids (public `id`) of every ad of the pass, in the marketplace's order. */
  ids: string[]
}

export interface SyncOptions {
  adapter: MarketplaceAdapter
  onProgress?: (progress: SyncProgress) => void
  /** Share of the currently available synced vehicles that may vanish in one run; default 0.3. */
  maxVanishedShare?: number
  /** Detail calls in flight at once; default 4 (mobile.de publishes no limit, so keep it low). */
  detailConcurrency?: number
  now?: () => Date
  /** How long the sync's lease lasts without renewal (SYNC_LEASE_SECONDS); default DEFAULT_LEASE_MS. */
  leaseMs?: number
}

/** Another sync is running, on this instance or another (the endpoint answers 409). */
export class SyncInProgressError extends Error {
  constructor() {
    super('Es läuft bereits ein Abgleich mit mobile.de. Bitte warten, bis er beendet ist.')
    this.name = 'SyncInProgressError'
  }
}

/** The sync refused or failed; the inventory is unchanged. `message` is German, for operators. */
export class SyncError extends Error {
  constructor(
    message: string,
    readonly kind: 'marketplace' | 'empty' | 'implausible' | 'incomplete' | 'lake',
    readonly counts: SyncCounts,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'SyncError'
  }
}

type ExistingVehicle = SYNCED_VEHICLES_QUERYResult[number]

/** How long the sync's lease lasts without renewal, unless SYNC_LEASE_SECONDS says otherwise. */
export const DEFAULT_LEASE_MS = 120_000

/**
 * Runs one complete sync, holding the lake's sync lease (app/marketplace/sync-lease.server.ts), so
 * one runs at a time across every instance and the CLI. Throws SyncInProgressError when another
 * holds it (nothing is recorded then), SyncError when the sync failed or refused (recorded,
 * inventory unchanged).
 */
export async function runSync(context: { lake: ContentLake; logger?: Logger }, options: SyncOptions): Promise<SyncResult> {
  let lease: SyncLease
  try {
    lease = await SyncLease.take(context.lake, { leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS, holder: INSTANCE_ID, now: options.now })
  } catch (error) {
    if (error instanceof LeaseTakenError) throw new SyncInProgressError()
    throw error
  }
  try {
    // A successful sync released the lease in its final transaction (`fence`).
    return await syncOnce(context.lake, loggerOf(context), options, lease)
  } catch (error) {
    await lease.release()
    throw error
  } finally {
    forgetSyncState(context.lake)
  }
}

async function syncOnce(lake: ContentLake, log: Logger, options: SyncOptions, lease: SyncLease): Promise<SyncResult> {
  const now = options.now ?? (() => new Date())
  const startedAt = now().toISOString()
  const counts: SyncCounts = { pages: 0, ads: 0, new: 0, changed: 0, unchanged: 0, sold: 0, detailCalls: 0 }
  const { adapter, onProgress } = options
  const maxVanishedShare = options.maxVanishedShare ?? 0.3

  const fail = async (error: unknown): Promise<never> => {
    const syncError =
      error instanceof SyncError
        ? error
        : error instanceof MarketplaceError
          ? new SyncError(`${error.message} Der Bestand bleibt unverändert.`, 'marketplace', counts, { cause: error })
          : new SyncError(
              `Der Abgleich ist fehlgeschlagen (${error instanceof Error ? error.message : String(error)}). Der Bestand bleibt unverändert.`,
              'lake',
              counts,
              { cause: error },
            )
    log.warn({ reason: syncError.message }, 'Abgleich mit mobile.de fehlgeschlagen')
    await recordOutcome(lake, { lastRunAt: startedAt, finishedAt: now().toISOString(), ok: false, message: syncError.message, counts }).catch((recordError) =>
      log.error({ err: recordError }, 'Das Ergebnis des fehlgeschlagenen Abgleichs ließ sich nicht speichern'),
    )
    throw syncError
  }

  try {
    if (!adapter.isConfigured()) {
      throw new SyncError('mobile.de ist nicht eingerichtet (MOBILE_DE_USERNAME, MOBILE_DE_PASSWORD, MOBILE_DE_SELLER_ID).', 'marketplace', counts)
    }

    // 1. The complete pass over the search results.
    const summaries = new Map<string, MarketplaceAd>()
    let maxPages = 1
    for (let page = 1; page <= maxPages; page++) {
      const result = await adapter.listAds(page)
      counts.pages++
      if (page === 1) {
        maxPages = result.maxPages
        if (maxPages > MAX_PAGES) {
          throw new SyncError(
            `mobile.de meldet ${result.total} Inserate; die Search API liefert höchstens ${MAX_PAGES * 100}. Ein unvollständiger Durchlauf würde Fahrzeuge fälschlich als verkauft markieren, darum bricht der Abgleich ab.`,
            'incomplete',
            counts,
          )
        }
      }
      for (const ad of result.ads) summaries.set(ad.mobileAdId, ad)
      onProgress?.({ phase: 'page', page, maxPages, total: result.total, ads: summaries.size })
      // A page that comes back empty before the last one means the pass is not complete.
      if (result.ads.length === 0 && page < maxPages) {
        throw new SyncError(`mobile.de hat Seite ${page} von ${maxPages} leer geliefert; der Durchlauf ist unvollständig.`, 'incomplete', counts)
      }
      if (page === 1 && result.total > 0 && result.ads.length === 0) {
        throw new SyncError(`mobile.de meldet ${result.total} Inserate, liefert aber keine.`, 'incomplete', counts)
      }
    }
    counts.ads = summaries.size
    if (summaries.size === 0) {
      throw new SyncError(
        'mobile.de liefert für die Händlernummer (MOBILE_DE_SELLER_ID) keine Inserate. Bitte die Händlernummer prüfen; ohne einen vollständigen, nicht leeren Durchlauf wird nichts als verkauft markiert.',
        'empty',
        counts,
      )
    }

    // 2. Compare with the lake: new, changed (modificationDate differs, or it was sold), unchanged.
    const existing = await lake.fetch<SYNCED_VEHICLES_QUERYResult>(SYNCED_VEHICLES_QUERY, {}, { includePrivate: true })
    const byAdId = new Map(existing.map((vehicle) => [vehicle.marketplaceId ?? vehicle._id.replace(/^vehicle-/, ''), vehicle]))
    const toFetch: Array<{ ad: MarketplaceAd; previous?: ExistingVehicle }> = []
    for (const ad of summaries.values()) {
      const previous = byAdId.get(ad.mobileAdId)
      if (!previous) {
        counts.new++
        toFetch.push({ ad })
      } else if (previous.marketplaceVanishedAt || isoDate(previous.marketplaceModifiedAt ?? undefined) !== isoDate(ad.modificationDate)) {
        counts.changed++
        toFetch.push({ ad, previous })
      } else {
        counts.unchanged++
      }
    }

    // 3. The vanished ones: only sold after this complete, non-empty pass, and within bounds.
    const available = existing.filter((vehicle) => vehicle.status !== 'sold' && !vehicle.marketplaceVanishedAt)
    const vanished = available.filter((vehicle) => !summaries.has(vehicle.marketplaceId ?? ''))
    if (available.length > 0 && vanished.length / available.length > maxVanishedShare) {
      counts.sold = 0
      throw new SyncError(
        `${vanished.length} von ${available.length} Fahrzeugen von mobile.de wären verschwunden (mehr als ${Math.round(maxVanishedShare * 100)} %). Das ist unplausibel, darum wurde nichts geändert. Bitte die Inserate auf mobile.de prüfen; wenn es stimmt: npm run sync -- --allow-mass-removal.`,
        'implausible',
        counts,
      )
    }

    // 4. Details for new and changed ads only, a few at a time. A change reaches the staff's open
    //    drafts too, so that publishing one does not bring back mobile.de's old values.
    const draftIds = toFetch.flatMap(({ previous }) => (previous ? [`drafts.${previous._id}`] : []))
    const drafts = new Set(draftIds.length > 0 ? await lake.fetch<string[]>('*[_id in $ids]._id', { ids: draftIds }, { perspective: 'raw' }) : [])
    const mutations: Mutation[] = []
    let done = 0
    await eachLimited(toFetch, options.detailConcurrency ?? 4, async ({ ad, previous }) => {
      const detail = await adapter.getAd(ad.mobileAdId)
      counts.detailCalls++
      // The search result's modification date is the one compared next time.
      const vehicle: SyncedVehicle = mapAdToVehicle({ ...detail, modificationDate: detail.modificationDate || ad.modificationDate })
      if (previous) mutations.push(...ownedFieldPatches(vehicle, previous, drafts))
      else mutations.push({ createIfNotExists: vehicle as unknown as SanityDocument })
      onProgress?.({ phase: 'details', done: ++done, total: toFetch.length })
    })

    const finishedAt = now().toISOString()
    for (const vehicle of vanished) {
      mutations.push({ patch: { id: vehicle._id, set: { status: 'sold', soldAt: finishedAt, marketplaceVanishedAt: finishedAt } } })
    }
    counts.sold = vanished.length

    // 5. One transaction: the vehicles and the outcome, all or nothing.
    const message = summaryMessage(counts)
    mutations.push(
      { createIfNotExists: { _id: SYNC_STATE_ID, _type: 'marketplaceSync' } },
      stateMutation({ lastRunAt: startedAt, finishedAt, ok: true, message, counts, lastSuccessAt: finishedAt }),
    )
    onProgress?.({ phase: 'write', mutations: mutations.length })
    if (!lease.held) {
      throw new SyncError(
        'Die Sperre des Abgleichs ist abgelaufen, während er lief (der Prozess stand zu lange still), und ein anderer Abgleich hat übernommen. Dieser schreibt darum nichts; der Bestand bleibt unverändert.',
        'lake',
        counts,
      )
    }
    // Written only if the lease is still ours; the same patch releases it.
    await lake.mutate([...mutations, await lease.fence()])
    return { ok: true, counts, message, startedAt, finishedAt, ids: [...summaries.keys()] }
  } catch (error) {
    return fail(error)
  }
}

/**
 * The patches of an existing vehicle (and of its draft, if staff have one open): the fields mobile.de
 * owns are set from the ad, those the ad no longer has are unset, nothing else is touched (docs/decisions/026).
 * A vehicle this sync had marked sold because its ad vanished is on sale again; one staff marked sold
 * or reserved in the Studio keeps that status.
 */
function ownedFieldPatches(vehicle: SyncedVehicle, previous: ExistingVehicle, drafts: ReadonlySet<string>): Mutation[] {
  const fields = vehicle as unknown as Record<string, unknown>
  const set: Record<string, unknown> = {}
  const unset: string[] = []
  for (const field of MARKETPLACE_FIELDS) {
    if (fields[field] === undefined) unset.push(field)
    else set[field] = fields[field]
  }
  if (previous.marketplaceVanishedAt) {
    set.status = 'available'
    unset.push('soldAt', 'marketplaceVanishedAt')
  }
  const ids = [previous._id, ...(drafts.has(`drafts.${previous._id}`) ? [`drafts.${previous._id}`] : [])]
  return ids.map((id) => ({ patch: { id, set, unset } }))
}

/** "Abgleich erfolgreich: 120 Inserate auf 2 Seiten – 3 neu, 1 geändert, 116 unverändert, 2 als verkauft markiert." */
export function summaryMessage(counts: SyncCounts): string {
  return `Abgleich erfolgreich: ${counts.ads} Inserate auf ${counts.pages} ${counts.pages === 1 ? 'Seite' : 'Seiten'} – ${counts.new} neu, ${counts.changed} geändert, ${counts.unchanged} unverändert, ${counts.sold} als verkauft markiert.`
}

interface SyncState {
  lastRunAt: string
  finishedAt: string
  ok: boolean
  message: string
  counts: SyncCounts
  lastSuccessAt?: string
}

function stateMutation(state: SyncState): Mutation {
  return { patch: { id: SYNC_STATE_ID, set: { ...state } } }
}

/** Records a failed run, keeping lastSuccessAt of the last good one. */
async function recordOutcome(lake: ContentLake, state: SyncState) {
  await lake.mutate([{ createIfNotExists: { _id: SYNC_STATE_ID, _type: 'marketplaceSync' } }, stateMutation(state)])
}

/** Runs `task` for every item with at most `limit` in flight; the first error stops new tasks. */
async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0
  let failed = false
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!
      try {
        await task(item)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker))
  const rejected = results.find((result): result is PromiseRejectedResult => result.status === 'rejected')
  if (rejected) throw rejected.reason
}
