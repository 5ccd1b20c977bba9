import { type ContentLake, type Mutation } from '#app/lake/lake.server.ts'
import { EXISTING_IDS_QUERY, SYNCED_VEHICLES_QUERY } from '#app/sanity/queries/vehicles.ts'
import { type EXISTING_IDS_QUERYResult, type SYNCED_VEHICLES_QUERYResult } from '#app/sanity/types.ts'
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
  /** Ads that did not pass the schema (in the list or in their detail): logged, left as they were. */
  skipped: number
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

/** The sync's steps 1–5 in order; whatever fails, failSync records and throws. */
async function syncOnce(lake: ContentLake, log: Logger, options: SyncOptions, lease: SyncLease): Promise<SyncResult> {
  const now = options.now ?? (() => new Date())
  const startedAt = now().toISOString()
  const counts: SyncCounts = { pages: 0, ads: 0, new: 0, changed: 0, unchanged: 0, sold: 0, detailCalls: 0, skipped: 0 }
  const { adapter, onProgress } = options

  try {
    if (!adapter.isConfigured()) {
      throw new SyncError('mobile.de ist nicht eingerichtet (MOBILE_DE_USERNAME, MOBILE_DE_PASSWORD, MOBILE_DE_SELLER_ID).', 'marketplace', counts)
    }
    const pass = await passOverSearchResults(adapter, log, counts, onProgress)
    const { existing, toFetch } = await compareWithLake(lake, pass.summaries, counts)
    const vanished = vanishedWithinBounds(existing, pass, options.maxVanishedShare ?? 0.3, log, counts)
    const mutations = await detailMutations(lake, toFetch, options, log, counts)

    // The vanished ones join the transaction as sold when the run finishes.
    const finishedAt = now().toISOString()
    for (const vehicle of vanished) {
      mutations.push({ patch: { id: vehicle._id, set: { status: 'sold', soldAt: finishedAt, marketplaceVanishedAt: finishedAt } } })
    }
    counts.sold = vanished.length

    const message = summaryMessage(counts)
    await writeAllOrNothing(lake, lease, mutations, { lastRunAt: startedAt, finishedAt, ok: true, message, counts, lastSuccessAt: finishedAt }, onProgress)
    return { ok: true, counts, message, startedAt, finishedAt, ids: [...pass.summaries.keys()] }
  } catch (error) {
    return failSync(lake, log, error, { counts, startedAt, now })
  }
}

/** What the pass over the search results found, beside the ads themselves. */
interface SearchPass {
  summaries: Map<string, MarketplaceAd>
  /** A malformed ad is on sale all the same: its vehicle is never marked sold. */
  malformedIds: Set<string>
  /** Malformed ads without a readable id: one could be any vehicle, so then none is marked sold. */
  unidentified: number
}

/** Step 1: the complete pass over the search results, refused when incomplete or empty, since such a pass would mark vehicles sold wrongly. */
async function passOverSearchResults(adapter: MarketplaceAdapter, log: Logger, counts: SyncCounts, onProgress: SyncOptions['onProgress']): Promise<SearchPass> {
  const summaries = new Map<string, MarketplaceAd>()
  const malformedIds = new Set<string>()
  let unidentified = 0
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
    for (const { mobileAdId, reason } of result.malformed) {
      counts.skipped++
      if (mobileAdId) malformedIds.add(mobileAdId)
      else unidentified++
      log.error(
        { mobileAdId, page, reason },
        `Inserat ${mobileAdId ?? 'ohne lesbare Nummer'} von mobile.de hat unerwartete Daten (${reason}); es wird übersprungen`,
      )
    }
    onProgress?.({ phase: 'page', page, maxPages, total: result.total, ads: summaries.size })
    // A page that comes back empty before the last one means the pass is not complete.
    const received = result.ads.length + result.malformed.length
    if (received === 0 && page < maxPages) {
      throw new SyncError(`mobile.de hat Seite ${page} von ${maxPages} leer geliefert; der Durchlauf ist unvollständig.`, 'incomplete', counts)
    }
    if (page === 1 && result.total > 0 && received === 0) {
      throw new SyncError(`mobile.de meldet ${result.total} Inserate, liefert aber keine.`, 'incomplete', counts)
    }
  }
  counts.ads = summaries.size
  if (summaries.size === 0 && counts.skipped > 0) {
    throw new SyncError(`mobile.de hat nur Inserate mit unerwarteten Daten geliefert (${counts.skipped}); darum wurde nichts geändert.`, 'marketplace', counts)
  }
  if (summaries.size === 0) {
    throw new SyncError(
      'mobile.de liefert für die Händlernummer (MOBILE_DE_SELLER_ID) keine Inserate. Bitte die Händlernummer prüfen; ohne einen vollständigen, nicht leeren Durchlauf wird nichts als verkauft markiert.',
      'empty',
      counts,
    )
  }
  return { summaries, malformedIds, unidentified }
}

