import { createLake } from '#app/context.server.ts'
import { type Env, EnvError, parseEnv, usesSanity } from '#app/env.server.ts'
import { missingMarketplaceVariables } from '#app/marketplace/mobile-de.server.ts'
import { EmbeddedLake } from '#app/lake/embedded-lake.server.ts'
import { type ContentLake } from '#app/lake/lake.server.ts'
import { PAGE_QUERY } from '#app/sanity/queries/pages.ts'
import { SITE_SETTINGS_QUERY } from '#app/sanity/queries/site.ts'
import { type Logger } from '#app/server/logging.server.ts'
import { senderDomain } from '#app/submissions/mail-parts.server.ts'

/*
 * Is this deployment ready to go live (issue 15, docs/decisions/032)? The same findings serve
 * `npm run preflight` (scripts/preflight.mjs: a German list, exit 1 while anything is missing) and
 * the start of the production server (warnings in the log; it still starts, so the embedded demo
 * runs from the README's command).
 */

/** `missing`: the site is not ready to go live without it; `info`: a state the operator should know. */
export type Severity = 'missing' | 'info'

export interface Finding {
  severity: Severity
  /** What was checked (a variable's name, `content`): the log field `check`. */
  check: string
  /** German, for the dealer or whoever deploys for them. */
  message: string
}

/** The legal pages a German dealer's site must publish complete. */
export const LEGAL_PAGES = ['/impressum', '/datenschutz'] as const

/**
 * What the seed dataset (content/production.ndjson) marks as invented: the Impressum's
 * „(Beispiel)“ values, the register number and VAT id made of zeros.
 */
export const SEED_PLACEHOLDERS: readonly RegExp[] = [/\(Beispiel\)/i, /\bHRB 0+\b/, /\bDE0{9}\b/]

/** Whether a host name is this machine or a local network name: never the public address of a site. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    /^127\.\d+\.\d+\.\d+$/.test(host) ||
    host === '0.0.0.0' ||
    host === '::1' ||
    host === '::'
  )
}

/** The findings of the environment alone. */
export function environmentFindings(env: Env): Finding[] {
  const findings: Finding[] = []
  const missing = (check: string, message: string) => findings.push({ severity: 'missing', check, message })
  const info = (check: string, message: string) => findings.push({ severity: 'info', check, message })

  const siteUrl = new URL(env.SITE_URL)
  if (isLocalHost(siteUrl.hostname)) {
    missing(
      'SITE_URL',
      `SITE_URL ist nicht gesetzt oder lokal (${siteUrl.origin}): kanonische Links, Open Graph, strukturierte Daten, Sitemap, robots.txt und Bild-Adressen nennen sonst diese Adresse. Setzen Sie die öffentliche Adresse, z. B. SITE_URL=https://www.example.de`,
    )
  }

  if (!env.SMTP_URL) {
    missing(
      'SMTP_URL',
      'SMTP_URL fehlt: Benachrichtigungen über Anfragen werden nur als Datei in DATA_DIR/outbox abgelegt und erreichen niemanden. Beispiel: SMTP_URL=smtps://benutzer:passwort@smtp.example.de:465',
    )
  }
  const domain = senderDomain(env.MAIL_FROM) ?? ''
  if (isLocalHost(domain) || !domain.includes('.')) {
    missing(
      'MAIL_FROM',
      `MAIL_FROM steht auf dem Standardwert oder einer lokalen Adresse (${env.MAIL_FROM}): Mailserver lehnen solche Absender ab. Setzen Sie eine Adresse, von der Ihr SMTP-Server senden darf, z. B. MAIL_FROM=noreply@example.de`,
    )
  }

  if (usesSanity(env)) {
    info('SANITY', `Inhalte kommen aus dem Sanity Content Lake (Projekt ${env.SANITY_PROJECT_ID}, Dataset ${env.SANITY_DATASET}).`)
    if (!env.REVALIDATE_SECRET) {
      missing(
        'REVALIDATE_SECRET',
        'REVALIDATE_SECRET fehlt, obwohl Sanity eingerichtet ist: der Webhook POST /api/revalidate ist abgeschaltet, Änderungen aus dem Studio erscheinen erst nach PAGE_CACHE_TTL Sekunden. Erzeugen mit: openssl rand -hex 32',
      )
    }
    if (env.SANITY_API_HOST)
      missing(
        'SANITY_API_HOST',
        `SANITY_API_HOST ist gesetzt (${env.SANITY_API_HOST}): diese Variable ist nur für Tests und leitet alle Inhalte an einen anderen Server um.`,
      )
  } else {
    missing(
      'SANITY',
      'Sanity ist nicht eingerichtet (SANITY_PROJECT_ID, SANITY_DATASET, SANITY_WRITE_TOKEN): die Seite zeigt die eingebetteten Beispielinhalte, Mitarbeiter können im Studio weder Inhalte pflegen noch Anfragen lesen.',
    )
  }

  if (missingMarketplaceVariables(env).length === 0) {
    if (!env.SYNC_TOKEN) {
      missing(
        'SYNC_TOKEN',
        'SYNC_TOKEN fehlt, obwohl mobile.de eingerichtet ist: der Abgleich POST /api/vehicles/sync ist abgeschaltet, der Fahrzeugbestand bleibt stehen. Erzeugen mit: openssl rand -hex 32',
      )
    }
  } else {
    info(
      'MOBILE_DE',
      'mobile.de ist nicht eingerichtet (MOBILE_DE_USERNAME, MOBILE_DE_PASSWORD, MOBILE_DE_SELLER_ID): Fahrzeuge werden nur im Studio gepflegt.',
    )
  }

  if (env.FORMS_PAGE) {
    missing('FORMS_PAGE', 'FORMS_PAGE=true: die Testseite /formulare ist öffentlich erreichbar und speichert echte Anfragen. Für den Livebetrieb weglassen.')
  }

  info(
    'ALLOW_INDEXING',
    env.ALLOW_INDEXING
      ? 'ALLOW_INDEXING=true: Suchmaschinen dürfen die Seite aufnehmen.'
      : 'ALLOW_INDEXING=false: Suchmaschinen werden ausgesperrt (X-Robots-Tag: noindex, robots.txt „Disallow: /“) – richtig für eine Testumgebung, nicht für die öffentliche Seite.',
  )
  return findings
}

