import { DASHBOARD_PAGES_QUERY, DASHBOARD_PROMISE_HOURS_QUERY, DASHBOARD_QUERY, DUPLICATE_WINDOW_SECONDS, SELLER_KINDS } from '../app/sanity/queries/dashboard'
import { addCalendarDays, berlinInstant, berlinParts, weekdayOf } from '../app/utils/clock'
import { LEAD_KINDS } from '../schemas/lib/constants'

/*
 * What the „Anfragen-Übersicht“ (studio/lead-dashboard.tsx) asks the lake: the weeks it shows
 * (Monday 00:00 in Berlin, the newest last) and the parameters of the queries in
 * app/sanity/queries/dashboard.ts, whose GROQ counts everything.
 */

export { DASHBOARD_PAGES_QUERY, DASHBOARD_PROMISE_HOURS_QUERY, DASHBOARD_QUERY }

export interface DashboardFilters {
  /** A form (LEAD_KINDS value) or null for all. */
  kind: string | null
  /** A state (CONTACT_STATUSES value) or null for all. */
  status: string | null
  /** How many weeks back, this one included. */
  weeks: number
}

const DAY_INDEX = { Mo: 0, Tu: 1, We: 2, Th: 3, Fr: 4, Sa: 5, Su: 6 } as const

/** The last `count` weeks up to `now`'s, each Monday 00:00 to the next in Europe/Berlin, as ISO instants. */
export function dashboardWeeks(now: Date, count: number): Array<{ start: string; end: string }> {
  const today = berlinParts(now).date
  const monday = addCalendarDays(today, -DAY_INDEX[weekdayOf(today)])
  return Array.from({ length: count }, (_, index) => {
    const start = addCalendarDays(monday, (index - count + 1) * 7)
    return { start: berlinInstant(start, '00:00').toISOString(), end: berlinInstant(addCalendarDays(start, 7), '00:00').toISOString() }
  })
}

/** The parameters of both queries; `pages` only for the figures (the first query finds them). */
export function dashboardParams(filters: DashboardFilters, now: Date, promiseHours: number | null | undefined, pages: readonly string[] = []) {
  const weeks = dashboardWeeks(now, filters.weeks)
  return {
    from: weeks[0]!.start,
    to: weeks.at(-1)!.end,
    kind: filters.kind,
    status: filters.status,
    weeks,
    kinds: LEAD_KINDS.map(({ value }) => ({ kind: value })),
    pages: pages.map((page) => ({ page })),
    sellerKinds: SELLER_KINDS,
    // Without a Kennzahl nothing is promised: no answer counts as late.
    promiseSeconds: typeof promiseHours === 'number' && promiseHours > 0 ? promiseHours * 60 * 60 : Number.MAX_SAFE_INTEGER,
    windowSeconds: DUPLICATE_WINDOW_SECONDS,
  }
}

/** `KW 48 (23.11.)`: a week's row label, from its Berlin Monday. */
export function weekLabel(start: string): string {
  const date = berlinParts(new Date(start)).date
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  // ISO week number: the Thursday of a Monday's week decides the year, its day of that year the number.
  const thursday = Date.UTC(year, month - 1, day + 3)
  const week = 1 + Math.floor((thursday - Date.UTC(new Date(thursday).getUTCFullYear(), 0, 1)) / 86_400_000 / 7)
  return `KW ${week} (${date.slice(8, 10)}.${date.slice(5, 7)}.)`
}

/** `2 von 3 (67 %)`, or a dash when nothing was answered. */
export function shareText(part: number, whole: number): string {
  if (whole === 0) return '–'
  return `${part} von ${whole} (${new Intl.NumberFormat('de-DE', { style: 'percent' }).format(part / whole)})`
}