/** Step 2: sorts the ads by the lake into new, changed (modificationDate differs, or it was sold) and unchanged; only the first two cost a detail call. */
async function compareWithLake(lake: ContentLake, summaries: ReadonlyMap<string, MarketplaceAd>, counts: SyncCounts) {
  const existing = await lake.fetch<SYNCED_VEHICLES_QUERYResult>(SYNCED_VEHICLES_QUERY, {}, { includePrivate: true })
  const byAdId = new Map(existing.map((vehicle) => [vehicle.marketplaceId ?? vehicle._id.replace(/^vehicle-/, ''), vehicle]))
  const toFetch: AdToFetch[] = []
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
  return { existing, toFetch }
}

/** A new ad (no `previous`) or a changed one, with its vehicle in the lake. */
interface AdToFetch {
  ad: MarketplaceAd
  previous?: ExistingVehicle
}

/** Step 3: the vanished vehicles, sold only after this complete, non-empty pass, and refused when more than `maxVanishedShare` would vanish. */
function vanishedWithinBounds(existing: ExistingVehicle[], pass: SearchPass, maxVanishedShare: number, log: Logger, counts: SyncCounts): ExistingVehicle[] {
  const { summaries, malformedIds, unidentified } = pass
  const available = existing.filter((vehicle) => vehicle.status !== 'sold' && !vehicle.marketplaceVanishedAt)
  const vanished =
    unidentified > 0 ? [] : available.filter((vehicle) => !summaries.has(vehicle.marketplaceId ?? '') && !malformedIds.has(vehicle.marketplaceId ?? ''))
  if (unidentified > 0) log.warn({ unidentified }, 'Wegen Inseraten ohne lesbare Nummer wird in diesem Abgleich kein Fahrzeug als verkauft markiert')
  if (available.length > 0 && vanished.length / available.length > maxVanishedShare) {
    counts.sold = 0
    throw new SyncError(
      `${vanished.length} von ${available.length} Fahrzeugen von mobile.de wären verschwunden (mehr als ${Math.round(maxVanishedShare * 100)} %). Das ist unplausibel, darum wurde nichts geändert. Bitte die Inserate auf mobile.de prüfen; wenn es stimmt: npm run sync -- --allow-mass-removal.`,
      'implausible',
      counts,
    )
  }
  return vanished
}

