import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The notification e-mails the server under test wrote to its outbox (no SMTP is configured in
 * the e2e run, so the notifier saves each mail as an .eml file), as RFC 822 text with the
 * quoted-printable encoding undone (soft line breaks joined, =XX bytes decoded as UTF-8).
 */
export function outboxMails(): string[] {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox')
  if (!existsSync(folder)) return []
  return readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => decodeQuotedPrintable(readFileSync(path.join(folder, name), 'utf8')))
}

/** The outbox mail whose text contains `marker`, if any. */
export function outboxMailWith(marker: string): string | undefined {
  return outboxMails().find((mail) => mail.includes(marker))
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (bytes) => Buffer.from(bytes.replace(/=/g, ''), 'hex').toString('utf8'))
}
