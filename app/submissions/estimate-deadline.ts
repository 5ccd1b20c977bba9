import { WEEKDAYS } from '#schemas/lib/constants.ts'
import { type SpecialOpeningHoursInput } from '#schemas/lib/opening-hours.ts'
import { addCalendarDays, berlinInstant, berlinParts, timeOf, weekdayOf } from '#app/utils/clock.ts'
import { GERMAN_MONTHS } from '#app/utils/format.ts'
import { type HoursSpec, openIntervals } from '#app/utils/open-now.ts'

/*
 * By when a seller gets the first estimate (issue 38 item 4): the Kennzahl „Bewertung innerhalb
 * (Stunden)“ promises „innerhalb von 24 Stunden (an Werktagen)“, so its hours are counted on the
 * days the dealer is open (the `general` hours: no closed weekday, no public holiday of NRW, no
 * closed Sonderöffnungstag), from the moment the request arrived. A deadline that falls while the
 * yard is closed (before opening, after closing, at midnight) moves to the next opening: nobody
 * answers then, and a promise must be one the dealer keeps (decision 085).
 * Browser-safe and clock-free: both instants are passed in.
 */

const DAY_MINUTES = 24 * 60
/** More than any real Kennzahl needs (a week of work days): hours without an open day promise nothing. */
const MAX_DAYS = 60
/** The promised time is rounded up to this step, never earlier than the Kennzahl allows. */
const PROMISE_STEP_MINUTES = 30
const LONG_DAY = Object.fromEntries(WEEKDAYS.map((day) => [day.value, day.title])) as Record<string, string>

/** The instant of the promised first estimate, or undefined without a Kennzahl or without an open day. */
export function estimateDeadline(
  receivedAt: Date,
  hours: unknown,
  specs: readonly HoursSpec[],
  special: readonly SpecialOpeningHoursInput[] | null = [],
): Date | undefined {
  if (typeof hours !== 'number' || !Number.isFinite(hours) || hours <= 0) return undefined
  const start = berlinParts(receivedAt)
  let remaining = Math.round(hours * 60)
  let minutes = start.minutes
  for (let offset = 0; offset < MAX_DAYS; offset++, minutes = 0) {
    const date = addCalendarDays(start.date, offset)
    // Only work days count towards the hours.
    if (openIntervals(date, specs, special ?? []).length === 0) continue
    const left = DAY_MINUTES - minutes
    if (remaining > left) {
      remaining -= left
      continue
    }
    // On the next full or half hour: „bis 12:00 Uhr“ reads as a person's promise, „bis 11:42 Uhr“ as a machine's.
    return nextOpenMoment(date, Math.ceil((minutes + remaining) / PROMISE_STEP_MINUTES) * PROMISE_STEP_MINUTES, specs, special ?? [])
  }
  return undefined
}

/** `date` at `minute` if the yard is open then, else its next opening (that day or a later one). */
function nextOpenMoment(date: string, minute: number, specs: readonly HoursSpec[], special: readonly SpecialOpeningHoursInput[]): Date | undefined {
  for (let offset = 0; offset < MAX_DAYS; offset++) {
    const day = addCalendarDays(date, offset)
    for (const [opens, closes] of openIntervals(day, specs, special)) {
      if (offset === 0 && minute > closes) continue
      return berlinInstant(day, timeOf(offset === 0 ? Math.max(minute, opens) : opens))
    }
  }
  return undefined
}

/**
 * `Dienstag, 1. Dezember um 14:00 Uhr`: the weekday and date, so the words hold in a mail read the
 * next day too, in the long style the receipt names its arrival in („Sonntag, 29. November 2026 um
 * 10:15 Uhr“); the year only when it is not the one the request arrived in.
 */
export function deadlineText(deadline: Date, receivedAt: Date): string {
  const { date, minutes } = berlinParts(deadline)
  const year = date.slice(0, 4) === berlinParts(receivedAt).date.slice(0, 4) ? '' : ` ${date.slice(0, 4)}`
  return `${LONG_DAY[weekdayOf(date)]}, ${Number(date.slice(8, 10))}. ${GERMAN_MONTHS[Number(date.slice(5, 7)) - 1]}${year} um ${timeOf(minutes)} Uhr`
}

/** „Sie erhalten Ihre erste Einschätzung bis Dienstag, 1. Dezember um 14:00 Uhr.“ */
export function estimatePromise(deadline: Date, receivedAt: Date): string {
  return `Sie erhalten Ihre erste Einschätzung bis ${deadlineText(deadline, receivedAt)}.`
}
