/**
 * The visitor's receipt (Eingangsbestätigung) for a stored contact message or lead that gave an
 * e-mail address (docs/decisions/042): German, to that address only, once per submission. It says
 * that the request arrived and when, repeats the short fields they sent, promises the answer time
 * of the Kennzahl „Bewertung innerhalb (Stunden)“ and names the dealer's phone and address. No
 * marketing, no links but the car's page. The free-text message is not repeated: a stranger could
 * otherwise make the dealer's server mail any text to any address.
 */
import { type SanityDocument } from '#app/sanity/lake.server.ts'
import { CONTACT_SUBJECTS, type FormDefinition } from '#app/submissions/forms.ts'
import { LEAD_FORMS } from '#app/submissions/lead-forms.ts'
import { escapeHtml, formatBerlinTime, headerSafe, TRADE_IN_LABEL, type NotificationMail, type NotificationVehicle } from './notification-mail.server.ts'

export interface ConfirmationSettings {
  dealerName?: string | null
  phone?: string | null
  email?: string | null
  address?: { street?: string | null; postalCode?: string | null; city?: string | null } | null
  /** Einstellungen → Kennzahlen → „Bewertung innerhalb (Stunden)“. */
  answerHours?: number | null
}

export interface ConfirmationMailOptions {
  from: string
  siteUrl?: string
  settings: ConfirmationSettings
  vehicle?: NotificationVehicle | null
}

interface Row {
  label: string
  value: string
}

/** Fields that are the visitor's own long text, not repeated (see above). */
const NOT_REPEATED = new Set(['message'])
const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined)

/** The address the receipt goes to: the one the visitor gave, if it looks like one. */
export function confirmationRecipient(doc: SanityDocument): string | undefined {
  const email = doc._type === 'lead' ? text((doc.contact as Record<string, unknown> | undefined)?.email) : text(doc.email)
  return email && EMAIL.test(email) ? email : undefined
}

/** What the visitor sent, as label and value, in form order. */
function sentRows(doc: SanityDocument, options: ConfirmationMailOptions): { kindTitle: string; name?: string; rows: Row[] } {
  if (doc._type !== 'lead') {
    const subject = text(doc.subject)
    const rows: Row[] = [
      { label: 'Name', value: text(doc.name) ?? '' },
      { label: 'E-Mail', value: text(doc.email) ?? '' },
      { label: 'Telefon', value: text(doc.phone) ?? '' },
      { label: 'Betreff', value: subject ? (CONTACT_SUBJECTS[subject as keyof typeof CONTACT_SUBJECTS] ?? subject) : '' },
    ].filter((row) => row.value !== '')
    return { kindTitle: 'Nachricht', name: text(doc.name), rows }
  }
  const kind = text(doc.kind)
  const form = kind ? (LEAD_FORMS as Record<string, FormDefinition | undefined>)[kind] : undefined
  const rows: Row[] = []
  const vehicle = options.vehicle
  if (vehicle) {
    const name = text(vehicle.title) ?? [text(vehicle.make), text(vehicle.model)].filter(Boolean).join(' ')
    const id = text(vehicle.id)
    const link = id && options.siteUrl ? ` – ${new URL(`/vehicles/${encodeURIComponent(id)}`, options.siteUrl).toString()}` : ''
    // A sell request's vehicle is the car the seller wants to buy with it (trade-in), not the car sold.
    rows.push({ label: kind === 'vehicle-sale' ? TRADE_IN_LABEL : 'Fahrzeug', value: `${name || 'Fahrzeug'}${link}` })
  }
  const fields = Array.isArray(doc.fields) ? (doc.fields as Array<Record<string, unknown>>) : []
  for (const field of fields) {
    const name = text(field?.name)
    const value = typeof field?.value === 'number' ? String(field.value) : text(field?.value)
    if (!name || value === undefined || NOT_REPEATED.has(name)) continue
    rows.push({ label: text(field.label) ?? name, value })
  }
  const contact = (doc.contact ?? {}) as Record<string, unknown>
  return { kindTitle: form?.title ?? 'Anfrage', name: text(contact.name), rows }
}

