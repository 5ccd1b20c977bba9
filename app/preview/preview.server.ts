import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { type Cookie, createCookie } from '@remix-run/node'
import { type ClientPerspective, type StegaConfig } from '@sanity/client'
import { type Env, usesSanity } from '#app/env.server.ts'
import { type ContentLake } from '#app/lake/lake.server.ts'
import { GRANT_QUERY } from '#app/sanity/queries/preview.ts'

/*
 * The Studio's preview (issue 14, docs/decisions/031). The Presentation tool opens the site through
 * /api/preview-mode/enable, which checks the tool's secret and sets a signed cookie that ends after
 * PREVIEW_LIFETIME_SECONDS or when its grant (the secret's document) is gone; requests with a
 * valid cookie read drafts (or a release stack) with the viewer token and stega-encoded strings,
 * bypass the page cache, are sent `private, no-store`, and may be framed by the Studio.
 */

export const PREVIEW_COOKIE_NAME = '__sanity_preview'

/** How long a preview cookie opens the preview (server-checked `exp`), and how long the browser keeps it. */
export const PREVIEW_LIFETIME_SECONDS = 8 * 60 * 60

/** What a preview request reads: drafts, or a release stack (`['rSpring', 'drafts']`). */
export interface PreviewSession {
  perspective: ClientPerspective
  /** The `_id` of the document whose secret opened the preview: a Studio secret, or the share link. */
  grant: string
  /** Unix seconds when the preview ends whatever happens to the grant. */
  exp: number
}

/**
 * The signed cookie value: the perspective, issue time and expiry (Unix seconds), the grant's id and
 * a digest of its secret. The digest lets the grant check notice a share link that was switched off
 * and on again (same id, new secret) without the secret itself travelling in the cookie.
 */
export interface PreviewGrantValue {
  perspective: string
  iat: number
  exp: number
  grant: string
  sum: string
}

export type PreviewEnv = Env & { SANITY_PROJECT_ID: string; SANITY_DATASET: string; SANITY_WRITE_TOKEN: string; SANITY_VIEWER_TOKEN: string }

/** Preview needs drafts, which only a Sanity project with a viewer token can read. */
export function previewAvailable(env: Env): env is PreviewEnv {
  return usesSanity(env) && env.SANITY_VIEWER_TOKEN !== undefined
}

const cookies = new Map<string, Cookie>()

/**
 * The preview cookie: HttpOnly, Secure and SameSite=None, because the page lives in the Studio's
 * frame (a third-party context when the Studio runs on another origin). Signed with a key derived
 * from the viewer token, so only this server can issue one.
 */
export function previewCookie(env: PreviewEnv): Cookie {
  let cookie = cookies.get(env.SANITY_VIEWER_TOKEN)
  if (!cookie) {
    const secret = createHash('sha256').update(`preview-cookie\0${env.SANITY_VIEWER_TOKEN}`).digest('base64url')
    cookie = createCookie(PREVIEW_COOKIE_NAME, {
      httpOnly: true,
      secure: true,
      sameSite: 'none',
      path: '/',
      maxAge: PREVIEW_LIFETIME_SECONDS,
      secrets: [secret],
    })
    cookies.set(env.SANITY_VIEWER_TOKEN, cookie)
  }
  return cookie
}

/**
 * Whether a string has the shape of a secret the Studio generates (`generateUrlSecret` of
 * @sanity/preview-url-secret: 16 random bytes as 32 hex digits, base64url without padding, 43
 * characters). Anything else is a guess and is refused without asking Sanity.
 */
export function hasSecretShape(secret: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(secret) && /^[0-9a-f]{32}$/.test(Buffer.from(secret, 'base64url').toString('latin1'))
}

/** A digest of a grant's secret for the cookie and the used-secret check (never the secret itself). */
export function secretDigest(secret: string): string {
  return createHash('sha256').update(`preview-secret\0${secret}`).digest('base64url').slice(0, 22)
}

/** A Sanity release id: `r` and letters or digits (the Studio makes `r` + 8 of them), but not the perspective `raw`. */
const isReleaseId = (layer: string) => /^r[A-Za-z0-9]{1,63}$/.test(layer) && layer !== 'raw'

/**
 * The perspective the Studio asked for (`sanity-preview-perspective`): `drafts` (also when absent),
 * `published`, or a release stack of up to 10 release ids, optionally ending in `drafts`. Anything
 * else (`raw`, which shows drafts and published side by side, unknown names, quotes) is refused:
 * undefined, and the enable route answers 400.
 */
