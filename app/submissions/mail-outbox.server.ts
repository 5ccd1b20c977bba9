/*
 * The mails kept without SMTP (docs/decisions/007): each complete message as a file in
 * DATA_DIR/outbox, named `<receivedAt>-<document id><suffix>.eml`, the suffix saying which of a
 * document's mails it is. The notifier writes them; the erasure (docs/decisions/072) finds and
 * deletes a document's copies by the same names, since they name the person.
 */
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { type Env } from '#app/env.server.ts'
import { mailSafeId } from './mail-parts.server.ts'

/** The suffix of each mail of a stored submission (the notifier's MailKind); an alert's names its event. */
export const MAIL_FILE_SUFFIXES = { dealer: '', confirmation: '-eingangsbestaetigung', appointment: '-besichtigungstermin' } as const
const ALERT_FILE_SUFFIX = '-benachrichtigung-'
export const alertFileSuffix = (eventKey: string) => `${ALERT_FILE_SUFFIX}${mailSafeId(eventKey)}`

/** The folder of the mails kept without SMTP. */
export function outboxDir(env: Pick<Env, 'DATA_DIR'>): string {
  return path.resolve(env.DATA_DIR, 'outbox')
}

/** Keeps a complete message (written whole, then renamed: a reader never sees half a file); resolves with its path. */
export async function saveMailCopy(
  env: Pick<Env, 'DATA_DIR'>,
  copy: { documentId: string; receivedAt: string; suffix: string; message: Buffer },
): Promise<string> {
  const outbox = outboxDir(env)
  // A mail holds a visitor's name, address and message: for this process's user only.
  await mkdir(outbox, { recursive: true, mode: 0o700 })
  const file = path.join(outbox, `${mailSafeId(copy.receivedAt)}-${mailSafeId(copy.documentId)}${copy.suffix}.eml`)
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, copy.message, { mode: 0o600 })
  await rename(temporary, file)
  return file
}

/** A kept mail's file name → the id of its document (`inbox.lead-…`, `inbox.contact-…`), whichever of its mails it is. */
const MAIL_COPY_PATTERN = new RegExp(
  `^.+?-(inbox\\.[A-Za-z0-9_-]+?)(?:${[...Object.values(MAIL_FILE_SUFFIXES).filter(Boolean), `${ALERT_FILE_SUFFIX}[A-Za-z0-9_-]+`].join('|')})?\\.eml$`,
)

/** The kept mails with the document each belongs to. */
export async function listMailCopies(env: Pick<Env, 'DATA_DIR'>): Promise<Array<{ file: string; documentId: string }>> {
  const names = await readdir(outboxDir(env)).catch(() => [] as string[])
  return names.flatMap((name) => {
    const match = MAIL_COPY_PATTERN.exec(name)
    return match ? [{ file: path.join(outboxDir(env), name), documentId: match[1]! }] : []
  })
}

/**
 * Deletes the kept mails of the documents `ids` (an erased lead's notification and receipt name
 * the person); with `olderThan`, only files written before it. Resolves with how many were deleted.
 */
export async function removeMailCopies(env: Pick<Env, 'DATA_DIR'>, ids: ReadonlySet<string>, olderThan?: Date): Promise<number> {
  const safeIds = new Set([...ids].map(mailSafeId))
  let removed = 0
  for (const copy of await listMailCopies(env)) {
    if (!safeIds.has(copy.documentId)) continue
    if (olderThan) {
      const stats = await stat(copy.file).catch(() => undefined)
      if (!stats || stats.mtimeMs >= olderThan.getTime()) continue
    }
    await unlink(copy.file).then(
      () => removed++,
      () => undefined,
    )
  }
  return removed
}
