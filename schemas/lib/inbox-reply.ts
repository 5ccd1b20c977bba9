import type { PreviewValue } from 'sanity'
import { CONTACT_STATUSES, LEAD_KINDS, titleOf } from './constants'

/** What the reply needs from a lead (or a contact message): who, which form, what they wrote. */
export type ReplySource = {
  kind?: string
  contact?: { name?: string; email?: string }
  name?: string
  email?: string
  message?: string
  fields?: Array<{ label?: string; value?: string }>
  receivedAt?: string
  /** A test drive's wished slot (instants; shown in Europe/Berlin). */
  appointment?: { start?: string; end?: string } | null
  /** The car the request is about: its title, read from the lead's vehicle reference (`loadReplyContext`). */
  car?: string
}

/** What the reply names besides the lead itself, read from the lake when it is prepared. */
export type ReplyContext = { dealerName?: string | null; car?: string }

/** The dealer's name and the lead's car (`vehicle._ref`, weak: may be deleted): one small query. */
export const REPLY_CONTEXT_QUERY = `{"dealerName": *[_id == "siteSettings"][0].dealerName, "car": *[_id == $vehicle][0]{title, make, model}}`

/** Runs REPLY_CONTEXT_QUERY with the Studio's client; a failure leaves the reply without the car (never without the reply). */
export async function loadReplyContext(
  client: { fetch<R>(query: string, params: Record<string, unknown>): Promise<R> },
  vehicleId: string | undefined,
): Promise<ReplyContext> {
  type Result = { dealerName?: string | null; car?: { title?: string; make?: string; model?: string } | null }
  const result = await client.fetch<Result>(REPLY_CONTEXT_QUERY, { vehicle: vehicleId ?? '' }).catch(() => undefined)
  const car = result?.car ? result.car.title || [result.car.make, result.car.model].filter(Boolean).join(' ') || undefined : undefined
  return { dealerName: result?.dealerName, car }
}

/**
 * A form's answer as the dealer reads it in the Studio and quotes it in a reply:
 * a whole number under a label with its unit in brackets is written German with the unit, and the label
 * loses it („Kilometerstand (km)“ 88000 → „Kilometerstand“ „88.000 km“, as the dealer's mail writes it); a
 * note to the person filling in the form is left out of the label („E-Mail (für Ihre Bestätigung)“ → „E-Mail“).
 */
export function shownAnswer(label: string, value: string): { label: string; value: string } {
  const unit = /\s*\((km|€)\)$/.exec(label)
  if (unit && /^\d{1,12}$/.test(value)) return { label: label.slice(0, unit.index), value: `${wholeNumber.format(Number(value))}\u00a0${unit[1]}` }
  return { label: label.replace(/\s*\(für [^()]+\)$/, ''), value }
}
const wholeNumber = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 })

const received = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' })

/** When a message or lead came in, as the Posteingang lists show it („29.11.2026, 20:36“, Berlin time). */
export function receivedText(receivedAt: unknown): string | undefined {
  return typeof receivedAt === 'string' && !Number.isNaN(Date.parse(receivedAt)) ? received.format(new Date(receivedAt)) : undefined
}
const weekday = new Intl.DateTimeFormat('de-DE', { weekday: 'short', timeZone: 'Europe/Berlin' })
const date = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' })
const time = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' })

/**
 * A test drive's slot as the form offered it and the mails name it (`slotText` on the site):
 * „Sa, 28.11.2026, 12:00–15:00 Uhr“, in Europe/Berlin whatever the browser's time zone.
 */
export function appointmentText(appointment: { start?: string; end?: string } | null | undefined): string | undefined {
  if (!appointment?.start) return undefined
  const start = new Date(appointment.start)
  if (Number.isNaN(start.getTime())) return undefined
  const end = appointment.end ? new Date(appointment.end) : undefined
  const day = `${weekday.format(start).replace(/\.$/, '')}, ${date.format(start)}`
  const window = end && !Number.isNaN(end.getTime()) ? `${time.format(start)}–${time.format(end)}` : time.format(start)
  return `${day}, ${window} Uhr`
}

const dayAndMonth = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', timeZone: 'Europe/Berlin' })
/** A time without its zero minutes: „12“, „9:30“. */
const shortTime = (at: Date) => time.format(at).replace(/^0/, '').replace(/:00$/, '')

/** A slot for a line that has little room: „Sa, 28.11., 12–15 Uhr“. */
export function shortAppointmentText(start: string, end?: string): string | undefined {
  const from = new Date(start)
  if (Number.isNaN(from.getTime())) return undefined
  const to = end ? new Date(end) : undefined
  const window = to && !Number.isNaN(to.getTime()) ? `${shortTime(from)}–${shortTime(to)}` : shortTime(from)
  return `${weekday.format(from).replace(/\.$/, '')}, ${dayAndMonth.format(from)}, ${window} Uhr`
}

