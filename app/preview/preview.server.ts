import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { type Cookie, createCookie } from '@remix-run/node'
import { type ClientPerspective, type StegaConfig } from '@sanity/client'
import { type Env, usesSanity } from '#app/env.server.ts'
import { type ContentLake } from '#app/sanity/lake.server.ts'

/*
 * The Studio's preview (issue 14, docs/decisions/031). The Presentation tool opens the site through
 * /api/preview-mode/enable, which checks the tool's secret and sets a signed cookie; requests with a
 * valid cookie read drafts (or a release stack) with the viewer token and stega-encoded strings,
 * bypass the page cache, are sent `private, no-store`, and may be framed by the Studio.
 */

export const PREVIEW_COOKIE_NAME = '__sanity_preview'

/** What a preview request reads: drafts, or a release stack (`['rSpring', 'drafts']`). */
export interface PreviewSession {
  perspective: ClientPerspective
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
    cookie = createCookie(PREVIEW_COOKIE_NAME, { httpOnly: true, secure: true, sameSite: 'none', path: '/', maxAge: 8 * 60 * 60, secrets: [secret] })
    cookies.set(env.SANITY_VIEWER_TOKEN, cookie)
  }
  return cookie
}

/**
 * The perspective the Studio asked for (`sanity-preview-perspective`): `drafts`, `published`, or a
 * comma-separated release stack ending in drafts. Anything malformed falls back to drafts.
 */
export function parsePerspective(value: string | null | undefined): ClientPerspective {
  if (!value || value === 'drafts' || value === 'previewDrafts') return 'drafts'
  if (value === 'published') return 'published'
  const stack = value.split(',').map((layer) => layer.trim())
  const valid = stack.length <= 10 && stack.every((layer) => /^[A-Za-z0-9_-]{1,64}$/.test(layer))
  return valid ? stack : 'drafts'
}

/** The perspective as one string, for the cookie and the query string. */
export function perspectiveParam(perspective: ClientPerspective): string {
  return Array.isArray(perspective) ? perspective.join(',') : String(perspective)
}

/** The preview session of a request with a valid cookie; undefined for everyone else (and without preview). */
export async function readPreview(cookieHeader: string | null | undefined, env: Env): Promise<PreviewSession | undefined> {
  if (!previewAvailable(env) || !cookieHeader?.includes(PREVIEW_COOKIE_NAME)) return undefined
  const value: unknown = await previewCookie(env).parse(cookieHeader)
  if (typeof value !== 'object' || value === null || typeof (value as { perspective?: unknown }).perspective !== 'string') return undefined
  return { perspective: parsePerspective((value as { perspective: string }).perspective) }
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
