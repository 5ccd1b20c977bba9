import { WEEKDAYS } from '#schemas/lib/constants.ts'
import { type SpecialOpeningHoursInput } from '#schemas/lib/opening-hours.ts'
import { addCalendarDays, berlinInstant, berlinParts, minutesOf, TIME_PATTERN, timeOf, weekdayOf } from '#app/utils/clock.ts'
import { type HoursSpec, openIntervals } from '#app/utils/open-now.ts'

/*
 * The appointment slots the site offers and the server accepts: a vehicle page's test drive
 * (docs/decisions/042) and the seller's Besichtigungstermin after a sell request (decision 085). The next
 * open days of the opening hours in the lake (the `general` variant), each with three-hour windows
 * (…, 09:00–12:00, 12:00–15:00, 15:00–18:00, …) clipped to that day's hours. No window that ends within the hour, no
 * closed days (a day only "nach Vereinbarung" is closed for online booking), no public holiday of
 * NRW (shops close on them by law), and on a day of the settings' Sonderöffnungszeiten only its
 * special hours (none when closed). All in Europe/Berlin.
 * Browser-safe and clock-free: `now` is always passed in.
 */

export interface AppointmentSlot {
  /** The submitted value: `2026-11-28T09:00-12:00` (Berlin date and wall-clock window). */
  value: string
  date: string
  start: string
  end: string
  /** `Sa, 28.11.2026` */
  dayLabel: string
  /** `09:00–12:00 Uhr` */
  windowLabel: string
}

export type SlotCheck =
  { ok: true; slot: AppointmentSlot; startsAt: Date; endsAt: Date } | { ok: false; reason: 'format' | 'past' | 'ending' | 'closed' | 'outside' | 'far' }

/** How many open days the form offers (and the server accepts). */
export const SLOT_DAYS = 14
const WINDOW_MINUTES = 180
/** Windows are aligned to 09:00 (09–12, 12–15, 15–18, 18–21; 06–09 before). */
const WINDOW_ALIGN_MINUTES = 9 * 60
/** A clipped window shorter than this is not offered (Saturday 15:00–16:00 is, 15:00–15:30 would not be). */
const MIN_WINDOW_MINUTES = 60
const SLOT_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})-(\d{2}:\d{2})$/
const SHORT_DAY = Object.fromEntries(WEEKDAYS.map((day) => [day.value, day.title.slice(0, 2)])) as Record<string, string>

export const SLOT_MESSAGES = {
  format: 'Bitte wählen Sie einen Termin aus der Liste.',
  past: 'Dieser Termin liegt in der Vergangenheit. Bitte wählen Sie einen späteren Termin.',
  ending: 'Dieses Zeitfenster endet in weniger als einer halben Stunde. Bitte wählen Sie einen späteren Termin oder rufen Sie uns an.',
  closed: 'An diesem Tag haben wir geschlossen. Bitte wählen Sie einen anderen Tag.',
  outside: 'Zu dieser Zeit haben wir an diesem Tag nicht geöffnet. Bitte wählen Sie einen Termin aus der Liste.',
  far: `Bitte wählen Sie einen Termin in den nächsten ${SLOT_DAYS} Öffnungstagen.`,
} as const

function dayLabel(date: string): string {
  return `${SHORT_DAY[weekdayOf(date)]}, ${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`
}

function slotOf(date: string, start: number, end: number): AppointmentSlot {
  const from = timeOf(start)
  const to = timeOf(end)
  return { value: `${date}T${from}-${to}`, date, start: from, end: to, dayLabel: dayLabel(date), windowLabel: `${from}–${to} Uhr` }
}

/** Every window of a date (past ones included), clipped to its hours. */
function windowsOf(date: string, specs: readonly HoursSpec[], special: readonly SpecialOpeningHoursInput[]): AppointmentSlot[] {
  const slots: AppointmentSlot[] = []
  for (const [opens, closes] of openIntervals(date, specs, special)) {
    const first = WINDOW_ALIGN_MINUTES - Math.ceil((WINDOW_ALIGN_MINUTES - opens) / WINDOW_MINUTES) * WINDOW_MINUTES
    for (let start = first; start < closes; start += WINDOW_MINUTES) {
      const from = Math.max(start, opens)
      const to = Math.min(start + WINDOW_MINUTES, closes)
      if (to - from >= MIN_WINDOW_MINUTES) slots.push(slotOf(date, from, to))
    }
  }
  return slots
}

