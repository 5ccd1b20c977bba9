import { createHash, randomBytes } from 'node:crypto'
import { type Env } from '#app/env.server.ts'
import { scriptAddedBy } from '#app/utils/deferred-scripts.server.ts'

/**
 * Security headers for every response of the server (docs/decisions/015): one builder, four
 * kinds of response.
 * - `page`: an HTML document rendered by Remix; its CSP allows scripts by per-request nonce, or
 *   (a page answered from the page cache) by the hashes of its inline scripts (docs/decisions/076).
 * - `resource`: anything else the site serves (JSON, XML, images, built assets, plain-text
 *   errors); nothing in it ever runs, so its CSP allows nothing at all.
 * - `studio`: the Sanity Studio's index.html at /studio, with the looser policy it needs.
 */
export type ResponseKind = 'page' | 'resource' | 'studio'

const NONCE_BYTES = 16
let noncePool = Buffer.alloc(0)
let noncePoolOffset = 0

/**
 * 128 random bits, base64: a CSP nonce for one response. Drawn from a pool of random bytes
 * refilled 256 nonces at a time (one system call each for every cache hit showed in profiles).
 */
export function createNonce(): string {
  if (noncePoolOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 256)
    noncePoolOffset = 0
  }
  const nonce = noncePool.toString('base64', noncePoolOffset, noncePoolOffset + NONCE_BYTES)
  noncePoolOffset += NONCE_BYTES
  return nonce
}

/**
 * Image hosts of the pages besides the site itself: Sanity's image CDN (the Sanity backend) and
 * mobile.de's photo CDN (synced vehicles' `externalImages`, docs/decisions/010).
 */
export const PAGE_IMAGE_HOSTS = ['https://cdn.sanity.io', 'https://img.classistatic.de'] as const

/**
 * The only frames the pages embed, each behind a click-to-load placeholder: the dealer portal
 * on mobile.de (/vehicles) and the OpenStreetMap map (map sections, /contact).
 */
export const PAGE_FRAME_HOSTS = ['https://home.mobile.de', 'https://www.openstreetmap.org'] as const

/**
 * Browser features no page of the site uses, switched off for the pages and every frame in
 * them. Only features Chromium knows: an unknown one costs a console warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ')

type Directives = Record<string, readonly string[]>

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ')
}

/**
 * Directives every policy shares: no plugins, no foreign <base>, framed by nobody (a preview page
 * by the Studio only, docs/decisions/031).
 */
const COMMON: Directives = {
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
}

/** What lets a page's inline scripts run: this response's nonce, or (a cached page) their hashes. */
export type PageScripts = { nonce: string } | { hashes: readonly string[] }

/**
 * The one <style> element the pages make: sonner's, inserted when the toast region first loads
 * (toast-region.tsx). Its hash lets it in where any other style element is refused; the unit test
 * recomputes it from the installed sonner, so an upgrade that changes the CSS fails there.
 */
export const SONNER_STYLE_HASH = 'sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY='

/**
 * The empty style element's hash: sonner appends its <style> before its text, and the browser
 * checks both states (the text is checked again when it arrives, so nothing else gets in by it).
 */
const EMPTY_STYLE_HASH = inlineTextHash('')

/**
 * The pages' policy. Scripts: the site's own files and inline scripts carrying this response's
 * nonce (Remix's context and module scripts, React's streaming scripts, ScrollRestoration). A page
 * from the page cache lists the hashes of those scripts instead, with 'strict-dynamic' (what they
 * add may run; a parser-inserted script must be listed) and 'self' for browsers without it
 * (docs/decisions/076). Styles (docs/decisions/015): style attributes are inline (React `style`
 * props), style elements only the site's files and sonner's; an injected <style> could read the
 * page through attribute selectors. `style-src` is the fallback of browsers without the split
 * (Safari before 15.4, Firefox before 108). A preview page keeps inline style elements: the
 * Studio's overlays insert theirs.
 */
export function pageContentSecurityPolicy(
  scripts: PageScripts,
  options: { upgradeInsecureRequests: boolean; framedBy?: readonly string[]; styleHashes?: readonly string[] },
): string {
  const styleHashes = [SONNER_STYLE_HASH, EMPTY_STYLE_HASH, ...(options.styleHashes ?? [])]
  return serialize({
    'default-src': ["'self'"],
    'script-src': 'nonce' in scripts ? ["'self'", `'nonce-${scripts.nonce}'`] : ["'self'", "'strict-dynamic'", ...scripts.hashes.map((hash) => `'${hash}'`)],
    'style-src': ["'self'", "'unsafe-inline'"],
    ...(options.framedBy ? {} : { 'style-src-elem': ["'self'", ...styleHashes.map((hash) => `'${hash}'`)], 'style-src-attr': ["'unsafe-inline'"] }),
    // blob: the sell form's previews of the chosen photos (object URLs, made only by this page's own scripts).
    'img-src': ["'self'", 'data:', 'blob:', ...PAGE_IMAGE_HOSTS],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': [...PAGE_FRAME_HOSTS],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    ...COMMON,
    ...(options.framedBy ? { 'frame-ancestors': options.framedBy.map((url) => new URL(url).origin) } : {}),
    ...(options.upgradeInsecureRequests ? { 'upgrade-insecure-requests': [] } : {}),
  })
}