/** The findings of the content the site shows: the settings and the legal pages, read through the lake. */
export async function contentFindings(lake: ContentLake): Promise<Finding[]> {
  const findings: Finding[] = []
  const settings = await lake.fetch(SITE_SETTINGS_QUERY)
  if (!settings) findings.push({ severity: 'missing', check: 'content', message: 'Die Website-Einstellungen fehlen im Content Lake.' })
  for (const { path, text } of placeholdersIn(settings)) {
    findings.push({ severity: 'missing', check: 'content', message: `Website-Einstellungen, Feld ${path}: „${text}“ ist ein Platzhalter der Beispieldaten.` })
  }
  for (const pagePath of LEGAL_PAGES) {
    const page = await lake.fetch(PAGE_QUERY, { path: pagePath })
    if (!page) findings.push({ severity: 'missing', check: 'content', message: `Die Seite ${pagePath} fehlt.` })
    for (const { text } of placeholdersIn(page)) {
      findings.push({ severity: 'missing', check: 'content', message: `Seite ${pagePath}: „${text}“ ist ein Platzhalter der Beispieldaten.` })
    }
  }
  return findings
}

/** Every finding of the environment and the content; a lake that cannot be read is one finding. */
export async function preflight({ env, lake }: { env: Env; lake: ContentLake }): Promise<Finding[]> {
  let content: Finding[]
  try {
    content = await contentFindings(lake)
  } catch (error) {
    content = [
      { severity: 'missing', check: 'content', message: `Die Inhalte konnten nicht gelesen werden: ${error instanceof Error ? error.message : String(error)}` },
    ]
  }
  return [...environmentFindings(env), ...content]
}

/** The findings as `npm run preflight` prints them: what is missing, then the notes, then a verdict. */
export function formatFindings(findings: readonly Finding[]): string {
  const missing = findings.filter((finding) => finding.severity === 'missing')
  const notes = findings.filter((finding) => finding.severity === 'info')
  const lines = ['Vorabprüfung für den Livebetrieb', '']
  if (missing.length > 0) lines.push('Es fehlt:', ...missing.map((finding) => `  ✗ ${finding.message}`), '')
  if (notes.length > 0) lines.push('Hinweise:', ...notes.map((finding) => `  • ${finding.message}`), '')
  lines.push(
    missing.length === 0
      ? 'Bereit für den Livebetrieb.'
      : `Noch nicht bereit: ${missing.length} ${missing.length === 1 ? 'Punkt fehlt' : 'Punkte fehlen'} (README, Abschnitt „Go live“).`,
  )
  return lines.join('\n')
}

/**
 * `npm run preflight`: the report for an environment, read through the lake the server would open.
 * The embedded lake is opened read-only: no lock, nothing written, so it works beside the running
 * server, which holds DATA_DIR (docs/decisions/039).
 */
export async function preflightReport(source: Record<string, string | undefined>): Promise<{ ready: boolean; report: string }> {
  let env: Env
  try {
    env = parseEnv(source)
  } catch (error) {
    if (!(error instanceof EnvError)) throw error
    return {
      ready: false,
      report: `Vorabprüfung für den Livebetrieb\n\n${error.message}\n\nNoch nicht bereit: Der Server startet mit diesen Einstellungen nicht.`,
    }
  }
  const lake = usesSanity(env) ? await createLake(env) : await EmbeddedLake.openReadOnly({ contentDir: env.CONTENT_DIR, dataDir: env.DATA_DIR })
  try {
    const findings = await preflight({ env, lake })
    return { ready: !findings.some((finding) => finding.severity === 'missing'), report: formatFindings(findings) }
  } finally {
    await lake.close?.()
  }
}

/** Writes the findings at start-up: what is missing as warnings, the notes as information. */
export function logFindings(logger: Logger, findings: readonly Finding[]): void {
  for (const { severity, check, message } of findings) {
    if (severity === 'missing') logger.warn({ check }, `Vorabprüfung: ${message}`)
    else logger.info({ check }, `Vorabprüfung: ${message}`)
  }
}

/** The start-up check of the production server (server.mjs): never throws, never delays listening. */
export async function logPreflight(context: { env: Env; lake: ContentLake; logger?: Logger }): Promise<void> {
  if (!context.logger) return
  logFindings(context.logger, await preflight(context))
}

/** Strings in a query result that hold a seed placeholder, with their path (`legal.vatId`). */
function placeholdersIn(value: unknown, path = ''): Array<{ path: string; text: string }> {
  if (typeof value === 'string') return SEED_PLACEHOLDERS.some((pattern) => pattern.test(value)) ? [{ path, text: value }] : []
  if (Array.isArray(value)) return value.flatMap((item, index) => placeholdersIn(item, `${path}[${index}]`))
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => placeholdersIn(item, path ? `${path}.${key}` : key))
  }
  return []
}
