import { type Env, parseEnv, usesSanity } from '~/env.server'
import { EmbeddedLake } from '~/sanity/embedded-lake.server'
import { type ContentLake } from '~/sanity/lake.server'
import { SanityLake } from '~/sanity/sanity-lake.server'
import { RateLimiter } from '~/utils/rate-limit.server'

/** What every loader and action receives as `context`: validated env and the content lake. */
export interface AppContext {
  env: Env
  lake: ContentLake
  /**
   * Contact and lead submissions per client address (SUBMISSION_RATE_LIMIT a minute), shared by
   * every request of the process. Absent when the limit is 0 (switched off) or in tests that leave it out.
   */
  submissionLimiter?: RateLimiter
}

declare module '@remix-run/node' {
  interface AppLoadContext extends AppContext {
    /** The client's address, set per request by server.mjs (Express `req.ip`, honouring TRUST_PROXY). */
    clientAddress?: string
    /** Called with a lead's document id once it is durably stored (submitLead); the notifier hooks in here. */
    onStored?: (documentId: string) => void
  }
}

/** The process-wide submission limiter of SUBMISSION_RATE_LIMIT (per minute); undefined when 0. */
export function createSubmissionLimiter(env: Pick<Env, 'SUBMISSION_RATE_LIMIT'>): RateLimiter | undefined {
  if (env.SUBMISSION_RATE_LIMIT === 0) return undefined
  return new RateLimiter({ limit: env.SUBMISSION_RATE_LIMIT, windowMs: 60_000 })
}

/** Picks the backend: the real Sanity lake when configured, else the embedded one. */
export async function createLake(env: Env): Promise<ContentLake> {
  if (usesSanity(env)) {
    return new SanityLake({
      projectId: env.SANITY_PROJECT_ID,
      dataset: env.SANITY_DATASET,
      token: env.SANITY_WRITE_TOKEN,
      apiVersion: env.SANITY_API_VERSION,
      useCdn: env.SANITY_USE_CDN,
      apiHost: env.SANITY_API_HOST,
    })
  }
  return EmbeddedLake.open({ contentDir: env.CONTENT_DIR, dataDir: env.DATA_DIR })
}

/** Validates the environment and opens the lake; called once by server.mjs before listening. */
export async function createAppContext(source: Record<string, string | undefined> = process.env): Promise<AppContext> {
  const env = parseEnv(source)
  return { env, lake: await createLake(env), submissionLimiter: createSubmissionLimiter(env) }
}