/**
 * Minutes of a window of today that must be left to offer it, and to accept it: one that has begun
 * is still worth booking (a buyer can come at 10:00 to a 09:00–12:00 window, issue 36). Accepting
 * needs less than offering, so a window shown on a page from the cache (up to PAGE_CACHE_TTL old) or
 * in a form filled in slowly is not refused a few minutes later (decision 069).
 */
const MIN_LEFT_TO_OFFER = MIN_WINDOW_MINUTES
const MIN_LEFT_TO_ACCEPT = 30

const leftToday = (slot: Pick<AppointmentSlot, 'end'>, minutes: number) => minutesOf(slot.end) - minutes

/** The slots offered at `now`: the windows of the next SLOT_DAYS open days, today's while an hour of them is left. */
export function appointmentSlots(
  specs: readonly HoursSpec[],
  now: Date,
  { days = SLOT_DAYS, special = [] }: { days?: number; special?: readonly SpecialOpeningHoursInput[] | null } = {},
): AppointmentSlot[] {
  const today = berlinParts(now)
  const slots: AppointmentSlot[] = []
  let openDays = 0
  // A year ahead at most: hours with no open day at all offer nothing.
  for (let offset = 0; offset < 366 && openDays < days; offset++) {
    const date = addCalendarDays(today.date, offset)
    const windows = windowsOf(date, specs, special ?? []).filter((slot) => offset > 0 || leftToday(slot, today.minutes) >= MIN_LEFT_TO_OFFER)
    if (windows.length === 0) continue
    openDays++
    slots.push(...windows)
  }
  return slots
}

/** The date and end of a well-formed slot value (`2026-11-30T09:00-12:00`: a real day, real times); undefined for any other string. */
function parseSlot(value: string): { date: string; end: string } | undefined {
  const match = SLOT_PATTERN.exec(value)
  if (!match || !TIME_PATTERN.test(match[4]!) || !TIME_PATTERN.test(match[5]!)) return undefined
  const date = `${match[1]}-${match[2]}-${match[3]}`
  return addCalendarDays(date, 0) === date ? { date, end: match[5]! } : undefined
}

/**
 * The window `value` names among its date's windows, however late it is read: a confirmation names the
 * slot that was accepted, also once it has begun and is no longer offered (decision 069). None for a
 * value that names no window of the hours.
 */
export function windowNamed(value: string, specs: readonly HoursSpec[], special: readonly SpecialOpeningHoursInput[] | null = []): AppointmentSlot | undefined {
  const parsed = parseSlot(value)
  return parsed ? windowsOf(parsed.date, specs, special ?? []).find((slot) => slot.value === value) : undefined
}

/** The server's check of a submitted slot against the hours at `now`: why it is refused, or the slot with its instants. */
export function checkSlot(value: string, specs: readonly HoursSpec[], now: Date, special: readonly SpecialOpeningHoursInput[] | null = []): SlotCheck {
  const parsed = parseSlot(value)
  if (!parsed) return { ok: false, reason: 'format' }
  const { date, end } = parsed
  const today = berlinParts(now)
  if (date < today.date || (date === today.date && minutesOf(end) <= today.minutes)) return { ok: false, reason: 'past' }
  const windows = windowsOf(date, specs, special ?? [])
  if (windows.length === 0) return { ok: false, reason: 'closed' }
  const slot = windows.find((candidate) => candidate.value === value)
  if (!slot) return { ok: false, reason: 'outside' }
  if (date === today.date && leftToday(slot, today.minutes) < MIN_LEFT_TO_ACCEPT) return { ok: false, reason: 'ending' }
  // Today is always near; a later day must be among the offered open days.
  if (date !== today.date && !appointmentSlots(specs, now, { special }).some((offered) => offered.value === value)) return { ok: false, reason: 'far' }
  return { ok: true, slot, startsAt: berlinInstant(date, slot.start), endsAt: berlinInstant(date, slot.end) }
}
