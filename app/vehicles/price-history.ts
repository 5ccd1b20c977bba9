import { addCalendarDays, berlinInstant, berlinParts, timeOf } from '#app/utils/clock.ts'

/*
 * A car's price history and what a „Preis gesenkt“ may say (issue 38 item 2; docs/decisions/081).
 * PAngV § 11: whoever announces a price reduction must state, as the former price, the lowest price
 * applied in the 30 days before the reduction. The site therefore keeps every price a car had, with
 * the instant it took effect (`priceHistory` documents, app/alerts/watcher.server.ts), and works the
 * former price out here. Browser-safe and clock-free: `now` is always passed in.
 */

/** One price of a car and the instant it took effect (ISO). */
export interface PriceEntry {
  price: number
  at: string
}

export interface PriceHistory {
  entries?: ReadonlyArray<{ price?: number | null; at?: string | null }> | null
  /**
   * True when the history began with the car's listing (a car that arrived after recording started),
   * so no price before the first entry exists. False for cars already listed when recording began:
   * their earlier prices are unknown, so a window reaching before the first entry proves nothing.
   */
  complete?: boolean | null
}

/**
 * The id of a car's price history: private (a dot), so that recording a price, which the site does
 * for every car it sees, never outdates cached pages; the vehicle page reads it with the server's rights.
 */
export const priceHistoryId = (vehicleDocId: string) => `priceHistory.${vehicleDocId}`

/** How long after a reduction the badge is shown (a reduction is news for a while, not for ever). */
export const REDUCTION_SHOWN_DAYS = 30
/** PAngV § 11 (1): the lowest price of the 30 days before the reduction. */
export const REFERENCE_DAYS = 30

export interface PriceReduction {
  /** The price now. */
  price: number
  /** The lowest price of the 30 days before the reduction (PAngV § 11): the only „statt“ price allowed. */
  formerPrice: number
  /** When the reduction took effect (ISO). */
  reducedAt: string
}

/** The entries with a usable price and instant, oldest first. */
export function priceEntries(history: PriceHistory | null | undefined): PriceEntry[] {
  return (history?.entries ?? [])
    .flatMap((entry) =>
      typeof entry.price === 'number' && Number.isFinite(entry.price) && typeof entry.at === 'string' && !Number.isNaN(Date.parse(entry.at))
        ? [{ price: entry.price, at: entry.at }]
        : [],
    )
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
}

/** The instant 30 Berlin calendar days before `instant`, same wall-clock time (DST-proof). */
export function daysBefore(instant: Date, days: number): Date {
  const { date, minutes } = berlinParts(instant)
  return berlinInstant(addCalendarDays(date, -days), timeOf(minutes))
}

/**
 * The lowest price in force during the `REFERENCE_DAYS` before the entry at `index` took effect:
 * the price in force when the window opened and every price set within it. Undefined when the
 * history cannot prove it (an incomplete history whose first entry lies inside the window).
 */
export function lowestBefore(entries: readonly PriceEntry[], index: number): number | undefined {
  const current = entries[index]
  if (!current || index === 0) return undefined
  const windowStart = daysBefore(new Date(current.at), REFERENCE_DAYS).getTime()
  let inForceAtStart: PriceEntry | undefined
  const within: number[] = []
  for (const entry of entries.slice(0, index)) {
    const at = Date.parse(entry.at)
    if (at <= windowStart) inForceAtStart = entry
    else within.push(entry.price)
  }
  const prices = [...(inForceAtStart ? [inForceAtStart.price] : []), ...within]
  return prices.length > 0 ? Math.min(...prices) : undefined
}

/**
 * The reduction a „Preis gesenkt“ may announce at `now`: the last price change, if it lowered the
 * price below the lowest price of the 30 days before it, took effect at most REDUCTION_SHOWN_DAYS
 * ago, and the history covers those 30 days (or the car's whole time on sale). Else undefined:
 * no badge and no former price.
 */
export function priceReduction(history: PriceHistory | null | undefined, now: Date): PriceReduction | undefined {
  const entries = priceEntries(history)
  const index = entries.length - 1
  const current = entries[index]
  if (!current || index === 0) return undefined
  const reducedAt = new Date(current.at)
  if (reducedAt.getTime() > now.getTime() || reducedAt.getTime() < daysBefore(now, REDUCTION_SHOWN_DAYS).getTime()) return undefined
  // An incomplete history must reach back to the window's start to prove the lowest price.
  const covered = history?.complete === true || Date.parse(entries[0]!.at) <= daysBefore(reducedAt, REFERENCE_DAYS).getTime()
  if (!covered) return undefined
  const formerPrice = lowestBefore(entries, index)
  if (formerPrice === undefined || formerPrice <= current.price) return undefined
  return { price: current.price, formerPrice, reducedAt: current.at }
}
