import { TZDate } from '@date-fns/tz'
import { isHoliday } from 'feiertagejs'
import { addCalendarDays } from '#schemas/lib/opening-hours.ts'
import { minutesOf, TIME_PATTERN } from '#schemas/lib/validation.ts'

/*
 * The one clock of the site (issue 39): what day and time it is in Europe/Berlin, when a Berlin day
 * ends, which weekday a date is and whether it is a public holiday of North Rhine-Westphalia, where
 * the dealer is. The page cache's day boundary, „Heute geöffnet …“, the special opening hours of the
 * day and the test-drive slots all read time through here. Browser-safe and clock-free: the instant
 * is always passed in. Dates are `YYYY-MM-DD` strings (a Berlin calendar date), times `HH:MM`.
 */

export const TIME_ZONE = 'Europe/Berlin'

/** Weekday keys of the schema (schemas/lib/constants.ts) by JavaScript's getUTCDay() index (0 = Sunday). */
const DAY_BY_INDEX = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const
export type Weekday = (typeof DAY_BY_INDEX)[number]

const pad = (value: number) => String(value).padStart(2, '0')

// `HH:MM` ↔ minutes since midnight; the Studio's rules use the same two.
export { minutesOf, TIME_PATTERN }
/** 570 → `09:30`. */
export const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`

/** The Berlin calendar date and minutes of the day of an instant. */
export function berlinParts(instant: Date): { date: string; minutes: number } {
  const berlin = new TZDate(instant, TIME_ZONE)
  return { date: `${berlin.getFullYear()}-${pad(berlin.getMonth() + 1)}-${pad(berlin.getDate())}`, minutes: berlin.getHours() * 60 + berlin.getMinutes() }
}

/** The instant of a Berlin wall-clock time (daylight saving time included). */
export function berlinInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Date(new TZDate(year, month - 1, day, 0, minutesOf(time), TIME_ZONE).getTime())
}

// The Studio counts special opening hours' lead days with it too, so it lives beside them in schemas/lib.
export { addCalendarDays }

/** The Berlin day last asked about; a day's end is worked out once, not for every stored page. */
let berlinDay = { start: Number.POSITIVE_INFINITY, end: Number.NEGATIVE_INFINITY }

/** The next midnight in Europe/Berlin after an instant (ms), daylight saving time included. */
export function berlinDayEnd(instant: number): number {
  if (instant >= berlinDay.start && instant < berlinDay.end) return berlinDay.end
  const { date } = berlinParts(new Date(instant))
  berlinDay = { start: berlinInstant(date, '00:00').getTime(), end: berlinInstant(addCalendarDays(date, 1), '00:00').getTime() }
  return berlinDay.end
}

export function weekdayOf(date: string): Weekday {
  return DAY_BY_INDEX[new Date(`${date}T12:00:00Z`).getUTCDay()]!
}

/** The statutory public holidays of North Rhine-Westphalia, where the dealer is (shops close on them by law). */
export function isPublicHoliday(date: string): boolean {
  // feiertagejs reads the Berlin calendar date of the instant it is given: noon of that day in Berlin.
  return isHoliday(berlinInstant(date, '12:00'), 'NW')
}
