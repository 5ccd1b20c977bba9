import { type Env, parseEnv, usesSanity } from '~/env.server'
import { EmbeddedLake } from '~/sanity/embedded-lake.server'
import { type ContentLake } from '~/sanity/lake.server'
import { SanityLake } from '~/sanity/sanity-lake.server'

/** What every loader and action receives as `context`: validated env and the content lake. */
export interface AppContext {
  env: Env
  lake: ContentLake
}

declare module '@remix-run/node' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
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
  return { env, lake: await createLake(env) }
}
