/*
 * The parts every mail the site sends is built from: the dealer's notification, the visitor's receipt,
 * the price and search alerts, and their calendar entries. One id rule for Message-Ids, X-Lead-Id,
 * calendar UIDs and the names of saved mail copies (the erasure finds a lead's copies by it), the
 * sender's domain, the HTML frame (its text escaped by utils/html.server.ts), and a stored lead's parts by their generated types.
 */
import { escapeHtml } from '#app/utils/html.server.ts'
import { type Lead } from '#app/sanity/types.ts'

/** A document id as Message-Ids, X-Lead-Id, calendar UIDs and saved copies' file names carry it: letters, digits and `._-`. */
export const mailSafeId = (id: string) => id.replace(/[^A-Za-z0-9._-]/g, '-')

/** The domain of a sender (`Name <a@example.de>` or `a@example.de`), for Message-Ids and UIDs; undefined without one. */
export function senderDomain(from: string): string | undefined {
  return /@([^\s@<>]+)>?\s*$/.exec(from)?.[1]
}

/** The domain the site's Message-Ids and calendar UIDs are made under: MAIL_FROM's, else `localhost`. */
export const mailDomain = (from: string) => senderDomain(from) ?? 'localhost'

/** A Message-Id of the site's mails: its parts by the id rule, joined by dots, under mailDomain. */
export const mailMessageId = (from: string, ...parts: string[]) => `<${parts.map(mailSafeId).join('.')}@${mailDomain(from)}>`

/** A mail's HTML document in German and the mails' one plain style; `body` is HTML already escaped. */
export function mailHtml(title: string, body: readonly string[]): string {
  return [
    '<!doctype html>',
    `<html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#111">',
    ...body,
    '</body></html>',
    '',
  ].join('\n')
}

/** A string with something in it, trimmed; anything else (empty, blank, not a string) is undefined. */
export const filledText = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined)

/** The dealer's car as the lake names it (never a visitor's words): its title, else make and model. */
export function carName(vehicle: { title?: unknown; make?: unknown; model?: unknown } | null | undefined): string | undefined {
  return filledText(vehicle?.title) ?? ([filledText(vehicle?.make), filledText(vehicle?.model)].filter(Boolean).join(' ') || undefined)
}

/** The car's page on the site, absolute (a mail has no base address); undefined without an id or SITE_URL. */
export function carPageUrl(id: unknown, siteUrl: string | undefined): string | undefined {
  const key = filledText(id)
  return key && siteUrl ? new URL(`/vehicles/${encodeURIComponent(key)}`, siteUrl).toString() : undefined
}

/*
 * A stored lead's parts as the generated types name them (schemas/documents/lead.ts through typegen),
 * so that a renamed field fails the type check here rather than leaving a row out of a mail at run
 * time. Read defensively: the lake holds whatever was stored, shapes of older versions too.
 */
type LeadParts = { contact?: unknown; fields?: unknown; photos?: unknown; appointment?: unknown }
const partsOf = (doc: object) => doc as LeadParts
export const leadContact = (doc: object) => (partsOf(doc).contact ?? {}) as NonNullable<Lead['contact']>
export const leadFields = (doc: object) => (Array.isArray(partsOf(doc).fields) ? partsOf(doc).fields : []) as Partial<NonNullable<Lead['fields']>[number]>[]
export const leadPhotoList = (doc: object) => (Array.isArray(partsOf(doc).photos) ? partsOf(doc).photos : []) as Partial<NonNullable<Lead['photos']>[number]>[]
export const leadAppointment = (doc: object) => partsOf(doc).appointment as Lead['appointment'] | undefined
