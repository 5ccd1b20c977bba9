import { OPENING_HOURS_KEYS, titleOf, WEEKDAYS } from './constants'
import { duplicates, minutesOf, TIME_PATTERN } from './validation'

/*
 * The opening hours as the page shows them, derived from the structured specs that also feed the
 * search engines' data (issue 19: one source, no second copy to drift). German format:
 * "Mo–Fr: 09:00–18:00 Uhr", "Sa: 09:00–16:00 Uhr", "So: nach Vereinbarung", then the variant's note.
 * Shared by the site (server side) and the Studio's preview.
 */

export interface OpeningHoursInput {
  specs?: ReadonlyArray<{ days?: readonly string[] | null; opens?: string | null; closes?: string | null }> | null
  byAppointmentDays?: readonly string[] | null
  note?: string | null
}

const DAY_ORDER: readonly string[] = WEEKDAYS.map((day) => day.value)
/** German two-letter abbreviations: Mo, Di, Mi, Do, Fr, Sa, So. */
const SHORT = Object.fromEntries(WEEKDAYS.map((day) => [day.value, day.title.slice(0, 2)])) as Record<string, string>

/** "Mo–Fr", "Sa", "Mo, Mi, Fr", "Mo–Mi, Fr": runs of three or more days as a range, in weekday order. */
export function dayRanges(days: readonly string[]): string {
  const indexes = [...new Set(days)]
    .map((day) => DAY_ORDER.indexOf(day))
    .filter((index) => index >= 0)
    .sort((a, b) => a - b)
  const parts: string[] = []
  for (let start = 0; start < indexes.length;) {
    let end = start
    while (end + 1 < indexes.length && indexes[end + 1] === indexes[end]! + 1) end++
    const from = SHORT[DAY_ORDER[indexes[start]!]!]!
    const to = SHORT[DAY_ORDER[indexes[end]!]!]!
    if (end - start >= 2) parts.push(`${from}–${to}`)
    else for (let index = start; index <= end; index++) parts.push(SHORT[DAY_ORDER[indexes[index]!]!]!)
    start = end + 1
  }
  return parts.join(', ')
}

/** The lines shown on the page for one opening-hours variant, in weekday order of each line's first day. */
export function openingHoursLines(variant: OpeningHoursInput): string[] {
  const firstDay = (days: readonly string[]) => Math.min(...days.map((day) => DAY_ORDER.indexOf(day)).filter((index) => index >= 0))
  const lines: Array<{ order: number; text: string }> = []
  for (const spec of variant.specs ?? []) {
    const days = spec.days ?? []
    const range = dayRanges(days)
    if (!range || !spec.opens || !spec.closes) continue
    lines.push({ order: firstDay(days), text: `${range}: ${spec.opens}–${spec.closes} Uhr` })
  }
  const appointment = variant.byAppointmentDays ?? []
  const appointmentRange = dayRanges(appointment)
  if (appointmentRange) lines.push({ order: firstDay(appointment), text: `${appointmentRange}: nach Vereinbarung` })
  const ordered = lines.sort((a, b) => a.order - b.order).map((line) => line.text)
  const note = variant.note?.trim()
  return note ? [...ordered, note] : ordered
}

/** The weekday's German name (Montag), for the Studio's messages. */
const dayName = (day: string) => titleOf(WEEKDAYS, day) ?? day

/**
 * What one variant says twice about a day: times that overlap („Mo
 * 09:00–18:00“ and „Mo 10:00–20:00“), or times and „nach Vereinbarung“ on the same day. The page
 * would print both and the structured data list both. Two ranges that do not touch are a lunch
 * break and fine. True when nothing contradicts.
 */
