import { addCalendarDays, type Weekday, weekdayOf } from '#schemas/lib/opening-hours.ts'
import { minutesOf, TIME_PATTERN } from '#schemas/lib/validation.ts'

/*
 * The one clock of the site (issue 39): what day and time it is in Europe/Berlin, when a Berlin day
 * ends, which weekday a date is and whether it is a public holiday of North Rhine-Westphalia, where
 * the dealer is. The page cache's day boundary, „Heute geöffnet …“, the special opening hours of the
 * day and the test-drive slots all read time through here. Browser-safe and clock-free: the instant
 * is always passed in. Dates are `YYYY-MM-DD` strings (a Berlin calendar date), times `HH:MM`.
 */

export const TIME_ZONE = 'Europe/Berlin'

const pad = (value: number) => String(value).padStart(2, '0')

// `HH:MM` ↔ minutes since midnight; the Studio's rules use the same two.
export { minutesOf, TIME_PATTERN }
/** 570 → `09:30`. */
export const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`

const HOUR = 3_600_000

/** 01:00 UTC on the last Sunday of a month (0-based) of a year: when EU summer time begins (March) and ends (October). */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0))
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1)
}

/**
 * Berlin's offset from UTC at an instant (ms): summer time (+2 h) from the last Sunday of March to the last
 * Sunday of October, both at 01:00 UTC (the EU's rule since 1996), else +1 h. Worked out, not asked of Intl:
 * the browser's first Intl object loads ICU's data, 15–45 ms of a page's main thread (docs/decisions/018),
 * and every page shows „Heute geöffnet“ from this clock. clock.test.ts compares it with Intl hour by hour.
 */
function berlinOffset(instant: number): number {
  const year = new Date(instant).getUTCFullYear()
  return instant >= lastSundayAtOneUtc(year, 2) && instant < lastSundayAtOneUtc(year, 9) ? 2 * HOUR : HOUR
}

/** The Berlin calendar date and minutes of the day of an instant. */
export function berlinParts(instant: Date): { date: string; minutes: number } {
  const wall = new Date(instant.getTime() + berlinOffset(instant.getTime()))
  return { date: wall.toISOString().slice(0, 10), minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes() }
}

/** The instant of a Berlin wall-clock time (DST-aware: the offset is read at the guessed instant, then confirmed). */
export function berlinInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const wall = Date.UTC(year, month - 1, day, 0, minutesOf(time))
  let instant = wall
  for (let i = 0; i < 2; i++) {
    const seen = berlinParts(new Date(instant))
    const [y, m, d] = seen.date.split('-').map(Number) as [number, number, number]
    instant -= Date.UTC(y, m - 1, d, 0, seen.minutes) - wall
  }
  return new Date(instant)
}

// The Studio counts special opening hours' lead days and names their weekdays with these too, so they live beside them in schemas/lib.
export { addCalendarDays, type Weekday, weekdayOf }

/** The Berlin day last asked about; a day's end is worked out once, not for every stored page. */
let berlinDay = { start: Number.POSITIVE_INFINITY, end: Number.NEGATIVE_INFINITY }

/** The next midnight in Europe/Berlin after an instant (ms), daylight saving time included. */
export function berlinDayEnd(instant: number): number {
  if (instant >= berlinDay.start && instant < berlinDay.end) return berlinDay.end
  const { date } = berlinParts(new Date(instant))
  berlinDay = { start: berlinInstant(date, '00:00').getTime(), end: berlinInstant(addCalendarDays(date, 1), '00:00').getTime() }
  return berlinDay.end
}

/** Easter Sunday (Gregorian, anonymous algorithm) of a year as YYYY-MM-DD. */
function easterSunday(year: number): string {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return `${year}-${pad(month)}-${pad(day)}`
}

/** The statutory public holidays of North Rhine-Westphalia, where the dealer is (shops close on them by law). */
export function isPublicHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4))
  const fixed = ['01-01', '05-01', '10-03', '11-01', '12-25', '12-26'].map((day) => `${year}-${day}`)
  const easter = easterSunday(year)
  // Karfreitag, Ostermontag, Christi Himmelfahrt, Pfingstmontag, Fronleichnam.
  const moving = [-2, 1, 39, 50, 60].map((offset) => addCalendarDays(easter, offset))
  return fixed.includes(date) || moving.includes(date)
}
