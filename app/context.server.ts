import { type Env, parseEnv, usesSanity } from '#app/env.server.ts'
import { type PreviewSession } from '#app/preview/preview.server.ts'
import { AlertWatcher } from '#app/alerts/watcher.server.ts'
import { RetentionSweeper } from '#app/submissions/erasure.server.ts'
import { Notifier, RECEIPT_TOTAL_WINDOW_MS, receiptsPerClientPerHour } from '#app/submissions/notifier.server.ts'
import { cleanUpPhotosAtStart } from '#app/submissions/photo-store.server.ts'
import { EmbeddedLake } from '#app/lake/embedded-lake.server.ts'
import { type ContentLake } from '#app/lake/lake.server.ts'
import { SanityLake } from '#app/lake/sanity-lake.server.ts'
import { ContentRevision, ObservedLake } from '#app/lake/content-revision.server.ts'
import { createLogger, type Logger } from '#app/server/logging.server.ts'
import { RateLimiter } from '#app/utils/rate-limit.server.ts'

/** What every loader and action receives as `context`: validated env and the content lake. */
export interface AppContext {
  env: Env
  lake: ContentLake
  /**
   * Contact and lead submissions per client address (SUBMISSION_RATE_LIMIT a minute), shared by
   * every request of the process. Absent when the limit is 0 (switched off) or in tests that leave it out.
   */
  submissionLimiter?: RateLimiter
  /**
   * The visitor mails (receipts, an alert's opt-in mail) each client's submissions may ask for within
   * an hour: a sixth of RECEIPTS_PER_HOUR (receiptsPerClientPerHour), per process. Absent in tests that leave it out.
   */
  receiptLimiter?: RateLimiter
  /** Mails the dealer about stored messages and leads, and retries what is still pending. */
  notifier?: Notifier
  /** The settings' retention rule and the hourly sweep of what deleted leads left (decision 072). */
  retentionSweeper?: RetentionSweeper
  /** Records price changes and arrivals and tells the confirmed price and search alerts (decision 080). */
  alertWatcher?: AlertWatcher
  /**
   * Called with the id of a contact message or lead once it is durably stored: starts the dealer's
   * notification without waiting for it. Absent in tests that do not exercise notifications.
   */
  onStored?: (documentId: string) => void
  /**
   * The content revision: moved on by every lake write and by POST /api/revalidate; the page
   * cache serves a page only for the revision it was rendered at. Absent in tests without a cache.
   */
  contentRevision?: ContentRevision
  /**
   * Where server code logs: the process logger here; in a loader or action, the request's child
   * logger, whose every line carries the request id. Absent in unit tests that do not look at logs.
   */
  logger?: Logger
}

declare module '@remix-run/node' {
  interface AppLoadContext extends AppContext {
    /** The client's address, set per request by createServer (Express `req.ip`, honouring TRUST_PROXY). */
    clientAddress?: string
    /**
     * The origin the client addressed (validated Host, or a trusted proxy's X-Forwarded-Host/-Proto).
     * Request URLs always carry SITE_URL's origin (docs/decisions/021); the same-origin rule of
     * form posts accepts this one too.
     */
    requestOrigin?: string
    /** This response's CSP nonce (app/server/site.server.ts), for every inline script of the page. */
    cspNonce?: string
    /** The request's id (X-Request-Id), also on every line of `logger`. */
    requestId?: string
    /** Set for staff in the Studio's preview (a valid preview cookie): `lake` then reads their drafts. */
    preview?: PreviewSession
    /**
     * Set by the page forms' one door when it refuses a post (submissionPageAction): the page drawn with
     * the refusal says „Fehler:“ in its <title>, which a screen reader reads first on a page load.
     * The loaders after an action share its context, not its data.
     */
    refusedPost?: boolean
  }
}

/** The process-wide submission limiter of SUBMISSION_RATE_LIMIT (per minute); undefined when 0. */
export function createSubmissionLimiter(env: Pick<Env, 'SUBMISSION_RATE_LIMIT'>): RateLimiter | undefined {
  if (env.SUBMISSION_RATE_LIMIT === 0) return undefined
  return new RateLimiter({ limit: env.SUBMISSION_RATE_LIMIT, windowMs: 60_000 })
}