/** Step 4: details of the new and changed ads only, a few at a time; a change reaches staff's open drafts too, lest publishing one restore old values. */
async function detailMutations(lake: ContentLake, toFetch: AdToFetch[], options: SyncOptions, log: Logger, counts: SyncCounts): Promise<Mutation[]> {
  const { adapter, onProgress } = options
  const draftIds = toFetch.flatMap(({ previous }) => (previous ? [`drafts.${previous._id}`] : []))
  const drafts = new Set(draftIds.length > 0 ? await lake.fetch<EXISTING_IDS_QUERYResult>(EXISTING_IDS_QUERY, { ids: draftIds }, { perspective: 'raw' }) : [])
  const mutations: Mutation[] = []
  let done = 0
  await eachLimited(toFetch, options.detailConcurrency ?? 4, async ({ ad, previous }) => {
    let detail: MarketplaceAd
    try {
      detail = await adapter.getAd(ad.mobileAdId)
    } catch (error) {
      if (!(error instanceof MarketplaceError && error.kind === 'malformed')) throw error
      // This ad only: the vehicle stays as it was (or is not created) and is compared again next time.
      counts.detailCalls++
      counts.skipped++
      if (previous) counts.changed--
      else counts.new--
      log.error({ mobileAdId: ad.mobileAdId, reason: error.message }, `Inserat ${ad.mobileAdId} wird übersprungen: ${error.message}`)
      return
    }
    counts.detailCalls++
    // The search result's modification date is the one compared next time.
    const vehicle: SyncedVehicle = mapAdToVehicle({ ...detail, modificationDate: detail.modificationDate || ad.modificationDate })
    if (previous) mutations.push(...ownedFieldPatches(vehicle, previous, drafts))
    else mutations.push({ createIfNotExists: vehicle })
    onProgress?.({ phase: 'details', done: ++done, total: toFetch.length })
  })
  return mutations
}

/** Step 5: one transaction of the vehicles and the outcome, all or nothing, written only while the lease is still ours (the same patch releases it). */
async function writeAllOrNothing(lake: ContentLake, lease: SyncLease, mutations: Mutation[], outcome: SyncState, onProgress: SyncOptions['onProgress']) {
  const all = [...mutations, { createIfNotExists: { _id: SYNC_STATE_ID, _type: 'marketplaceSync' } }, stateMutation(outcome)]
  onProgress?.({ phase: 'write', mutations: all.length })
  if (!lease.held) {
    throw new SyncError(
      'Die Sperre des Abgleichs ist abgelaufen, während er lief (der Prozess stand zu lange still), und ein anderer Abgleich hat übernommen. Dieser schreibt darum nichts; der Bestand bleibt unverändert.',
      'lake',
      outcome.counts,
    )
  }
  await lake.mutate([...all, await lease.fence()])
}

/** Any failure: logged and recorded in the `marketplaceSync` document (the inventory is unchanged), then thrown as a SyncError. */
async function failSync(lake: ContentLake, log: Logger, error: unknown, run: { counts: SyncCounts; startedAt: string; now: () => Date }): Promise<never> {
  const { counts, startedAt, now } = run
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

/**
 * The patches of an existing vehicle (and of its draft, if staff have one open): the fields mobile.de
 * owns are set from the ad, those the ad no longer has are unset, nothing else is touched (docs/decisions/026).
 * A vehicle this sync had marked sold because its ad vanished is on sale again; one staff marked sold
 * or reserved in the Studio keeps that status.
 */
function ownedFieldPatches(vehicle: SyncedVehicle, previous: ExistingVehicle, drafts: ReadonlySet<string>): Mutation[] {
  const set: Record<string, unknown> = {}
  const unset: string[] = []
  for (const field of MARKETPLACE_FIELDS) {
    if (vehicle[field] === undefined) unset.push(field)
    else set[field] = vehicle[field]
  }
  if (previous.marketplaceVanishedAt) {
    set.status = 'available'
    unset.push('soldAt', 'marketplaceVanishedAt')
  }
  const ids = [previous._id, ...(drafts.has(`drafts.${previous._id}`) ? [`drafts.${previous._id}`] : [])]
  return ids.map((id) => ({ patch: { id, set, unset } }))
}

/** "Abgleich erfolgreich: 120 Inserate auf 2 Seiten – 3 neu, 1 geändert, 116 unverändert, 2 als verkauft markiert." (and the skipped ones, if any) */
export function summaryMessage(counts: SyncCounts): string {
  const skipped = counts.skipped > 0 ? `, ${counts.skipped} mit unerwarteten Daten übersprungen (siehe Protokoll)` : ''
  return `Abgleich erfolgreich: ${counts.ads} Inserate auf ${counts.pages} ${counts.pages === 1 ? 'Seite' : 'Seiten'} – ${counts.new} neu, ${counts.changed} geändert, ${counts.unchanged} unverändert, ${counts.sold} als verkauft markiert${skipped}.`
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
