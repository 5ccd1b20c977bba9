/**
 * The notification mail for a stored contact message or lead: a German subject, a plain-text
 * and an HTML body listing every field, and `replyTo` set to the sender's address.
 * User text is HTML-escaped in the HTML part; the subject is stripped of line breaks and
 * control characters (nodemailer encodes the address headers itself).
 */
import { CONTACT_SUBJECTS } from '#app/submissions/forms.ts'
import { type FieldDefinition, type FormDefinition } from '#app/submissions/forms.ts'
import { LEAD_FORMS } from '#app/submissions/form-registry.ts'
import { PHOTO_ROUTE } from '#app/submissions/photos.ts'
import { type SanityDocument } from '#app/lake/lake.server.ts'
import { TIME_ZONE } from '#app/utils/clock.ts'
import { escapeHtml } from '#app/utils/html.server.ts'
import { formatEuro, formatMileage } from '#app/utils/format.ts'
import { isSameSitePage } from '#app/utils/redirect-path.ts'
import { appointmentAttachment, type CalendarAttachment } from './icalendar.server.ts'
import { carName, carPageUrl, leadContact, leadFields, leadPhotoList, mailDomain, mailHtml, mailMessageId, mailSafeId } from './mail-parts.server.ts'
import { APPOINTMENT_FIELD } from './sale-appointment.ts'

/** The document types that trigger a notification. */
export const NOTIFIED_TYPES = ['contactMessage', 'lead'] as const

export interface NotificationMail {
  to: string
  /** MAIL_FROM; to a visitor without a name of its own, an address object with the dealer's (visitorSender). */
  from: string | { name: string; address: string }
  /** An address object, never a parsed string: a name with commas or brackets cannot add recipients. */
  replyTo?: { name: string; address: string }
  subject: string
  text: string
  html: string
  /** Stable per document: a mail sent twice (retry after a failed patch) is recognisable as one. */
  messageId: string
  headers: Record<string, string>
  /** A test drive's wished slot as an .ics file (issue 26). */
  attachments?: CalendarAttachment[]
}

/** The vehicle a lead refers to, resolved by the notifier (`vehicle->`). */
export interface NotificationVehicle {
  id?: string | null
  title?: string | null
  make?: string | null
  model?: string | null
  /** `reserved`: the mails say so (issue 36). */
  status?: string | null
}

export interface NotificationMailOptions {
  to: string
  from: string
  /** Public base URL, for links to the page the form was sent from and to the Studio. */
  siteUrl?: string
  vehicle?: NotificationVehicle | null
  /** The test drive a sell request follows (issue 36: „Fahrzeug in Zahlung geben?“), as the notifier reads it. */
  testDrive?: NotificationTestDrive | null
}

export interface NotificationTestDrive {
  _id: string
  receivedAt?: string | null
  slot?: string | null
  vehicle?: NotificationVehicle | null
}

/** The row of a sell request's mail that links it to the customer's test drive. */
export const TEST_DRIVE_LINK_LABEL = 'Gehört zur Probefahrt-Anfrage'

function testDriveText(testDrive: NotificationTestDrive, siteUrl: string | undefined): string {
  const car = testDrive.vehicle
    ? (text(testDrive.vehicle.title) ?? [text(testDrive.vehicle.make), text(testDrive.vehicle.model)].filter(Boolean).join(' '))
    : ''
  const received = formatBerlinTime(testDrive.receivedAt)
  const studio = siteUrl ? ` – ${studioEditUrl({ _id: testDrive._id, _type: 'lead' }, siteUrl)}` : ''
  return [
    `Probefahrt${car ? ` ${car}` : ''}${text(testDrive.slot) ? `, Wunschtermin ${text(testDrive.slot)}` : ''}`,
    received ? ` (angefragt am ${received})` : '',
    `, ID ${testDrive._id}${studio}`,
  ].join('')
}

interface Row {
  label: string
  value: string
}

const MAX_SUBJECT_PART = 80

