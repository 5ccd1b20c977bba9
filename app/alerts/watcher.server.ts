/*
 * The alerts' watcher (issue 38 item 2; docs/decisions/080, 081 and 096). It compares cars on sale
 * with their price histories and records what changed, whoever changed it: the mobile.de sync, staff
 * publishing in the Studio, a script. When this instance's content revision moves (its own writes,
 * the Sanity listener's changes from the Studio and other instances) it looks at the cars named as
 * changed, read by id: work for what changed, not for the stock (issue 37). When the changes are not
 * known (the webhook, a listener that reconnected), at start and every few minutes besides, it looks
 * at every car, slice by slice, so that pages are not kept waiting; nothing depends on one path.
 *
 * Once per change, across instances: a change is recorded by appending an entry to the car's
 * `priceHistory.<vehicle _id>` with `ifRevisionID` (a new car's history by `create`), so of instances
 * that see the same change exactly one records it. The entry's key names the change; an alert is
 * told of it through the notifier's `sendAlert`, whose claim on the lead lets one instance send and
 * whose `alert.sent` list keeps it from being sent again. A scan offers the changes of the last
 * EVENT_WINDOW_MS of the cars it looks at again to alerts not yet told: the full scan every few
 * minutes is the retry after a failed send, a scan of a changed car that car's.
 */
import { randomUUID } from 'node:crypto'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { type ContentLake, createDocument, isConflict, patchDocument } from '#app/lake/lake.server.ts'
import { ACTIVE_ALERTS_QUERY, ALERT_VEHICLES_QUERY, PRICE_HISTORIES_QUERY } from '#app/sanity/queries/alerts.ts'
import { type ACTIVE_ALERTS_QUERYResult, type ALERT_VEHICLES_QUERYResult, type PRICE_HISTORIES_QUERYResult } from '#app/sanity/types.ts'
import { loggerOf, type Logger } from '#app/server/logging.server.ts'
import { type Notifier, type NotifyResult } from '#app/submissions/notifier.server.ts'
import { askingPrice } from '#app/utils/format.ts'
import { priceRangesForMonthlyRate } from '#app/vehicles/financing.ts'
import { readAdvertisedRate, readVehicleIdsOnSale } from '#app/vehicles/inventory.server.ts'
import { priceEntries, priceHistoryId, priceReduction } from '#app/vehicles/price-history.ts'
import { readQuery, withReading } from '#app/vehicles/query-reading.ts'
import { searchWords, VehicleSearchIndex } from '#app/vehicles/search-text.ts'
import { passesListFilter } from '#app/vehicles/vehicle-index.server.ts'
import { DEFAULT_SORT } from '#app/vehicles/vehicle-search.ts'
import { vehicleListParams } from '#app/sanity/queries/vehicles.ts'
import { type AlertEvent } from './alert-mail.server.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** A car listed this recently, whose history starts now, „arrived“: matching search alerts hear of it. */
export const ARRIVAL_WINDOW_MS = 7 * DAY_MS
/** How long a recorded change is still offered to alerts not yet told of it (the retry window). */
export const EVENT_WINDOW_MS = 2 * DAY_MS
/**
 * Cars read and compared at once; between slices the scan lets waiting requests in. The embedded
 * lake evaluates GROQ on this thread: at 5,000 cars the whole stock took 270 ms in one stretch
 * after a publish, slices of 100 at most 12–18 ms each. Sanity evaluates remotely: there a slice
 * costs a request per query and only its JSON is parsed here, so its slices are larger.
 */
const SCAN_SLICE = { local: 100, remote: 2000 }

type Vehicle = ALERT_VEHICLES_QUERYResult[number]
type History = PRICE_HISTORIES_QUERYResult[number]
type Alert = ACTIVE_ALERTS_QUERYResult[number]
/** What a scan looks at: the documents named as changed (only cars among them matter), or every car. */
type Scope = ReadonlySet<string> | 'all'

/** Both scopes' documents: a scan asked for while another is waiting covers both. */
function union(a: Scope | undefined, b: Scope): Scope {
  if (a === undefined) return b
  return a === 'all' || b === 'all' ? 'all' : new Set([...a, ...b])
}

export interface ScanResult {
  /** Changes this instance recorded (new histories and new prices). */
  recorded: number
  /** Changes of the event window offered to alerts. */
  events: number
  /** What the notifier answered per alert mail it was asked for. */
  mails: NotifyResult[]
}

export interface WatcherOptions {
  lake: ContentLake
  notifier: Pick<Notifier, 'sendAlert'>
  now?: () => Date
  logger?: Logger
  /** Cars per slice of a scan (SCAN_SLICE by the lake's kind; tests: a few, to see the slices). */
  slice?: number
}

const entryKey = () => randomUUID().replace(/-/g, '').slice(0, 16)

/**
 * Whether a car matches a Suchauftrag's search (its text with the filters in words, describeSearch)
 * as the list would: the limits read from it through the list's own filter (a monthly budget at
 * the advertised rate `advertisedRate`), then every word.
 */
