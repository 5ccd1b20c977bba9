/**
 * Deletes a lead and everything of it for good (GDPR Art. 17: a seller asks for erasure), on either
 * backend: `node --import tsx scripts/delete-lead.ts inbox.lead-<uuid>` with the site's environment
 * (DATA_DIR, or the SANITY_* variables). The same erasure as the Studio's „Löschen“ and the
 * settings' retention rule (app/submissions/erasure.server.ts, decision 072): the lead, its photos,
 * the copies of its mails saved in DATA_DIR/outbox. Mails sent by SMTP are in the mailboxes: delete
 * them there. On the embedded lake the site must be stopped (one writer per DATA_DIR, decision 039).
 */
import { pathToFileURL } from 'node:url'
import { createLake } from '#app/context.server.ts'
import { type Env, parseEnv } from '#app/env.server.ts'
import { type ContentLake } from '#app/lake/lake.server.ts'
import { type Erased, eraseLead } from '#app/submissions/erasure.server.ts'

/** Erases the lead or contact message `id`; resolves with what was deleted, or undefined when nothing was left of it. */
export async function deleteLead(lake: ContentLake, env: Pick<Env, 'DATA_DIR'>, id: string): Promise<Erased | undefined> {
  const erased = await eraseLead(lake, env, id)
  return erased.lead || erased.photos > 0 || erased.mails > 0 ? erased : undefined
}

async function main() {
  const id = process.argv[2]
  if (!id || !/^inbox\.(lead|contact)-[\w-]+$/.test(id)) {
    console.error('Aufruf: node --import tsx scripts/delete-lead.ts inbox.lead-<id>')
    process.exit(2)
  }
  const env = parseEnv(process.env)
  const lake = await createLake(env)
  try {
    const deleted = await deleteLead(lake, env, id)
    if (!deleted) {
      console.error(`Keine Anfrage mit der ID ${id} gefunden.`)
      process.exitCode = 1
    } else {
      console.log(`Anfrage ${id} gelöscht, dazu ${deleted.photos} Foto(s) und ${deleted.mails} gespeicherte E-Mail(s).`)
    }
  } finally {
    await lake.close?.()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