/** Formats an ISO date-time as German local time in Europe/Berlin, e.g. `Samstag, 21. November 2026 um 16:17 Uhr`. */
export function formatBerlinTime(iso: unknown): string | undefined {
  if (typeof iso !== 'string' || iso === '') return undefined
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const formatted = new Intl.DateTimeFormat('de-DE', { timeZone: TIME_ZONE, dateStyle: 'full', timeStyle: 'short' }).format(date)
  return `${formatted} Uhr`
}

/** One line of header text: no CR/LF, other control characters or bidi overrides, collapsed spaces, bounded length. */
export function headerSafe(value: string, maxLength = MAX_SUBJECT_PART): string {
  const line = value
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return line.length > maxLength ? `${line.slice(0, maxLength - 1).trimEnd()}…` : line
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string') return value.trim() === '' ? undefined : value
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nein'
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined
  if (Array.isArray(value)) {
    const parts = value.map(text).filter((part): part is string => part !== undefined)
    return parts.length > 0 ? parts.join(', ') : undefined
  }
  return JSON.stringify(value)
}

/**
 * A stored field's value as both mails show it (the dealer's and the receipt, confirmation-mail.server.ts),
 * from the form's definition: a select's option with its label („04 – April“), a whole number
 * German („123.456 km“, „5.000 €“; a year as it is), anything else as stored.
 */
export function shownValue(field: FieldDefinition, stored: unknown): string | undefined {
  const value = text(stored)
  if (value === undefined) return undefined
  if (field.type === 'select') return field.optionLabels?.[value] ?? value
  if (field.type !== 'number' || !/^\d{1,12}$/.test(value)) return value
  return field.number === 'mileage' ? formatMileage(Number(value)) : field.number === 'price' ? formatEuro(Number(value)) : value
}

/**
 * A field's label as the mails show it beside its value: a unit in brackets that the value carries
 * already is left out („Kilometerstand (km)“ with „85.000 km“ → „Kilometerstand“), so no unit is
 * shown twice. The form keeps the unit: there it says what to type.
 */
export function mailLabel(label: string, value: string): string {
  const unit = /\s*\(([^()]+)\)$/.exec(label)
  return unit && value.replace(/\u00a0/g, ' ').endsWith(` ${unit[1]}`) ? label.slice(0, unit.index) : label
}

/** The page a lead was sent from as a link on the site; a stored path that names another host (`/\\evil.example`) is left out. */
function pageUrl(page: unknown, siteUrl: string | undefined): string | undefined {
  const path = text(page)
  if (!path || !isSameSitePage(path)) return undefined
  return siteUrl ? new URL(path, siteUrl).toString() : path
}

function vehicleText(vehicle: NotificationVehicle | null | undefined, siteUrl: string | undefined) {
  if (!vehicle) return undefined
  const id = text(vehicle.id)
  const page = carPageUrl(vehicle.id, siteUrl)
  const reserved = vehicle.status === 'reserved' ? ' – derzeit RESERVIERT' : ''
  return `${carName(vehicle) ?? 'Fahrzeug'}${id ? ` (Nr. ${id})` : ''}${reserved}${page ? ` – ${page}` : ''}`
}

/** What the dealer is asked to do for a „Benachrichtigen, falls wieder frei“ lead (issue 36, decision 067). */
export const AVAILABILITY_ALERT_TASK =
  'Möchte benachrichtigt werden, sobald das reservierte Fahrzeug wieder frei ist. Bitte melden Sie sich selbst, wenn die Reservierung wegfällt: eine automatische Benachrichtigung gibt es noch nicht.'

function isEmail(value: string | undefined): value is string {
  return value !== undefined && /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(value)
}

interface Content {
  heading: string
  subject: string
  rows: Row[]
  /** The free-text message, shown below the rows keeping its line breaks. */
  message?: string
  name?: string
  email?: string
  phone?: string
  /** The sell request's photos: a label and the address that shows each (Sanity's CDN, or the capability link). */
  photos?: Array<{ label: string; href?: string }>
  /** Why the photos the seller sent were not stored (`lead.photosWithheld`), in German. */
  photosWithheld?: string
}

