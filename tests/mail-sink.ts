import { SMTPServer } from 'smtp-server'

/*
 * An SMTP sink for unit tests: a real SMTP server on 127.0.0.1 that keeps every message, and just
 * enough MIME to read them back (decoded headers, text and HTML parts). The notifier's tests and
 * the alerts' journey read the mails a visitor would receive through it.
 */

export interface Received {
  from: string
  to: string[]
  raw: string
}

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps every message it receives. */
export async function startSmtp(port = 0) {
  const messages: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header value. */
function decodeWords(value: string) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
}

function decodeQuotedPrintable(value: string) {
  const soft = value.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3)
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function parseHeaders(block: string) {
  const headers = new Map<string, string>()
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
  }
  return headers
}

/** Just enough MIME for these mails: the decoded headers and the decoded text/plain and text/html parts. */
export function parseMail(raw: string) {
  const split = raw.search(/\r?\n\r?\n/)
  const headers = parseHeaders(raw.slice(0, split))
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1]
  const parts: Record<string, string> = {}
  const bodies = boundary ? raw.slice(split).split(`--${boundary}`).slice(1, -1) : []
  for (const part of bodies) {
    const body = part.replace(/^\r?\n/, '')
    const partSplit = body.search(/\r?\n\r?\n/)
    const partHeaders = parseHeaders(body.slice(0, partSplit))
    const content = body.slice(partSplit).replace(/^\r?\n\r?\n/, '')
    const encoding = partHeaders.get('content-transfer-encoding')?.toLowerCase()
    const decoded =
      encoding === 'base64' ? Buffer.from(content, 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQuotedPrintable(content) : content
    const type = (partHeaders.get('content-type') ?? '').split(';')[0]!
    parts[type] = decoded.replace(/\r\n/g, '\n')
  }
  return {
    header: (name: string) => decodeWords(headers.get(name.toLowerCase()) ?? ''),
    rawHeader: (name: string) => headers.get(name.toLowerCase()) ?? '',
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
  }
}