/** Responses that are not documents (JSON, XML, files): nothing may load or run in them. */
export function resourceContentSecurityPolicy(): string {
  return serialize({ 'default-src': ["'none'"], ...COMMON, 'form-action': ["'none'"] })
}

/**
 * The Studio's policy: its index.html has one inline bootstrap script (allowed by its hash),
 * loads Sanity's bridge script and fonts from Sanity's CDNs, and talks to the project's API over
 * HTTPS and WebSockets. Images may come from any HTTPS host: the editors' avatars are served by
 * their login providers (Google, GitHub, …). Styles need 'unsafe-inline' (styled-components).
 */
export function studioContentSecurityPolicy(scriptHashes: readonly string[]): string {
  return serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes.map((hash) => `'${hash}'`), 'https://core.sanity-cdn.com'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:', 'https://studio-static.sanity.io'],
    'connect-src': [
      "'self'",
      'https://api.sanity.io',
      'https://*.api.sanity.io',
      'wss://*.api.sanity.io',
      'https://*.apicdn.sanity.io',
      'https://core.sanity-cdn.com',
    ],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    ...COMMON,
  })
}

/** An inline script: a <script> without `src`, its attributes and its text as the HTML parser reads it. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi

/**
 * The `sha256-…` source of an inline script's or stylesheet's text, as the browser hashes it (the
 * parser turns CR LF and CR into LF).
 */
export function inlineTextHash(text: string): string {
  return `sha256-${createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64')}`
}

/** `sha256-…` sources for each inline <script> (one without `src`) of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const [, attributes = '', content = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || content === '') continue
    hashes.push(inlineTextHash(content))
  }
  return hashes
}

/**
 * A page rendered with `nonce`, made fit to be answered again and again (the page cache,
 * docs/decisions/076): the `sha256-…` sources of exactly the inline scripts that carry the nonce
 * (the ones the nonce policy let run; a script injected without it stays blocked) and of the module
 * script each of them adds (deferred-scripts.server.ts), and the document without those nonce
 * attributes, which no later answer's policy names.
 */
export function hashTrustedScripts(html: string, nonce: string): { html: string; hashes: string[] } {
  const hashes = new Set<string>()
  const marked = ` nonce="${nonce}"`
  const out = html.replace(INLINE_SCRIPT, (script, attributes: string, content: string) => {
    if (!attributes.includes(marked)) return script
    if (content !== '') hashes.add(inlineTextHash(content))
    const added = scriptAddedBy(content)
    if (added !== undefined) hashes.add(inlineTextHash(added))
    return script.replace(marked, '')
  })
  return { html: out, hashes: [...hashes] }
}

export interface SecurityHeaderOptions {
  env: Pick<Env, 'NODE_ENV' | 'ALLOW_INDEXING' | 'SITE_URL'>
  /** The response's nonce (`page`). */
  nonce?: string
  /** Hashes of the inline scripts: the Studio's (`studio`), or a cached page's instead of a nonce (`page`). */
  scriptHashes?: readonly string[]
  /** A preview page: the Studio's URL, whose origin alone may frame it (`page`). */
  framedBy?: readonly string[]
  /** Hashes of a page's own inline stylesheets besides sonner's (`page`: the /studio explanation). */
  styleHashes?: readonly string[]
}

/**
 * Every security header of one response of this kind: CSP, HSTS in production,
 * `X-Content-Type-Options`, `Referrer-Policy`, `Permissions-Policy`, and `X-Robots-Tag` where the
 * response must not be indexed (staging with ALLOW_INDEXING=false; the Studio always).
 */
export function securityHeaders(kind: ResponseKind, { env, nonce, scriptHashes, framedBy, styleHashes }: SecurityHeaderOptions): Record<string, string> {
  let policy: string
  if (kind === 'page') {
    if (!nonce && !scriptHashes) throw new Error('A page needs a CSP nonce or its script hashes')
    policy = pageContentSecurityPolicy(nonce ? { nonce } : { hashes: scriptHashes! }, {
      upgradeInsecureRequests: new URL(env.SITE_URL).protocol === 'https:',
      framedBy,
      styleHashes,
    })
  } else if (kind === 'studio') {
    policy = studioContentSecurityPolicy(scriptHashes ?? [])
  } else {
    policy = resourceContentSecurityPolicy()
  }
  const headers: Record<string, string> = {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  }
  // Only for a site served over TLS (its address says so): over plain HTTP the header must not be sent (RFC 6797 §7.2).
  if (env.NODE_ENV === 'production' && new URL(env.SITE_URL).protocol === 'https:') headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
  if (kind === 'studio') headers['X-Robots-Tag'] = 'noindex, nofollow'
  else if (!env.ALLOW_INDEXING) headers['X-Robots-Tag'] = 'noindex'
  return headers
}