/** The mail's note on a lead stored without the photos sent with it (docs/decisions/041). */
export const PHOTOS_WITHHELD_NOTES: Record<string, string> = {
  budget:
    'Der Verkäufer hat Fotos gesendet, sie wurden aber nicht gespeichert: Das Speicherbudget für Fotos (pro Absender und Tag oder insgesamt auf dem Server) war erschöpft. Bitten Sie ihn bei Bedarf, die Fotos auf anderem Weg zu schicken.',
}

/** The photos of a lead as the mail lists them (docs/decisions/041). */
function leadPhotos(doc: SanityDocument, siteUrl: string | undefined): Content['photos'] {
  const photos = leadPhotoList(doc)
  if (photos.length === 0) return undefined
  return photos.map((photo, index) => {
    const size = typeof photo.width === 'number' && typeof photo.height === 'number' ? ` (${photo.width} × ${photo.height} px)` : ''
    const url = text(photo.url)
    const file = text(photo.file)
    const href = url?.startsWith('https://') ? url : file && siteUrl ? new URL(`${PHOTO_ROUTE}/${encodeURIComponent(file)}`, siteUrl).toString() : undefined
    return { label: `Foto ${index + 1}${size}`, ...(href ? { href } : {}) }
  })
}

function withheldNote(reason: string | undefined): Pick<Content, 'photosWithheld'> {
  return reason ? { photosWithheld: PHOTOS_WITHHELD_NOTES[reason] ?? PHOTOS_WITHHELD_NOTES.budget } : {}
}

function contactContent(doc: SanityDocument): Content {
  const name = text(doc.name)
  const email = text(doc.email)
  const phone = text(doc.phone)
  const subjectKey = text(doc.subject)
  const subjectTitle = subjectKey ? (CONTACT_SUBJECTS[subjectKey as keyof typeof CONTACT_SUBJECTS] ?? subjectKey) : undefined
  const rows: Row[] = []
  if (name) rows.push({ label: 'Name', value: name })
  if (email) rows.push({ label: 'E-Mail', value: email })
  if (phone) rows.push({ label: 'Telefon', value: phone })
  rows.push({ label: 'Betreff', value: subjectTitle ?? 'Kein Betreff gewählt' })
  return {
    heading: 'Neue Nachricht über das Kontaktformular',
    subject: `Neue Nachricht: ${headerSafe(subjectTitle ?? 'Kontaktformular')} – ${headerSafe(name ?? email ?? 'ohne Namen')}`,
    rows,
    message: text(doc.message),
    name,
    email,
    phone,
  }
}

/** The row of a sell request's mail that names the vehicle the trade-in is for. */
export const TRADE_IN_LABEL = 'Inzahlungnahme beim Kauf von'

function leadContent(doc: SanityDocument, options: NotificationMailOptions): Content {
  const kind = text(doc.kind)
  const form = kind ? (LEAD_FORMS as Record<string, FormDefinition | undefined>)[kind] : undefined
  const kindTitle = form?.title || kind || 'Anfrage'
  const contact = leadContact(doc)
  const name = text(contact.name)
  const email = text(contact.email)
  const phone = text(contact.phone)
  const rows: Row[] = [{ label: 'Art der Anfrage', value: kindTitle }]
  const fields = leadFields(doc)
  // A dealer's registration has no name field: its name is the company's, which the Firmenname row shows.
  const company = text(fields.find((field) => field?.name === 'company')?.value)
  if (name && name !== company) rows.push({ label: 'Name', value: name })
  if (email) rows.push({ label: 'E-Mail', value: email })
  if (phone) rows.push({ label: 'Telefon', value: phone })
  const vehicle = vehicleText(options.vehicle, options.siteUrl)
  // A sell request names the car the seller wants to buy with it (the vehicle page's trade-in link), not the car sold.
  if (vehicle) rows.push({ label: kind === 'vehicle-sale' ? TRADE_IN_LABEL : 'Fahrzeug', value: vehicle })
  if (kind === 'availability-alert') rows.push({ label: 'Wunsch', value: AVAILABILITY_ALERT_TASK })
  if (options.testDrive?._id) rows.push({ label: TEST_DRIVE_LINK_LABEL, value: testDriveText(options.testDrive, options.siteUrl) })
  let message: string | undefined
  for (const field of fields) {
    const fieldName = text(field?.name)
    const label = text(field?.label) ?? fieldName ?? 'Feld'
    const definition = form?.fields.find((candidate) => candidate.name === fieldName)
    // Formatted as the receipt shows it; a field the form no longer has, as stored.
    const value = definition ? shownValue(definition, field?.value) : text(field?.value)
    if (value === undefined) continue
    // The contact rows above already show these.
    if ((fieldName === 'name' && value === name) || (fieldName === 'email' && value === email) || (fieldName === 'phone' && value === phone)) continue
    if (fieldName === 'message' && message === undefined) {
      message = value
      continue
    }
    rows.push({ label: mailLabel(label, value), value })
  }
  return {
    photos: leadPhotos(doc, options.siteUrl),
    ...withheldNote(text(doc.photosWithheld)),
    heading: `Neue Anfrage: ${kindTitle}`,
    subject: `Neue Anfrage: ${headerSafe(kindTitle)} – ${headerSafe(name ?? phone ?? email ?? 'ohne Namen')}`,
    rows,
    message,
    name,
    email,
    phone,
  }
}