export function matchesSearch(query: string | null | undefined, vehicle: Vehicle, advertisedRate: number): boolean {
  if (!query) return false
  const { state, reading } = withReading({ search: query, sort: DEFAULT_SORT, page: 1 })
  const ratePrices = state.maxRate === undefined ? undefined : priceRangesForMonthlyRate(state.maxRate, advertisedRate)
  if (!passesListFilter({ _type: 'vehicle', ...vehicle }, vehicleListParams(state, ratePrices))) return false
  const words = searchWords(state.search)
  if (words.length === 0) return reading.parts.length > 0
  return new VehicleSearchIndex([vehicle]).search(words).size > 0
}

export class AlertWatcher {
  private readonly lake: ContentLake
  private readonly notifier: Pick<Notifier, 'sendAlert'>
  private readonly now: () => Date
  private readonly logger: Logger
  private readonly slice: number
  private running: Promise<ScanResult> | undefined
  /** What the scan after the running one looks at (asked for while it ran). */
  private again: Scope | undefined
  /** What the triggered scan looks at (announced until its timer fires). */
  private announced: Scope | undefined
  private timer: ReturnType<typeof setTimeout> | undefined
  private interval: ReturnType<typeof setInterval> | undefined
  private stopped = false

  constructor({ lake, notifier, now, logger, slice }: WatcherOptions) {
    this.lake = lake
    this.notifier = notifier
    this.now = now ?? (() => new Date())
    this.logger = loggerOf({ logger })
    this.slice = slice ?? (lake.local ? SCAN_SLICE.local : SCAN_SLICE.remote)
  }

  /**
   * One scan of the cars among `documentIds` (every car when undefined); a scan asked for while one
   * runs runs once more after it (changes may have come in meanwhile), over what all such asks named.
   */
  scan(documentIds?: readonly string[]): Promise<ScanResult> {
    return this.request(documentIds ? new Set(documentIds) : 'all')
  }

  private request(scope: Scope): Promise<ScanResult> {
    if (this.running) {
      this.again = union(this.again, scope)
      return this.running
    }
    const run = this.scanOnce(scope).finally(() => {
      this.running = undefined
      const again = this.again
      this.again = undefined
      if (again && !this.stopped) void this.request(again).catch(() => undefined)
    })
    this.running = run
    return run
  }

  /**
   * A scan soon of the documents that changed (undefined: unknown, every car); many changes in a
   * row, one scan of all of them. Never throws.
   */
  trigger(documentIds?: readonly string[], delayMs = 1000) {
    if (this.stopped) return
    this.announced = union(this.announced, documentIds ? new Set(documentIds) : 'all')
    if (this.timer) return
    this.timer = setTimeout(() => {
      const scope = this.announced ?? 'all'
      this.timer = undefined
      this.announced = undefined
      this.request(scope).catch((error: unknown) => this.logger.error({ err: error }, 'Preis- und Suchbenachrichtigungen: Abgleich fehlgeschlagen'))
    }, delayMs)
    this.timer.unref?.()
  }

  /** Scans every car soon after start, then every `intervalMs` (the fallback when a change was missed, and the retry of failed mails). */
  start({ intervalMs = 5 * 60 * 1000, initialDelayMs = 10_000 } = {}) {
    this.trigger(undefined, initialDelayMs)
    this.interval = setInterval(() => this.trigger(undefined, 0), intervalMs)
    this.interval.unref?.()
  }

  async stop() {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    if (this.interval) clearInterval(this.interval)
    await this.running?.catch(() => undefined)
  }