/** The form's German name, for the subject and the preview. */
export function formTitle(kind: unknown): string {
  return titleOf(LEAD_KINDS, kind) ?? (kind === undefined ? 'Kontaktanfrage' : 'Anfrage')
}

/**
 * `mailto:` and the address, percent-encoded: an address the site accepted may still hold `?`, `&`
 * or `%` (`x?cc=a@example.de`), which would otherwise add a Cc, a Bcc or a body of the sender's
 * choosing to the mail a click opens. Only the `@` stays readable.
 */
export function mailtoAddress(email: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}`
}

/**
 * A prepared reply as a mailto: link: to the sender, subject „Ihre Anfrage bei <Händler>: <Formular> – <Fahrzeug>"
 * (a test drive: „Ihre Probefahrt bei <Händler>: <Fahrzeug> am <Termin>"), the request quoted below
 * a greeting. Undefined without an address (nothing to answer to).
 */
export function replyMailto(source: ReplySource, dealerName: string): string | undefined {
  const email = source.contact?.email ?? source.email
  if (!email) return undefined
  const name = source.contact?.name ?? source.name
  const slot = appointmentText(source.appointment)
  // Ours the request is about, or the one a seller offers.
  const car = source.car?.replace(/\s+/g, ' ').trim() || offeredCar(source.fields)
  // The car (and a test drive's slot) in the subject: the buyer sees at once which request is answered.
  const subject =
    source.kind === 'test-drive' && car
      ? `Ihre Probefahrt bei ${dealerName}: ${car}${slot ? ` am ${slot}` : ''}`
      : `Ihre Anfrage bei ${dealerName}: ${formTitle(source.kind)}${car ? ` – ${car}` : ''}`
  const fields = source.fields ?? []
  const request = [
    // The form's own lines name the car only on some forms; the vehicle reference always does.
    ...(source.car && !fields.some((field) => field.label === 'Fahrzeug') ? [`Fahrzeug: ${car}`] : []),
    ...fields.map((field) => {
      const shown = shownAnswer(field.label ?? '', field.value ?? '')
      return `${shown.label}: ${shown.value}`
    }),
    ...(source.message ? [source.message] : []),
  ]
  const when = source.receivedAt ? ` vom ${received.format(new Date(source.receivedAt))}` : ''
  const body = [
    name ? `Guten Tag ${name},` : 'Guten Tag,',
    '',
    '',
    '',
    `Ihre Anfrage${when}:`,
    ...request.flatMap((line) => line.split('\n')).map((line) => `> ${line}`),
  ].join('\n')
  // encodeURIComponent, not URLSearchParams: mail programs read "+" literally, not as a space.
  return `${mailtoAddress(email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}

/** The car a seller offers, from the form's answers „Marke“ and „Modell“ („Opel Astra 1.2 Turbo“), if any. */
function offeredCar(fields: unknown): string | undefined {
  if (!Array.isArray(fields)) return undefined
  const answer = (label: string) => {
    const value = (fields as Array<{ label?: unknown; value?: unknown }>).find((field) => field.label === label)?.value
    return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : ''
  }
  return [answer('Marke'), answer('Modell')].filter(Boolean).join(' ') || undefined
}

/**
 * The lead's list preview: the form and the person; when it came in, its status, a wished
 * test-drive slot as a date, and the car: ours it asks about, or the one a seller offers (the
 * list said „Auto verkaufen · Jana Kowalski“ and nothing of her Opel).
 */
export function prepareLeadPreview({
  kind,
  name,
  phone,
  email,
  receivedAt,
  vehicleTitle,
  vehicleMake,
  vehicleModel,
  fields,
  slot,
  slotEnd,
  status,
  media,
}: Record<string, unknown>): PreviewValue {
  const car = (typeof vehicleTitle === 'string' && vehicleTitle) || [vehicleMake, vehicleModel].filter(Boolean).join(' ') || offeredCar(fields)
  const when = typeof slot === 'string' ? shortAppointmentText(slot, typeof slotEnd === 'string' ? slotEnd : undefined) : undefined
  return {
    title: [formTitle(kind ?? 'lead'), (name ?? phone ?? email ?? 'Unbekannt') as string].join(' · '),
    // What the request is about first, in a short slot, then when it came and its status: the list cuts the line
    // at about 45 characters, and a test drive's car never showed.
    subtitle: [when, car, receivedText(receivedAt), titleOf(CONTACT_STATUSES, status) ?? 'Neu'].filter(Boolean).join(' · '),
    media: media ? ({ _type: 'image', asset: media } as unknown as PreviewValue['media']) : undefined,
  }
}
