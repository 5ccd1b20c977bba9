import { WEEKDAYS } from './constants'

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