export function openingHoursConflict(variant: OpeningHoursInput | undefined): true | string {
  const ranges = new Map<string, Array<{ opens: string; closes: string }>>()
  for (const spec of variant?.specs ?? []) {
    if (!spec.opens || !spec.closes || !TIME_PATTERN.test(spec.opens) || !TIME_PATTERN.test(spec.closes)) continue
    for (const day of new Set(spec.days ?? [])) ranges.set(day, [...(ranges.get(day) ?? []), { opens: spec.opens, closes: spec.closes }])
  }
  for (const day of DAY_ORDER) {
    const times = (ranges.get(day) ?? []).sort((a, b) => minutesOf(a.opens) - minutesOf(b.opens))
    for (let index = 1; index < times.length; index++) {
      const [before, after] = [times[index - 1]!, times[index]!]
      if (minutesOf(after.opens) < minutesOf(before.closes)) {
        return `${dayName(day)} steht zweimal da, mit Zeiten, die sich überschneiden (${before.opens}–${before.closes} und ${after.opens}–${after.closes} Uhr). Bitte einen Eintrag anpassen.`
      }
    }
    if (times.length > 0 && variant?.byAppointmentDays?.includes(day)) {
      return `${dayName(day)} hat Öffnungszeiten und steht zugleich unter „Nach Vereinbarung“. Bitte eines von beiden entfernen.`
    }
  }
  return true
}

const REQUIRED_OPENING_HOURS = OPENING_HOURS_KEYS.map((item) => item.value)
const variantTitle = (key: string) => `„${titleOf(OPENING_HOURS_KEYS, key) ?? key}“`

/** Each of the four opening-hours variants exactly once; messages name them by their German titles. */
export function openingHoursVariantsRule(value: ReadonlyArray<{ key?: string }> | undefined): true | string {
  if (!value) return true
  const keys = value.map((variant) => variant.key).filter((key): key is string => typeof key === 'string')
  const repeated = duplicates(keys)
  if (repeated.length > 0) return `Jede Variante darf nur einmal vorkommen (doppelt: ${repeated.map(variantTitle).join(', ')}).`
  const missing = REQUIRED_OPENING_HOURS.filter((key) => !keys.includes(key))
  if (missing.length > 0) return `Es fehlen Varianten: ${missing.map(variantTitle).join(', ')}.`
  return true
}

/*
 * Dated special opening hours („Sonderöffnungszeiten“, issue 27): a day or a range, closed or with
 * hours of its own, and a short occasion. They apply to every variant, show from `leadDays` days
 * before their first day until their last day, and then end by themselves. Dates are calendar dates
 * (`YYYY-MM-DD`) in Europe/Berlin; the caller passes today's, so this stays clock-free.
 */

export interface SpecialOpeningHoursInput {
  from?: string | null
  to?: string | null
  closed?: boolean | null
  opens?: string | null
  closes?: string | null
  note?: string | null
  leadDays?: number | null
}

/** Days before its first day an entry is announced: the default, and the bounds staff may choose from. */
export const SPECIAL_LEAD_DAYS = { initial: 14, min: 0, max: 60 } as const
/** The occasion is shown in brackets after the date: a word or two („Heiligabend“, „Betriebsferien“). */
export const SPECIAL_NOTE_MAX = 40

/** An entry that is shown now, as the site derives it. */
export interface SpecialOpeningDay {
  /** First and last day (`YYYY-MM-DD`); the same for a single day. */
  from: string
  through: string
  closed: boolean
  opens: string | null
  closes: string | null
  note: string | null
  /** `24.12. geschlossen (Heiligabend)`, `31.12. 09:00–14:00 Uhr (Silvester)` */
  text: string
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
const utcOf = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)))

/** The calendar date `days` later (or earlier) than a YYYY-MM-DD date. */
export function addCalendarDays(date: string, days: number): string {
  return new Date(utcOf(date) + days * 86_400_000).toISOString().slice(0, 10)
}

/** Weekday keys of the schema (WEEKDAYS) by JavaScript's getUTCDay() index (0 = Sunday). */
const DAY_BY_INDEX = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const
export type Weekday = (typeof DAY_BY_INDEX)[number]

/** The weekday of a YYYY-MM-DD date, as the schema keys it (`Th`). */
export function weekdayOf(date: string): Weekday {
  return DAY_BY_INDEX[new Date(utcOf(date)).getUTCDay()]!
}

