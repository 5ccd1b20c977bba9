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
}

const received = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' })

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
 * A prepared reply as a mailto: link: to the sender, subject „Ihre Anfrage bei <Händler>: <Formular>",
 * the request quoted below a greeting. Undefined without an address (nothing to answer to).
 */
export function replyMailto(source: ReplySource, dealerName: string): string | undefined {
  const email = source.contact?.email ?? source.email
  if (!email) return undefined
  const name = source.contact?.name ?? source.name
  const subject = `Ihre Anfrage bei ${dealerName}: ${formTitle(source.kind)}`
  const request = [...(source.fields ?? []).map((field) => `${field.label ?? ''}: ${field.value ?? ''}`), ...(source.message ? [source.message] : [])]
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

/** The lead's list preview: the form, the person, the car, and a wished test-drive slot as a date. */
export function prepareLeadPreview({
  kind,
  name,
  phone,
  email,
  vehicleTitle,
  vehicleMake,
  vehicleModel,
  slot,
  status,
  media,
}: Record<string, unknown>): PreviewValue {
  const car = (typeof vehicleTitle === 'string' && vehicleTitle) || [vehicleMake, vehicleModel].filter(Boolean).join(' ') || undefined
  const when = typeof slot === 'string' ? `Termin ${received.format(new Date(slot))}` : undefined
  return {
    title: [formTitle(kind ?? 'lead'), (name ?? phone ?? email ?? 'Unbekannt') as string].join(' · '),
    subtitle: [titleOf(CONTACT_STATUSES, status) ?? 'Neu', car, when].filter(Boolean).join(' · '),
    media: media ? ({ _type: 'image', asset: media } as unknown as PreviewValue['media']) : undefined,
  }
}
