/*
 * The mails of the price and search alerts (issue 38 item 2; docs/decisions/080): the double
 * opt-in's confirmation mail and the alert itself. Both go to an address someone typed into a form,
 * so neither carries a word the visitor wrote, not even the name or the search as typed: fixed text,
 * the dealer's own data (the car's name, price and page), what the server read of a search in its
 * own words (searchChips) and the signed links. Every alert mail can be
 * ended with one click: `List-Unsubscribe` with the https endpoint and `List-Unsubscribe-Post`
 * (RFC 8058), and a link in the body.
 */
import { escapeHtml } from '#app/utils/html.server.ts'
import { type ConfirmationSettings, mailSignature, visitorSender } from '#app/submissions/confirmation-mail.server.ts'
import { carName, carPageUrl, filledText, mailHtml, mailMessageId, mailSafeId } from '#app/submissions/mail-parts.server.ts'
import { formatBerlinTime, headerSafe, type NotificationMail } from '#app/submissions/notification-mail.server.ts'
import { formatPrice } from '#app/utils/format.ts'
import { readQuery } from '#app/vehicles/query-reading.ts'
import { isFillerWord, knownTerm } from '#app/vehicles/search-text.ts'

export interface AlertVehicle {
  id?: string | null
  title?: string | null
  make?: string | null
  model?: string | null
  price?: unknown
}

/** A change an alert tells of: a price reduction of the watched car, or a car that arrived and matches a search. */
export interface AlertEvent {
  /** Unique per change (the price history's entry): an alert is told of a change once. */
  key: string
  kind: 'price-drop' | 'arrival'
  vehicleDocId: string
  at: string
  price: number
  /** PAngV § 11: the lowest price of the 30 days before the reduction, when the history proves it. */
  formerPrice?: number
}

export interface AlertLinks {
  confirm: string
  unsubscribePage: string
  oneClick: string
}

export function vehicleTitle(vehicle: AlertVehicle | null | undefined): string {
  return carName(vehicle) ?? 'Fahrzeug'
}

function html(title: string, paragraphs: Array<string | { link: string; label: string }>, footer: string): string {
  const body = paragraphs.map((part) =>
    typeof part === 'string'
      ? `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`
      : `<p><a href="${escapeHtml(part.link)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(part.label)}</a></p>`,
  )
  return mailHtml(title, [...body, '<hr>', `<p style="color:#555">${escapeHtml(footer).replace(/\n/g, '<br>')}</p>`])
}

/**
 * What a Suchauftrag's mail may name of its search: the parts the
 * search page reads and labels itself („Preis bis 20.000 €“, „Golf 7 (Erstzulassung 2012–2020)“),
 * and words that are a make, fuel, gearbox or body type, in our spelling („Kombi“); in the order
 * typed. Every other word stays out, the mail goes to a typed address; `partial` says some did.
 */
export function searchChips(search: unknown): { chips: string[]; partial: boolean } {
  const reading = readQuery(typeof search === 'string' ? search : undefined)
  const words = reading.words.filter((word) => !isFillerWord(word.source)).map((word) => ({ at: word.at, label: knownTerm(word.source) }))
  const chips = [...reading.parts, ...words].filter((chip): chip is { at: number; label: string } => chip.label !== undefined).sort((a, b) => a.at - b.at)
  return { chips: chips.map((chip) => chip.label), partial: words.some((word) => word.label === undefined) }
}

/** „„Kombi“ und „Preis bis 20.000 €““: each chip quoted, as the search page's chips stand apart. */
const quotedList = (chips: readonly string[]) => new Intl.ListFormat('de-DE', { type: 'conjunction' }).format(chips.map((chip) => `„${chip}“`))

export interface OptInMailOptions {
  to: string
  from: string
  leadId: string
  kind: 'price-alert' | 'search-request'
  settings: ConfirmationSettings
  vehicle?: AlertVehicle | null
  /** A Suchauftrag's search as stored (the visitor's text): only its searchChips are named. */
  search?: unknown
  siteUrl?: string
  links: AlertLinks
  expiresAt: Date
}