function answerPromise(hours: number | null | undefined): string {
  if (typeof hours === 'number' && Number.isFinite(hours) && hours > 0) {
    return `Wir melden uns innerhalb von ${hours} ${hours === 1 ? 'Stunde' : 'Stunden'} bei Ihnen (an Werktagen).`
  }
  return 'Wir melden uns so schnell wie möglich bei Ihnen.'
}

/** The receipt for `doc`, or undefined when it gave no address. */
export function buildConfirmationMail(doc: SanityDocument, options: ConfirmationMailOptions): NotificationMail | undefined {
  const to = confirmationRecipient(doc)
  if (!to) return undefined
  const { settings } = options
  const dealer = text(settings.dealerName) ?? 'Ihr Autohaus'
  const { kindTitle, name, rows } = sentRows(doc, options)
  const received = formatBerlinTime(doc.receivedAt)
  const greeting = name ? `Guten Tag ${headerSafe(name, 100)},` : 'Guten Tag,'
  const intro = `vielen Dank für Ihre ${kindTitle === 'Nachricht' ? 'Nachricht' : `Anfrage (${kindTitle})`}. Sie ist${received ? ` am ${received}` : ''} bei uns eingegangen.`
  const promise = answerPromise(settings.answerHours)
  const address = settings.address
  const addressLine = [text(address?.street), [text(address?.postalCode), text(address?.city)].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  const phone = text(settings.phone)
  const reach = [
    phone ? `Telefon: ${phone}` : undefined,
    addressLine ? `Adresse: ${dealer}, ${addressLine}` : undefined,
    text(settings.email) ? `E-Mail: ${text(settings.email)}` : undefined,
  ].filter((line): line is string => line !== undefined)
  const why = `Sie erhalten diese E-Mail einmalig, weil auf unserer Website ein Formular mit Ihrer E-Mail-Adresse abgeschickt wurde. Waren Sie das nicht, können Sie sie ignorieren.`
  const width = Math.max(0, ...rows.map((row) => row.label.length)) + 2

  const textBody = [
    greeting,
    '',
    intro,
    promise,
    '',
    'Ihre Angaben:',
    ...rows.map((row) => `${`${row.label}:`.padEnd(width)}${row.value.replace(/\r?\n/g, ' ')}`),
    '',
    'So erreichen Sie uns:',
    ...reach,
    '',
    `Mit freundlichen Grüßen`,
    dealer,
    '',
    '--',
    why,
    '',
  ].join('\n')

  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left'
  const html = [
    '<!doctype html>',
    `<html lang="de"><head><meta charset="utf-8"><title>Eingangsbestätigung</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#111">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}<br>${escapeHtml(promise)}</p>`,
    '<h2 style="font-size:16px">Ihre Angaben</h2>',
    '<table style="border-collapse:collapse">',
    ...rows.map((row) => `<tr><th style="${cell}">${escapeHtml(row.label)}</th><td style="${cell}">${escapeHtml(row.value)}</td></tr>`),
    '</table>',
    '<h2 style="font-size:16px">So erreichen Sie uns</h2>',
    `<p>${reach.map(escapeHtml).join('<br>')}</p>`,
    `<p>Mit freundlichen Grüßen<br>${escapeHtml(dealer)}</p>`,
    '<hr>',
    `<p style="color:#555">${escapeHtml(why)}</p>`,
    '</body></html>',
    '',
  ].join('\n')

  const domain = /@([^\s@<>]+)>?\s*$/.exec(options.from)?.[1] ?? 'localhost'
  const dealerEmail = text(settings.email)
  const safeId = doc._id.replace(/[^A-Za-z0-9._-]/g, '-')
  return {
    to,
    from: options.from,
    // An answer to the receipt reaches the dealer, not an unread sender address.
    ...(dealerEmail && EMAIL.test(dealerEmail) ? { replyTo: { name: headerSafe(dealer, 100), address: dealerEmail } } : {}),
    subject: headerSafe(`Eingangsbestätigung: ${kindTitle === 'Nachricht' ? 'Ihre Nachricht' : `Ihre Anfrage (${kindTitle})`} bei ${dealer}`, 200),
    text: textBody,
    html,
    messageId: `<${safeId}.bestaetigung@${domain}>`,
    // RFC 3834: an automatic mail; out-of-office replies should not answer it.
    headers: { 'X-Lead-Id': safeId, 'Auto-Submitted': 'auto-generated' },
  }
}
