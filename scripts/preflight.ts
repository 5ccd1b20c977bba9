// npm run preflight: is this deployment ready to go live? Reads the same environment and content
// lake as the server (app/server/preflight.server.ts), prints a German list and exits 1 while
// anything is missing. Run it where the site runs, with the site's environment:
//
//   SITE_URL=https://www.example.de SMTP_URL=smtps://… npm run preflight
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createLake } from '#app/context.server.ts'
import { EnvError, parseEnv, usesSanity } from '#app/env.server.ts'
import { JOURNAL_FILE } from '#app/sanity/embedded-lake.server.ts'
import { formatFindings, preflight } from '#app/server/preflight.server.ts'

let env
try {
  env = parseEnv(process.env)
} catch (error) {
  if (!(error instanceof EnvError)) throw error
  console.log(`Vorabprüfung für den Livebetrieb\n\n${error.message}\n\nNoch nicht bereit: Der Server startet mit diesen Einstellungen nicht.`)
  process.exit(1)
}

// The embedded lake is read from a copy of its journal: opening the real one would cut a line a
// running server is writing at this moment (a start drops an incomplete last line).
let scratch: string | undefined
if (!usesSanity(env)) {
  scratch = await mkdtemp(path.join(tmpdir(), 'preflight-'))
  await copyFile(path.join(env.DATA_DIR, JOURNAL_FILE), path.join(scratch, JOURNAL_FILE)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error
  })
  env = { ...env, DATA_DIR: scratch }
}

const lake = await createLake(env)
try {
  const findings = await preflight({ env, lake })
  console.log(formatFindings(findings))
  process.exitCode = findings.some((finding) => finding.severity === 'missing') ? 1 : 0
} finally {
  await lake.close?.()
  if (scratch) await rm(scratch, { recursive: true, force: true })
}