export function parsePerspective(value: string | null | undefined): ClientPerspective | undefined {
  if (!value || value === 'drafts' || value === 'previewDrafts') return 'drafts'
  if (value === 'published') return 'published'
  const stack = value.split(',')
  const releases = stack.at(-1) === 'drafts' ? stack.slice(0, -1) : stack
  const valid = releases.length >= 1 && stack.length <= 10 && releases.every(isReleaseId)
  return valid ? stack : undefined
}

/** The perspective as one string, for the cookie and the query string. */
export function perspectiveParam(perspective: ClientPerspective): string {
  return Array.isArray(perspective) ? perspective.join(',') : String(perspective)
}

/** The Set-Cookie header of a new preview: `grant` and the digest of the secret that opened it, valid for PREVIEW_LIFETIME_SECONDS. */
export function issuePreview(
  env: PreviewEnv,
  {
    perspective,
    grant,
    sum,
    iat = Math.floor(Date.now() / 1000),
    exp = iat + PREVIEW_LIFETIME_SECONDS,
  }: Omit<PreviewGrantValue, 'perspective' | 'iat' | 'exp'> & { perspective: ClientPerspective; iat?: number; exp?: number },
): Promise<string> {
  const value: PreviewGrantValue = { perspective: perspectiveParam(perspective), iat, exp, grant, sum }
  return previewCookie(env).serialize(value, { maxAge: Math.max(0, exp - Math.floor(Date.now() / 1000)) })
}

/**
 * The signed value of a request's cookie if it is well-formed and not expired at `now` (ms), else
 * undefined: a value of the old format (`{"perspective":"drafts"}`, no expiry or grant), one with
 * a perspective that is not accepted, or one whose lifetime is longer than ours.
 */
export async function decodePreview(cookieHeader: string | null | undefined, env: PreviewEnv, now = Date.now()): Promise<PreviewGrantValue | undefined> {
  if (!cookieHeader?.includes(PREVIEW_COOKIE_NAME)) return undefined
  const value: unknown = await previewCookie(env).parse(cookieHeader)
  if (typeof value !== 'object' || value === null) return undefined
  const { perspective, iat, exp, grant, sum } = value as Record<string, unknown>
  if (typeof perspective !== 'string' || parsePerspective(perspective) === undefined) return undefined
  if (!Number.isInteger(iat) || !Number.isInteger(exp) || typeof grant !== 'string' || !grant || typeof sum !== 'string' || !sum) return undefined
  const seconds = now / 1000
  if ((exp as number) <= seconds || (iat as number) > seconds + 60 || (exp as number) - (iat as number) > PREVIEW_LIFETIME_SECONDS) return undefined
  return { perspective, iat: iat as number, exp: exp as number, grant, sum }
}

interface GrantCheck {
  alive: Promise<boolean>
  /** When the answer was asked for (ms); it holds for PREVIEW_GRANT_CHECK_SECONDS. */
  at: number
}

const grantChecks = new Map<string, GrantCheck>()
/** More grants than staff will ever hold at once; beyond it the oldest answers are forgotten. */
const MAX_GRANT_CHECKS = 1000

/** How long the enable route and the grant check wait for Sanity in all (its client retries once). */
export const PREVIEW_SANITY_TIMEOUT_MS = 6_000

/** Thrown when Sanity did not answer within PREVIEW_SANITY_TIMEOUT_MS. */
export class PreviewTimeoutError extends Error {
  constructor() {
    super(`Sanity did not answer within ${PREVIEW_SANITY_TIMEOUT_MS} ms`)
    this.name = 'PreviewTimeoutError'
  }
}

/** Whether Sanity failed to answer in time: our deadline, or the client's own timeout (get-it's ETIMEDOUT, ESOCKETTIMEDOUT). */
export function isSanityTimeout(error: unknown): boolean {
  if (error instanceof PreviewTimeoutError) return true
  const code = (error as { code?: unknown } | null)?.code
  return code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT'
}

/**
 * Runs a request to Sanity with an overall deadline. The signal stops the request; the race is for
 * requests that ignore it (@sanity/preview-url-secret's `cache: 'no-store'` made get-it use global
 * fetch without the client's timeout).
 */