  private async scanOnce(scope: Scope): Promise<ScanResult> {
    const now = this.now()
    // Ids of any document may be named: the slices read only cars on sale among them (and a draft's id reads nothing).
    const ids = scope === 'all' ? await readVehicleIdsOnSale(this.lake) : [...scope]
    const result: ScanResult = { recorded: 0, events: 0, mails: [] }
    let alerts: Promise<ACTIVE_ALERTS_QUERYResult> | undefined
    let advertisedRate: Promise<number> | undefined
    for (let start = 0; start < ids.length; start += this.slice) {
      if (start > 0) {
        // The embedded lake evaluates on this thread: requests waiting meanwhile go first.
        await nextTurn()
        // Shutting down: the slice begun is finished, the rest is the next start's full scan.
        if (this.stopped) break
      }
      // Fresh, not through the CDN: a car named as changed is looked at once.
      const vehicles = await this.lake.fetch<ALERT_VEHICLES_QUERYResult>(
        ALERT_VEHICLES_QUERY,
        { ids: ids.slice(start, start + this.slice) },
        { includePrivate: true },
      )
      if (vehicles.length === 0) continue
      const historyIds = vehicles.map((vehicle) => priceHistoryId(vehicle._id))
      const readHistories = () => this.lake.fetch<PRICE_HISTORIES_QUERYResult>(PRICE_HISTORIES_QUERY, { ids: historyIds }, { includePrivate: true })
      const histories = await readHistories()
      const byId = new Map(histories.map((history) => [history._id, history]))
      let changed = false
      for (const vehicle of vehicles) {
        const price = askingPrice(vehicle.price)
        if (price === null) continue
        const outcome = await this.record(vehicle, price, byId.get(priceHistoryId(vehicle._id)), now)
        if (outcome === 'recorded') result.recorded++
        if (outcome === 'unchanged') continue
        changed = true
        // A write copies the embedded lake's map of documents: many new cars (the first scan, a large import) would add up.
        await nextTurn()
      }
      // Also when another instance recorded the change first: this one offers it too, and the notifier's claim decides who sends.
      const current = changed ? await readHistories() : histories
      const byVehicle = new Map(vehicles.map((vehicle) => [vehicle._id, vehicle]))
      const events = current.flatMap((history) => (history.vehicle && byVehicle.has(history.vehicle) ? eventsOf(history, now) : []))
      result.events += events.length
      if (events.length === 0) continue
      alerts ??= this.lake.fetch<ACTIVE_ALERTS_QUERYResult>(ACTIVE_ALERTS_QUERY, {}, { includePrivate: true })
      // Only a Suchauftrag with a monthly budget needs the rate (the site settings, which count the stock).
      advertisedRate ??= alerts.then((all) =>
        all.some((alert) => alert.kind === 'search-request' && readQuery(alert.query ?? undefined).maxRate !== undefined) ? readAdvertisedRate(this.lake) : 0,
      )
      for (const event of events) {
        const vehicle = byVehicle.get(event.vehicleDocId)!
        for (const alert of await alerts) {
          if (!concerns(alert, event, vehicle, await advertisedRate)) continue
          result.mails.push(await this.notifier.sendAlert(alert._id, event))
        }
      }
    }
    return result
  }

  /** Records the car's price if it is new or changed: `recorded`, or `taken` when another instance recorded the change first. */
  private async record(vehicle: Vehicle, price: number, history: History | undefined, now: Date): Promise<'recorded' | 'taken' | 'unchanged'> {
    const entry = { _key: entryKey(), _type: 'priceEntry', price, at: now.toISOString() }
    try {
      if (!history) {
        const listed = Date.parse(vehicle.listedAt ?? vehicle._createdAt ?? '')
        const arrived = Number.isFinite(listed) && listed >= now.getTime() - ARRIVAL_WINDOW_MS
        await createDocument(this.lake, {
          _id: priceHistoryId(vehicle._id),
          _type: 'priceHistory',
          vehicle: { _type: 'reference', _ref: vehicle._id, _weak: true },
          // A car listed just now has had no other price; one listed before recording began may have.
          complete: arrived,
          arrival: arrived,
          entries: [entry],
        })
        return 'recorded'
      }
      const entries = history.entries ?? []
      const last = priceEntries(history).at(-1)
      if (last?.price === price) return 'unchanged'
      await patchDocument(this.lake, history._id, { ifRevisionID: history._rev, set: { entries: [...entries, entry] } })
      return 'recorded'
    } catch (error) {
      // Another instance recorded this change (or the first price) a moment earlier: it is recorded once.
      if (isConflict(error)) return 'taken'
      throw error
    }
  }
}

/** The changes of a history that alerts may still be told of: the car's arrival and its latest price, if lower than the one before. */
export function eventsOf(history: History, now: Date): AlertEvent[] {
  const entries = (history.entries ?? []).filter((entry) => typeof entry.price === 'number' && typeof entry.at === 'string' && entry._key)
  const since = now.getTime() - EVENT_WINDOW_MS
  const vehicleDocId = history.vehicle
  const first = entries[0]
  const last = entries.at(-1)
  if (!vehicleDocId || !first || !last) return []
  const events: AlertEvent[] = []
  if (history.arrival && Date.parse(first.at!) >= since) {
    events.push({ key: first._key, kind: 'arrival', vehicleDocId, at: first.at!, price: last.price! })
  }
  const before = entries.at(-2)
  if (before && last.price! < before.price! && Date.parse(last.at!) >= since) {
    const formerPrice = priceReduction(history, now)?.formerPrice
    events.push({ key: last._key, kind: 'price-drop', vehicleDocId, at: last.at!, price: last.price!, ...(formerPrice !== undefined ? { formerPrice } : {}) })
  }
  return events
}

/** Whether an alert is to hear of a change: its car's reduction, or an arrival that matches its search; not before it was confirmed, not twice. */
function concerns(alert: Alert, event: AlertEvent, vehicle: Vehicle, advertisedRate: number): boolean {
  if (!alert.confirmedAt || Date.parse(event.at) < Date.parse(alert.confirmedAt)) return false
  if ((alert.sent ?? []).includes(event.key)) return false
  if (alert.kind === 'price-alert') return event.kind === 'price-drop' && alert.vehicle === event.vehicleDocId
  if (alert.kind === 'search-request') return event.kind === 'arrival' && matchesSearch(alert.query, vehicle, advertisedRate)
  return false
}
