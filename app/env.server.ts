import { isIP } from 'node:net'
import { z } from 'zod'

const optional = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * `false`, or the proxies' addresses and subnets in Express's syntax. Not a hop count: `1` trusts
 * whoever connects, so a client that reaches the app directly would choose its own address through
 * X-Forwarded-For (docs/decisions/038).
 */
function isTrustProxy(value: string) {
  if (value === 'false') return true
  return value.split(',').every((entry) => {
    const [address = '', prefix, ...rest] = entry.trim().split('/')
    return rest.length === 0 && (PROXY_NAMES.has(address) || (isIP(address) !== 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix))))
  })
}

function parseTrustProxy(value: string | undefined): false | string {
  return value === undefined || value === 'false' ? false : value
}

const SANITY_VARIABLES = ['SANITY_PROJECT_ID', 'SANITY_DATASET', 'SANITY_WRITE_TOKEN'] as const
const MOBILE_DE_VARIABLES = ['MOBILE_DE_USERNAME', 'MOBILE_DE_PASSWORD', 'MOBILE_DE_SELLER_ID'] as const

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** pino's level: `info` writes one line per request, `warn` only refusals and problems. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /**
     * The address the server listens on. Default 127.0.0.1: reachable only from this machine (the
     * nginx in front of it, a browser on http://localhost:3000); the container sets 0.0.0.0 and
     * compose publishes the port on the host's loopback only (docs/decisions/038).
     */
    HOST: optional
      .pipe(
        z
          .string()
          .refine((value) => isIP(value) !== 0, 'HOST muss eine IP-Adresse sein, z. B. 127.0.0.1 (nur dieser Rechner) oder 0.0.0.0 (alle Netze, im Container)')
          .optional(),
      )
      .transform((value) => value ?? '127.0.0.1'),
    SITE_URL: z.url({ error: 'SITE_URL muss eine vollständige URL sein, z. B. https://www.example.de' }).default('http://localhost:3000'),
    CONTENT_DIR: z.string().default('content'),
    DATA_DIR: z.string().default('.data'),
    /** Contact and lead submissions per client address and minute; 0 switches the limit off. */
    SUBMISSION_RATE_LIMIT: optional
      .pipe(z.string().regex(/^\d+$/, 'SUBMISSION_RATE_LIMIT muss eine ganze Zahl ab 0 sein (Anfragen pro Minute und Adresse, 0 = keine Grenze)').optional())
      .transform((value) => (value === undefined ? 5 : Number(value))),
    /**
     * Visitors' receipts (Eingangsbestätigungen) sent in an hour by all instances together, counted
     * in the lake (docs/decisions/042); past it a lead is stored and only its receipt skipped.
     */
    RECEIPTS_PER_HOUR: optional
      .pipe(
        z
          .string()
          .regex(/^[1-9]\d*$/, 'RECEIPTS_PER_HOUR muss eine ganze Zahl ab 1 sein (Eingangsbestätigungen pro Stunde)')
          .optional(),
      )
      .transform((value) => (value === undefined ? 60 : Number(value))),
    /**
     * Express `trust proxy`: whether the client address comes from X-Forwarded-For. Default false
     * (the header is ignored: anyone could send it); else the proxies' addresses/subnets
     * (`loopback` for an nginx on the same machine), so the header counts only when the proxy itself
     * connects. Neither `true` nor a hop count: both trust whoever connects (docs/decisions/038).
     */
    TRUST_PROXY: optional
      .pipe(
        z
          .string()
          .refine(
            isTrustProxy,
            'TRUST_PROXY muss false oder eine Liste der Adressen/Subnetze der Proxys vor der Seite sein, z. B. loopback (nginx auf demselben Rechner) oder 172.30.53.1 bzw. 10.0.0.0/8. „true“ und eine Anzahl wie „1“ sind nicht erlaubt: Sie vertrauen jedem, der sich verbindet, und wer die Seite direkt erreicht, könnte seine Adresse selbst angeben (X-Forwarded-For) und die Anfragegrenze umgehen.',
          )
          .optional(),
      )
      .transform(parseTrustProxy),
    SANITY_PROJECT_ID: optional.pipe(
      z
        .string()
        .regex(/^[a-z0-9-]+$/, 'SANITY_PROJECT_ID darf nur a-z, 0-9 und - enthalten')
        .optional(),
    ),
    SANITY_DATASET: optional.pipe(
      z
        .string()
        .regex(/^[a-z0-9_-]+$/, 'SANITY_DATASET darf nur a-z, 0-9, _ und - enthalten')
        .optional(),
    ),
    SANITY_WRITE_TOKEN: optional,
    /**
     * A read token (Sanity role Viewer) for the Studio's preview: drafts and releases. Server-only;
     * without it the preview mode is off (docs/decisions/031).
     */
    SANITY_VIEWER_TOKEN: optional,
    /** Where staff open the Studio: the preview's click-to-edit links and the only page allowed to frame a preview. Default SITE_URL/studio. */
    SANITY_STUDIO_URL: optional.pipe(
      z.url({ protocol: /^https?$/, error: 'SANITY_STUDIO_URL muss eine http(s)-URL sein, z. B. https://www.example.de/studio' }).optional(),
    ),
    /**
     * Seconds a preview cookie's grant (the Studio's secret, the share link) is taken as still there
     * before Sanity is asked again; a deleted grant ends the preview at the next check (docs/decisions/031).
     */
    PREVIEW_GRANT_CHECK_SECONDS: optional
      .pipe(
        z
          .string()
          .regex(/^\d+$/, 'PREVIEW_GRANT_CHECK_SECONDS muss eine ganze Zahl ab 0 sein (Sekunden zwischen zwei Prüfungen der Vorschau-Freigabe)')
          .optional(),
      )
      .transform((value) => (value === undefined ? 180 : Number(value))),
    SANITY_API_VERSION: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .default('2025-02-19'),
    SANITY_USE_CDN: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
    /** Only for tests: the Sanity API host (MSW intercepts it). */
    SANITY_API_HOST: optional,
    /** Outgoing mail for lead notifications; without it, mails are written to DATA_DIR/outbox. */
    SMTP_URL: optional.pipe(
      z
        .url({
          protocol: /^smtps?$/,
          error: 'SMTP_URL muss eine smtp://- oder smtps://-URL sein, z. B. smtps://benutzer:passwort@smtp.example.de:465',
        })
        .optional(),
    ),
    /** Recipient of lead notifications; else the e-mail address in the site settings. */
    LEADS_NOTIFY_TO: optional.pipe(z.email({ error: 'LEADS_NOTIFY_TO muss eine E-Mail-Adresse sein, z. B. anfragen@example.de' }).optional()),
    /**
     * Sender of lead notifications: an address the SMTP server may send from. Without a name the
     * mails to visitors carry the dealer's name from the settings (visitorSender), unknown here.
     */
    MAIL_FROM: optional.pipe(
      z
        .string()
        .regex(
          /^(?:[^<>\r\n"]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
          'MAIL_FROM muss eine E-Mail-Adresse sein, z. B. noreply@example.de (ohne Namen tragen E-Mails an Kunden den Namen des Autohauses)',
        )
        .default('noreply@localhost'),
    ),
    /** mobile.de Search API (DESIGN.md §4): the dealer's API user, its password and the seller key; all three or none. */
    MOBILE_DE_USERNAME: optional,
    MOBILE_DE_PASSWORD: optional,
    MOBILE_DE_SELLER_ID: optional.pipe(
      z
        .string()
        .regex(/^\d{1,20}$/, 'MOBILE_DE_SELLER_ID ist die numerische Händlernummer (mobileSellerId), z. B. 12345678')
        .optional(),
    ),
    /** Base of the Search API; tests and benchmarks point it at a mock. */
    MOBILE_DE_API_BASE: optional
      .pipe(z.url({ protocol: /^https?$/, error: 'MOBILE_DE_API_BASE muss eine http(s)-URL sein, z. B. https://services.mobile.de' }).optional())
      .transform((value) => value ?? 'https://services.mobile.de'),
    /**
     * Serves /formulare, the test page with every lead form, in production too (the e2e servers).
     * Off by default: a public page that stores real leads is not for visitors. Development always has it.
     */
    FORMS_PAGE: z
      .enum(['true', 'false'], { error: 'FORMS_PAGE muss true oder false sein' })
      .default('false')
      .transform((value) => value === 'true'),
    /** `false` on staging: every response carries `X-Robots-Tag: noindex` and robots.txt disallows everything. */
    ALLOW_INDEXING: z
      .enum(['true', 'false'], { error: 'ALLOW_INDEXING muss true oder false sein' })
      .default('true')
      .transform((value) => value === 'true'),
    /** Secret of the revalidation webhook POST /api/revalidate (what Sanity calls on publish); without it the webhook is off. */
    REVALIDATE_SECRET: optional.pipe(z.string().min(16, 'REVALIDATE_SECRET muss mindestens 16 Zeichen lang sein (z. B. openssl rand -hex 32)').optional()),
    /** Seconds a page stays in the full-page cache at most (for lake edits no webhook announced); 0 switches the cache off. */
    PAGE_CACHE_TTL: optional
      .pipe(z.string().regex(/^\d+$/, 'PAGE_CACHE_TTL muss eine ganze Zahl ab 0 sein (Sekunden, 0 = kein Seiten-Cache)').optional())
      .transform((value) => (value === undefined ? 300 : Number(value))),
    /**
     * Seconds the marketplace sync's lease in the lake lasts without renewal (issue 15): a running sync
     * renews it every third of that; the lease of an instance that died frees the sync after it.
     */
    SYNC_LEASE_SECONDS: optional
      .pipe(z.string().regex(/^\d+$/, 'SYNC_LEASE_SECONDS muss eine ganze Zahl ab 3 sein (Sekunden)').optional())
      .transform((value) => (value === undefined ? 120 : Number(value)))
      .pipe(z.number().min(3, 'SYNC_LEASE_SECONDS muss mindestens 3 sein (Sekunden)')),
    /** Bearer token for POST /api/vehicles/sync; without it the endpoint is switched off. */
    SYNC_TOKEN: optional.pipe(z.string().min(16, 'SYNC_TOKEN muss mindestens 16 Zeichen lang sein (z. B. openssl rand -hex 32)').optional()),
  })
  .superRefine((env, ctx) => {
    requireTogether(env, ctx, SANITY_VARIABLES, 'für den Sanity-Content-Lake', 'Ohne alle drei läuft die Seite mit den eingebetteten Inhalten.')
    requireTogether(env, ctx, MOBILE_DE_VARIABLES, 'für den Abgleich mit mobile.de', 'Ohne alle drei bleibt der Abgleich abgeschaltet.')
    if (env.SANITY_VIEWER_TOKEN !== undefined && env.SANITY_PROJECT_ID === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['SANITY_VIEWER_TOKEN'],
        message:
          'SANITY_VIEWER_TOKEN gilt nur zusammen mit SANITY_PROJECT_ID, SANITY_DATASET und SANITY_WRITE_TOKEN: Die Vorschau liest Entwürfe aus dem Sanity-Projekt.',
      })
    }
  })