/**
 * The footer line of the plain-text part. Name and phone go through headerSafe: a value stored
 * before the forms refused line breaks must not add lines of its own to the dealer's mail.
 */
function answerNote(content: Content): string {
  const name = content.name ? headerSafe(content.name, 100) : ''
  const phone = content.phone ? headerSafe(content.phone, 40) : ''
  if (isEmail(content.email)) {
    // The comma closes the um-zu group before „oder“.
    const call = phone ? `, oder rufen Sie unter ${phone} an` : ''
    return `Antworten Sie direkt auf diese E-Mail, um ${name || 'den Absender'} unter ${content.email} zu erreichen${call}.`
  }
  if (phone) return `Keine E-Mail-Adresse angegeben: bitte telefonisch unter ${phone} antworten.`
  return 'Keine Kontaktdaten angegeben.'
}

/**
 * The Studio's intent link that opens the document itself (Sanity resolves `intent/edit` to the
 * document's pane in the structure), so staff need not search the inbox for the id.
 */
export function studioEditUrl(doc: Pick<SanityDocument, '_id' | '_type'>, siteUrl: string): string {
  return new URL(`/studio/intent/edit/id=${encodeURIComponent(doc._id)};type=${encodeURIComponent(doc._type)}`, siteUrl).toString()
}

/**
 * The dealer's note that a seller chose a Besichtigungstermin after the sell request (issue 38):
 * the lead's mail again (its rows now name the slot) under a heading and subject that say what is
 * new, not „Neue Anfrage“ (the request is known), with the slot as .ics,
 * and an id of its own so it is not taken for the first mail.
 */
export function buildAppointmentMail(doc: SanityDocument, options: NotificationMailOptions): NotificationMail {
  const slot = leadFields(doc).find((field) => field?.name === APPOINTMENT_FIELD)?.value
  const contact = leadContact(doc)
  const who = text(contact.name) ?? text(contact.phone) ?? text(contact.email) ?? 'ohne Namen'
  const heading = `Besichtigungstermin gewählt${typeof slot === 'string' ? `: ${slot}` : ''}`
  return composeNotificationMail(doc, options, { heading, subject: `${heading} – ${who}`, idPart: 'besichtigung' })
}

/** The notification mail for a stored `contactMessage` or `lead` document. */
export function buildNotificationMail(doc: SanityDocument, options: NotificationMailOptions): NotificationMail {
  return composeNotificationMail(doc, options)
}

/** A later mail of a known request: its heading and subject, and the part that gives it a Message-Id of its own. */
interface FollowUp extends Pick<Content, 'heading' | 'subject'> {
  idPart: string
}

