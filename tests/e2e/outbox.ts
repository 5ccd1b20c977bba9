import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The notification e-mails the server under test wrote to its outbox (no SMTP is configured in
 * the e2e run, so the notifier saves each mail as an .eml file), as readable text: headers
 * unfolded with their RFC 2047 encoded-words decoded, the quoted-printable body decoded.
 */
export function outboxMails(kind: OutboxMailKind = 'dealer'): string[] {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox')
  if (!existsSync(folder)) return []
  return readdirSync(folder)
    .filter((name) => name.endsWith('.eml') && name.endsWith(RECEIPT_SUFFIX) === (kind === 'receipt'))
    .map((name) => readable(readFileSync(path.join(folder, name), 'utf8')))
}

/** The dealer's notification, or the visitor's receipt (Eingangsbestätigung), saved beside it with this suffix. */
export type OutboxMailKind = 'dealer' | 'receipt'
const RECEIPT_SUFFIX = '-eingangsbestaetigung.eml'

/** The outbox mail of `kind` whose text contains `marker`, if any. */
export function outboxMailWith(marker: string, kind: OutboxMailKind = 'dealer'): string | undefined {
  return outboxMails(kind).find((mail) => mail.includes(marker))
}

/** The raw bytes of the outbox mail of `kind` containing `marker` (for parsing attachments). */
export function rawOutboxMailWith(marker: string, kind: OutboxMailKind = 'dealer'): string | undefined {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox')
  if (!existsSync(folder)) return undefined
  return readdirSync(folder)
    .filter((name) => name.endsWith('.eml') && name.endsWith(RECEIPT_SUFFIX) === (kind === 'receipt'))
    .map((name) => readFileSync(path.join(folder, name), 'utf8'))
    .find((raw) => readable(raw).includes(marker))
}

function readable(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/)
  const headers = raw
    .slice(0, split)
    .replace(/\r?\n[ \t]+/g, ' ')
    // Adjacent encoded-words are one text: the space between them is not part of it (RFC 2047).
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeBytes(data.replace(/_/g, ' ')),
    )
  const body = decodeBytes(raw.slice(split).replace(/=\r?\n/g, ''))
  return `${headers}${body}`
}

/** Undoes =XX escapes (quoted-printable), reading the bytes as UTF-8. */
function decodeBytes(text: string): string {
  return text.replace(/(?:=[0-9A-F]{2})+/gi, (escaped) => Buffer.from(escaped.replace(/=/g, ''), 'hex').toString('utf8'))
}