/** Picks the backend: the real Sanity lake when configured, else the embedded one. */
export async function createLake(env: Env, logger?: Logger): Promise<ContentLake> {
  if (usesSanity(env)) {
    return new SanityLake({
      projectId: env.SANITY_PROJECT_ID,
      dataset: env.SANITY_DATASET,
      token: env.SANITY_WRITE_TOKEN,
      apiVersion: env.SANITY_API_VERSION,
      useCdn: env.SANITY_USE_CDN,
      apiHost: env.SANITY_API_HOST,
      logger,
    })
  }
  // The only writer of DATA_DIR: refuses to start beside a live one (docs/decisions/039, 087: SQLite's lock on writer.lock, held until the process ends).
  return EmbeddedLake.open({ contentDir: env.CONTENT_DIR, dataDir: env.DATA_DIR, log: logger })
}

/**
 * Validates the environment, opens the lake, cleans up the photos (the upload's temporary folder
 * emptied, orphan photos removed: docs/decisions/041) and starts the notifier's retry loop and the
 * retention sweep (decision 072); called
 * once by server.mjs before listening.
 */
export async function createAppContext(source: Record<string, string | undefined> = process.env): Promise<AppContext & { contentRevision: ContentRevision }> {
  const env = parseEnv(source)
  const contentRevision = new ContentRevision()
  // Every write that a page may show, whoever makes it (sync, Studio via the webhook), outdates the cached pages.
  const logger = createLogger(env)
  const lake = new ObservedLake(await createLake(env, logger), contentRevision)
  // The embedded lake's folder is this process's alone (decision 039): cleaned before the first request.
  // On Sanity the sweep is a query and deletions over the network: it runs beside the start, not before it.
  const cleanup = cleanUpPhotosAtStart(env, lake, logger)
  if (lake.kind === 'embedded') await cleanup
  // Changes made elsewhere (on Sanity: another instance, the Studio) outdate this instance's cached pages too.
  lake.follow()
  const notifier = new Notifier({ lake, env, logger })
  notifier.start()
  // The settings' retention rule, and what deleted leads left behind (docs/decisions/072): hourly.
  const retentionSweeper = new RetentionSweeper(lake, env, { logger })
  retentionSweeper.start()
  // Every change a page may show (the sync's writes, the Studio's publishes through the listener or
  // the webhook) may be a new price or a new car: the alerts' watcher looks at the documents named
  // as changed, or at every car when they are not known (decisions 080 and 096).
  const alertWatcher = new AlertWatcher({ lake, notifier, logger })
  contentRevision.onChange((documentIds) => alertWatcher.trigger(documentIds))
  alertWatcher.start()
  return {
    env,
    lake,
    submissionLimiter: createSubmissionLimiter(env),
    receiptLimiter: new RateLimiter({ limit: receiptsPerClientPerHour(env.RECEIPTS_PER_HOUR), windowMs: RECEIPT_TOTAL_WINDOW_MS }),
    notifier,
    retentionSweeper,
    alertWatcher,
    // Never rejects: a failed mail (the dealer's or the visitor's receipt) stays pending for the retry loop.
    onStored: (documentId) => void notifier.notifyAll(documentId),
    contentRevision,
    logger,
  }
}

/**
 * Ends what createAppContext started, in order: the alerts' watcher first (it hands mails to the
 * notifier), then the notifier (its running retries and mails), the retention sweep, and the lake
 * (waiting writes committed). server.mjs on SIGTERM, and the harnesses that start the app in-process.
 */
export async function stopAppContext(context: Partial<Pick<AppContext, 'alertWatcher' | 'notifier' | 'retentionSweeper' | 'lake'>>) {
  await context.alertWatcher?.stop()
  await context.notifier?.stop()
  await context.retentionSweeper?.stop()
  await context.lake?.close?.()
}
