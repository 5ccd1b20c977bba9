import { WEEKDAYS } from '#schemas/lib/constants.ts'
import { type SpecialOpeningDay, specialOpeningHoursProblem, type SpecialOpeningHoursInput } from '#schemas/lib/opening-hours.ts'
import { addCalendarDays, berlinParts, isPublicHoliday, minutesOf, TIME_PATTERN, timeOf, weekdayOf } from '#app/utils/clock.ts'

/*
 * „Heute geöffnet bis 18:00 Uhr“ / „Jetzt geschlossen – öffnet Montag um 09:00 Uhr“: whether the yard
 * is open at an instant, from the same structured hours as the page's lines, the test-drive slots and
 * the structured data (one source, decision 028). Computed in the browser after hydration, because
 * pages are cached and identical for everyone (docs/decisions/057). Always Europe/Berlin, whatever
 * the visitor's time zone. Clock-free: `now` is passed in.
 */

/** One line of an opening-hours variant's `specs`. */
export interface HoursSpec {
  days?: readonly string[] | null
  opens?: string | null
  closes?: string | null
}

export interface OpenNowHours {
  specs?: readonly HoursSpec[] | null
  byAppointmentDays?: readonly string[] | null
}

/** The special opening hours as the root loader sends them (those shown today, docs/decisions/049). */
export type OpenNowSpecialDay = Pick<SpecialOpeningDay, 'from' | 'through' | 'closed' | 'opens' | 'closes' | 'note'>

export interface OpenNow {
  open: boolean
  /** First line: „Heute geöffnet“, „Jetzt geschlossen“, „Heute geschlossen (Heiligabend)“, „Heute nach Vereinbarung“. */
  status: string
  /** Second line: „bis 18:00 Uhr“, „öffnet heute um 09:00 Uhr“, „öffnet Montag um 09:00 Uhr“. */
  detail: string
  /** Both as one sentence. */
  text: string
}

/** Days looked ahead for the next opening (company holidays of several weeks included). */
const LOOKAHEAD_DAYS = 366
const LONG_DAY = Object.fromEntries(WEEKDAYS.map((day) => [day.value, day.title])) as Record<string, string>

/** The special entry covering a date (the first complete one), if any. */
function specialDay(date: string, special: readonly SpecialOpeningHoursInput[]): SpecialOpeningHoursInput | undefined {
  return special.find((entry) => specialOpeningHoursProblem(entry) === undefined && entry.from! <= date && date <= (entry.to || entry.from!))
}

/**
 * The opening intervals (minutes) of a date, from the specs; none on a public holiday; a special
 * entry's hours on its days. „Heute geöffnet …“ and the test-drive slots both build on it.
 */
export function openIntervals(date: string, specs: readonly HoursSpec[], special: readonly SpecialOpeningHoursInput[]): Array<[number, number]> {
  const exception = specialDay(date, special)
  if (exception) return exception.closed === true ? [] : [[minutesOf(exception.opens!), minutesOf(exception.closes!)]]
  if (isPublicHoliday(date)) return []
  const weekday = weekdayOf(date)
  return specs
    .filter((spec) => spec.days?.includes(weekday) && spec.opens && spec.closes && TIME_PATTERN.test(spec.opens) && TIME_PATTERN.test(spec.closes))
    .map((spec): [number, number] => [minutesOf(spec.opens!), minutesOf(spec.closes!)])
    .filter(([opens, closes]) => closes > opens)
    .sort((a, b) => a[0] - b[0])
}

/** Touching or overlapping intervals as one: 09–12 and 12–18 are open until 18:00. */
function merged(intervals: ReadonlyArray<[number, number]>): Array<[number, number]> {
  const result: Array<[number, number]> = []
  for (const [opens, closes] of intervals) {
    const last = result.at(-1)
    if (last && opens <= last[1]) last[1] = Math.max(last[1], closes)
    else result.push([opens, closes])
  }
  return result
}

/** When the next opening is: „heute“, „morgen“, „Montag“ within a week, else „am 05.01.“. */
function dayWord(offset: number, date: string): string {
  if (offset === 0) return 'heute'
  if (offset === 1) return 'morgen'
  if (offset < 7) return LONG_DAY[weekdayOf(date)]!
  return `am ${date.slice(8, 10)}.${date.slice(5, 7)}.`
}

/** Whether the yard is open at `now` and when it closes or opens next; undefined when the hours never open. */
export function openNowText(hours: OpenNowHours, specialHours: readonly OpenNowSpecialDay[], now: Date): OpenNow | undefined {
  const specs = hours.specs ?? []
  const special = specialHours.map((day) => ({ from: day.from, to: day.through, closed: day.closed, opens: day.opens, closes: day.closes }))
  const today = berlinParts(now)
  const todays = merged(openIntervals(today.date, specs, special))
  const current = todays.find(([opens, closes]) => opens <= today.minutes && today.minutes < closes)
  const exception = specialHours.find((day) => day.from <= today.date && today.date <= day.through)
  const occasion = exception?.note ? ` (${exception.note})` : ''

  if (current) {
    const detail = `bis ${timeOf(current[1])} Uhr${occasion}`
    return { open: true, status: 'Heute geöffnet', detail, text: `Heute geöffnet ${detail}` }
  }

  let status = 'Jetzt geschlossen'
  if (todays.length === 0) {
    if (exception) status = `Heute geschlossen${occasion}`
    else if (isPublicHoliday(today.date)) status = 'Heute geschlossen (Feiertag)'
    else if (hours.byAppointmentDays?.includes(weekdayOf(today.date))) status = 'Heute nach Vereinbarung'
    else status = 'Heute geschlossen'
  }

  const later = todays.find(([opens]) => opens > today.minutes)
  let detail = later ? `öffnet heute um ${timeOf(later[0])} Uhr` : ''
  for (let offset = 1; !detail && offset < LOOKAHEAD_DAYS; offset++) {
    const date = addCalendarDays(today.date, offset)
    const first = openIntervals(date, specs, special)[0]
    if (first) detail = `öffnet ${dayWord(offset, date)} um ${timeOf(first[0])} Uhr`
  }
  if (!detail) return undefined
  return { open: false, status, detail, text: `${status} – ${detail}` }
}