/** What is wrong with an entry, in German for the Studio; undefined when it is complete. The site shows only complete entries. */
export function specialOpeningHoursProblem(entry: SpecialOpeningHoursInput): string | undefined {
  if (!entry.from || !DATE.test(entry.from)) return 'Bitte ein Datum angeben.'
  if (entry.to && (!DATE.test(entry.to) || entry.to < entry.from)) return 'Das Enddatum darf nicht vor dem ersten Tag liegen.'
  if (entry.closed !== true) {
    if (!entry.opens || !entry.closes) return 'Bitte Öffnungs- und Schließzeit angeben oder „Geschlossen“ wählen.'
    if (!TIME_PATTERN.test(entry.opens) || !TIME_PATTERN.test(entry.closes)) return 'Bitte die Zeiten im Format HH:MM angeben, z. B. 10:00.'
    if (minutesOf(entry.closes) <= minutesOf(entry.opens)) return 'Die Schließzeit muss nach der Öffnungszeit liegen.'
  }
  if ((entry.note?.trim().length ?? 0) > SPECIAL_NOTE_MAX) return `Der Anlass darf höchstens ${SPECIAL_NOTE_MAX} Zeichen lang sein.`
  const lead = entry.leadDays
  if (lead != null && (!Number.isInteger(lead) || lead < SPECIAL_LEAD_DAYS.min || lead > SPECIAL_LEAD_DAYS.max)) {
    return `Bitte eine ganze Zahl von ${SPECIAL_LEAD_DAYS.min} bis ${SPECIAL_LEAD_DAYS.max} Tagen angeben.`
  }
  return undefined
}

/** `Do, 24.12.`: a date with its weekday, so nobody needs a calendar to know the day. */
function dayLabel(date: string): string {
  return `${SHORT[weekdayOf(date)]}, ${date.slice(8, 10)}.${date.slice(5, 7)}.`
}

/** `Do, 24.12.–Sa, 26.12. geschlossen (Weihnachten)`: the German text of a complete entry. */
export function specialOpeningHoursText(entry: SpecialOpeningHoursInput & { from: string }): string {
  const through = entry.to && entry.to !== entry.from ? entry.to : undefined
  const dates = through ? `${dayLabel(entry.from)}–${dayLabel(through)}` : dayLabel(entry.from)
  const hours = entry.closed === true ? 'geschlossen' : `${entry.opens}–${entry.closes} Uhr`
  const note = entry.note?.trim()
  return `${dates} ${hours}${note ? ` (${note})` : ''}`
}

/**
 * The complete entries shown on `today` (`YYYY-MM-DD`, Berlin): from `leadDays` days before their
 * first day through their last day, in date order.
 */
export function currentSpecialOpeningHours(entries: readonly SpecialOpeningHoursInput[] | null | undefined, today: string): SpecialOpeningDay[] {
  const shown: SpecialOpeningDay[] = []
  for (const entry of entries ?? []) {
    if (specialOpeningHoursProblem(entry) !== undefined) continue
    const from = entry.from!
    const through = entry.to || from
    const announced = addCalendarDays(from, -(entry.leadDays ?? SPECIAL_LEAD_DAYS.initial))
    if (today < announced || today > through) continue
    const closed = entry.closed === true
    shown.push({
      from,
      through,
      closed,
      opens: closed ? null : entry.opens!,
      closes: closed ? null : entry.closes!,
      note: entry.note?.trim() || null,
      text: specialOpeningHoursText({ ...entry, from }),
    })
  }
  return shown.sort((a, b) => a.from.localeCompare(b.from) || a.through.localeCompare(b.through))
}

/** The one line every hours list shows while entries are current: `Sonderöffnungszeiten: Do, 24.12. geschlossen (Heiligabend); Do, 31.12. …`. */
export function specialOpeningHoursLine(days: readonly SpecialOpeningDay[]): string | undefined {
  return days.length > 0 ? `Sonderöffnungszeiten: ${days.map((day) => day.text).join('; ')}` : undefined
}