function requireTogether(env: Record<string, unknown>, ctx: z.RefinementCtx, names: readonly string[], purpose: string, otherwise: string) {
  const present = names.filter((name) => env[name] !== undefined)
  if (present.length === 0 || present.length === names.length) return
  for (const name of names) {
    if (env[name] !== undefined) continue
    ctx.addIssue({
      code: 'custom',
      path: [name],
      message: `${name} fehlt: ${purpose} müssen ${names.join(', ')} zusammen gesetzt sein (gesetzt: ${present.join(', ')}). ${otherwise}`,
    })
  }
}

export type Env = z.infer<typeof envSchema>

/**
 * Every variable the server reads. All of them are server-only: none is sent to the browser, and
 * tests/build-secrets.ts checks that none of their names turns up in the client build.
 */
export const ENV_NAMES = Object.keys(envSchema.shape) as Array<keyof Env>

export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Ungültige Umgebungsvariablen:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`)
    this.name = 'EnvError'
  }
}

/** Parse and validate the environment; throws an EnvError that names each wrong variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source)
  if (result.success) return result.data
  throw new EnvError(
    result.error.issues.map((issue) => {
      const name = issue.path.join('.')
      return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`
    }),
  )
}

/** Whether the real Sanity content lake is configured (else the embedded one is used). */
export function usesSanity(env: Env): env is Env & { SANITY_PROJECT_ID: string; SANITY_DATASET: string; SANITY_WRITE_TOKEN: string } {
  return env.SANITY_PROJECT_ID !== undefined
}