function composeNotificationMail(doc: SanityDocument, options: NotificationMailOptions, followUp?: FollowUp): NotificationMail {
  const content = {
    ...(doc._type === 'lead' ? leadContent(doc, options) : contactContent(doc)),
    ...(followUp && { heading: followUp.heading, subject: followUp.subject }),
  }
  const received = formatBerlinTime(doc.receivedAt)
  const page = pageUrl(doc.page, options.siteUrl)
  const rows: Row[] = [...content.rows]
  if (page) rows.push({ label: 'Gesendet von der Seite', value: page })
  if (received) rows.push({ label: 'Eingegangen am', value: received })
  const note = answerNote(content)
  const studio = options.siteUrl ? studioEditUrl(doc, options.siteUrl) : undefined
  const stored = `Die Anfrage ist im Posteingang des Sanity Studios gespeichert, ID ${doc._id}.`

  const width = Math.max(...rows.map((row) => row.label.length)) + 2
  const textBody = [
    content.heading,
    '',
    ...rows.map((row) => `${`${row.label}:`.padEnd(width)}${row.value.replace(/\r?\n/g, `\n${' '.repeat(width)}`)}`),
    ...(content.message ? ['', 'Nachricht:', content.message] : []),
    ...(content.photos
      ? [
          '',
          `Fotos (${content.photos.length}, nur für Sie, bitte nicht weiterleiten):`,
          ...content.photos.map((photo) => `${photo.label}: ${photo.href ?? 'im Studio'}`),
        ]
      : []),
    ...(content.photosWithheld ? ['', `Fotos: ${content.photosWithheld}`] : []),
    '',
    '--',
    note,
    stored,
    ...(studio ? [`Im Studio öffnen: ${studio}`] : []),
    '',
  ].join('\n')

  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left'
  const multiline = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br>')
  const html = mailHtml(content.heading, [
    `<h1 style="font-size:18px">${escapeHtml(content.heading)}</h1>`,
    '<table style="border-collapse:collapse">',
    ...rows.map((row) => `<tr><th style="${cell}">${escapeHtml(row.label)}</th><td style="${cell}">${multiline(row.value)}</td></tr>`),
    '</table>',
    ...(content.message ? ['<h2 style="font-size:16px">Nachricht</h2>', `<p style="white-space:pre-wrap">${multiline(content.message)}</p>`] : []),
    ...(content.photos
      ? [
          `<h2 style="font-size:16px">Fotos (${content.photos.length})</h2>`,
          '<p style="color:#555">Nur für Sie: bitte nicht weiterleiten.</p>',
          '<ul>',
          ...content.photos.map((photo) =>
            photo.href ? `<li><a href="${escapeHtml(photo.href)}">${escapeHtml(photo.label)}</a></li>` : `<li>${escapeHtml(photo.label)} – im Studio</li>`,
          ),
          '</ul>',
        ]
      : []),
    ...(content.photosWithheld ? ['<h2 style="font-size:16px">Fotos</h2>', `<p>${escapeHtml(content.photosWithheld)}</p>`] : []),
    '<hr>',
    `<p>${escapeHtml(note)}</p>`,
    `<p style="color:#555">${escapeHtml(stored)}</p>`,
    ...(studio ? [`<p><a href="${escapeHtml(studio)}">Im Studio öffnen</a></p>`] : []),
  ])

  const domain = mailDomain(options.from)
  const vehicle = options.vehicle
  const calendar =
    doc._type === 'lead'
      ? appointmentAttachment(doc as SanityDocument & { _id: string }, {
          vehicleName: carName(vehicle),
          vehicleUrl: carPageUrl(vehicle?.id, options.siteUrl),
          domain,
        })
      : undefined
  return {
    ...(calendar ? { attachments: [calendar] } : {}),
    to: options.to,
    from: options.from,
    ...(isEmail(content.email) ? { replyTo: { name: headerSafe(content.name ?? '', 100), address: content.email } } : {}),
    subject: headerSafe(content.subject, 200),
    text: textBody,
    html,
    messageId: followUp ? mailMessageId(options.from, doc._id, followUp.idPart) : mailMessageId(options.from, doc._id),
    headers: { 'X-Lead-Id': mailSafeId(doc._id) },
  }
}