/** The double opt-in's confirmation mail: what would be sent, the link, until when it works, and that nothing comes without it. */
export function buildOptInMail(options: OptInMailOptions): NotificationMail {
  const { settings, vehicle } = options
  const dealer = filledText(settings.dealerName) ?? 'Ihr Autohaus'
  const name = vehicleTitle(vehicle)
  const price = vehicle ? formatPrice(vehicle.price) : undefined
  const { chips, partial } = searchChips(options.search)
  const search = chips.length === 0 ? 'angelegt' : partial ? `angelegt, unter anderem für ${quotedList(chips)}` : `für ${quotedList(chips)} angelegt`
  // What was asked for, then what we would do: one sentence each, so neither needs a clause inside the other.
  const requested =
    options.kind === 'price-alert'
      ? `eine Preisbeobachtung für den ${name}${price ? ` (derzeit ${price})` : ''} angefordert. Wir schreiben Ihnen, sobald sein Preis sinkt.`
      : `ein Suchauftrag ${search}. Wir schreiben Ihnen, sobald ein Fahrzeug in unseren Bestand kommt, das zu Ihrer Suche passt.`
  const until = formatBerlinTime(options.expiresAt.toISOString())
  const subject =
    options.kind === 'price-alert' ? `Bitte bestätigen: Preisbeobachtung für den ${name}` : 'Bitte bestätigen: Benachrichtigung zu Ihrer Fahrzeugsuche'
  const intro = `Guten Tag,\n\nauf unserer Website wurde mit Ihrer E-Mail-Adresse ${requested} Bitte bestätigen Sie das mit diesem Link:`
  const after = `Der Link gilt bis ${until}. Ohne Ihre Bestätigung schicken wir Ihnen keine weitere E-Mail. Abmelden können Sie sich später jederzeit mit einem Klick in jeder Benachrichtigung.`
  const page = carPageUrl(vehicle?.id, options.siteUrl)
  const footer = `Sie erhalten diese E-Mail einmalig, weil auf unserer Website ein Formular mit Ihrer E-Mail-Adresse abgeschickt wurde. Waren Sie das nicht, ignorieren Sie sie einfach: Ihre Adresse erhält dann keine Benachrichtigung.`
  const textBody = [
    intro,
    options.links.confirm,
    '',
    after,
    ...(page ? ['', `Zum Fahrzeug: ${page}`] : []),
    '',
    ...mailSignature(settings),
    '',
    '--',
    footer,
    '',
  ].join('\n')
  return {
    to: options.to,
    from: visitorSender(options.from, settings),
    subject: headerSafe(`${subject} – ${dealer}`, 200),
    text: textBody,
    html: html(
      subject,
      [
        intro,
        { link: options.links.confirm, label: 'Benachrichtigung bestätigen' },
        after,
        ...(page ? [`Zum Fahrzeug: ${page}`] : []),
        mailSignature(settings).join('\n'),
      ],
      footer,
    ),
    messageId: mailMessageId(options.from, options.leadId, 'bestaetigung'),
    headers: { 'X-Lead-Id': mailSafeId(options.leadId), 'Auto-Submitted': 'auto-generated' },
  }
}

export interface AlertMailOptions {
  to: string
  from: string
  leadId: string
  event: AlertEvent
  vehicle: AlertVehicle
  settings: ConfirmationSettings
  siteUrl?: string
  links: Pick<AlertLinks, 'unsubscribePage' | 'oneClick'>
}

/** The subject line's news: a reduction names its former price only as PAngV § 11 allows (the 30-day lowest). */
export function alertHeadline(event: AlertEvent, name: string): string {
  const price = formatPrice(event.price)
  if (event.kind === 'arrival') return `Neu im Bestand: ${name} für ${price}`
  return event.formerPrice !== undefined
    ? `Preis gesenkt: ${name} jetzt ${price} statt ${formatPrice(event.formerPrice)}`
    : `Neuer Preis: ${name} jetzt ${price}`
}

/** One alert: the change, the car's page, the unsubscribe link in the body and in the RFC 8058 headers. */
export function buildAlertMail(options: AlertMailOptions): NotificationMail {
  const { event, settings } = options
  const dealer = filledText(settings.dealerName) ?? 'Ihr Autohaus'
  const name = vehicleTitle(options.vehicle)
  const headline = alertHeadline(event, name)
  const page = carPageUrl(options.vehicle?.id, options.siteUrl)
  const news =
    event.kind === 'arrival'
      ? `Guten Tag,\n\nzu Ihrer Suche ist ein passendes Fahrzeug in unseren Bestand gekommen: ${name} für ${formatPrice(event.price)}.`
      : event.formerPrice !== undefined
        ? // PAngV § 11: the former price named is the lowest of the 30 days before the reduction (priceReduction).
          `Guten Tag,\n\nder Preis des ${name}, den Sie beobachten, wurde gesenkt: jetzt ${formatPrice(event.price)} statt ${formatPrice(event.formerPrice)} (unser niedrigster Preis in den 30 Tagen vor der Senkung).`
        : `Guten Tag,\n\nder Preis des ${name}, den Sie beobachten, hat sich geändert: jetzt ${formatPrice(event.price)}.`
  const unsubscribe = `Keine weiteren E-Mails zu diesem ${event.kind === 'arrival' ? 'Suchauftrag' : 'Fahrzeug'}? Abmelden mit einem Klick: ${options.links.unsubscribePage}`
  const footer = `Sie erhalten diese E-Mail, weil Sie diese Benachrichtigung auf unserer Website angefordert und bestätigt haben.`
  const textBody = [news, ...(page ? ['', `Zum Fahrzeug: ${page}`] : []), '', ...mailSignature(settings), '', '--', unsubscribe, footer, ''].join('\n')
  return {
    to: options.to,
    from: visitorSender(options.from, settings),
    subject: headerSafe(`${headline} – ${dealer}`, 200),
    text: textBody,
    html: html(headline, [news, ...(page ? [{ link: page, label: 'Zum Fahrzeug' }] : []), mailSignature(settings).join('\n')], `${unsubscribe}\n${footer}`),
    messageId: mailMessageId(options.from, options.leadId, event.key),
    headers: {
      'X-Lead-Id': mailSafeId(options.leadId),
      'Auto-Submitted': 'auto-generated',
      // RFC 8058: a mail client's „Abmelden“ POSTs `List-Unsubscribe=One-Click` to this https address.
      'List-Unsubscribe': `<${options.links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