export async function withSanityDeadline<T>(request: (signal: AbortSignal) => Promise<T>, ms = PREVIEW_SANITY_TIMEOUT_MS): Promise<T> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // First the verdict, then the abort: the aborted request's own rejection comes too late to win the race.
      reject(new PreviewTimeoutError())
      controller.abort()
    }, ms)
  })
  try {
    return await Promise.race([request(controller.signal), deadline])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Whether the grant document still exists with the same secret, asked with the viewer token at most
 * every PREVIEW_GRANT_CHECK_SECONDS per grant (one answer shared by the requests meanwhile). A failed
 * check is not kept: the request is a visitor's, and the next one asks again.
 */
async function grantAlive(lake: ContentLake, env: PreviewEnv, { grant, sum }: PreviewGrantValue, now: number): Promise<boolean> {
  if (!lake.previewReader) return false
  const key = `${grant}\0${sum}`
  const cached = grantChecks.get(key)
  if (cached && now - cached.at < env.PREVIEW_GRANT_CHECK_SECONDS * 1000) return cached.alive
  const client = lake.previewReader.client(env.SANITY_VIEWER_TOKEN)
  const alive = withSanityDeadline((signal) => client.fetch<string | null>(GRANT_QUERY, { id: grant }, { signal, tag: 'site.preview-grant' })).then(
    (secret) => typeof secret === 'string' && secretDigest(secret) === sum,
  )
  grantChecks.delete(key)
  if (grantChecks.size >= MAX_GRANT_CHECKS) grantChecks.delete(grantChecks.keys().next().value!)
  const check = { alive, at: now }
  grantChecks.set(key, check)
  try {
    return await alive
  } catch {
    if (grantChecks.get(key) === check) grantChecks.delete(key)
    return false
  }
}

/**
 * The preview session of a request with a valid cookie; undefined for everyone else (and without
 * preview): the cookie must be signed by this server, unexpired, of the current format, and its
 * grant (the Studio's secret document or the share link) must still exist.
 */
export async function readPreview(cookieHeader: string | null | undefined, env: Env, lake: ContentLake, now = Date.now()): Promise<PreviewSession | undefined> {
  if (!previewAvailable(env)) return undefined
  const value = await decodePreview(cookieHeader, env, now)
  if (!value || !(await grantAlive(lake, env, value, now))) return undefined
  return { perspective: parsePerspective(value.perspective)!, grant: value.grant, exp: value.exp }
}

let overlaysScript: string | null | undefined

/** The URL of the overlays' script (scripts/build-preview.mjs), read once; undefined before a build. */
export function previewOverlaysScript(): string | undefined {
  if (overlaysScript === undefined) {
    try {
      const manifest = JSON.parse(readFileSync('public/build/_preview/manifest.json', 'utf8')) as { overlays?: unknown }
      overlaysScript = typeof manifest.overlays === 'string' ? manifest.overlays : null
    } catch {
      overlaysScript = null
    }
  }
  return overlaysScript ?? undefined
}

/** Where staff open the Studio: click-to-edit links go there, and only it may frame a preview. */
export function studioUrl(env: Env): string {
  return env.SANITY_STUDIO_URL ?? new URL('/studio', env.SITE_URL).href
}

/** The fields whose text staff write: only these carry stega, so keys, paths, times and links stay exact. */
const PROSE_FIELDS = new Set([
  'title',
  'heading',
  'subtitle',
  'eyebrow',
  'description',
  'text',
  'intro',
  'label',
  'claim',
  'note',
  'titleLine1',
  'titleLine2',
  'name',
  'detail',
  'volume',
  'question',
  'answer',
  'tagline',
  'footerText',
  'customers',
  'distance',
  'submitLabel',
  'detailsLabel',
  'allLabel',
  'loadingText',
  'emptyText',
])
/** Lists of plain strings that are prose (checklists, tier benefits). */
const PROSE_LISTS = new Set(['checklist', 'benefits', 'items', 'points'])

const stegaFilter: StegaConfig['filter'] = (props) => {
  const end = props.sourcePath.at(-1)
  const field = typeof end === 'number' ? props.sourcePath.at(-2) : end
  const prose = typeof end === 'number' ? PROSE_LISTS.has(String(field)) : PROSE_FIELDS.has(String(field))
  return prose && props.filterDefault(props)
}

/** The lake a preview request reads: the session's perspective, viewer token, stega for click-to-edit. */
export function previewLake(lake: ContentLake, session: PreviewSession, env: Env): ContentLake {
  if (!previewAvailable(env) || !lake.previewReader) return lake
  return lake.previewReader.lake({
    token: env.SANITY_VIEWER_TOKEN,
    perspective: session.perspective,
    stega: { studioUrl: studioUrl(env), filter: stegaFilter },
  })
}
