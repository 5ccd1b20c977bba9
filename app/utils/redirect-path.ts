/*
 * Where a form post may send the browser back to. The catch-all route accepts posts to any path,
 * and `new URL('http://h//evil.example').pathname` is `//evil.example` (a backslash becomes `/` too):
 * a `Location` made from it would be protocol-relative and leave the site.
 */

/**
 * The request's path as a same-site redirect target: leading slashes and backslashes collapse
 * into one `/`, backslashes inside become `/`, and the result is checked again after one round of
 * percent-decoding, so that neither the browser nor a proxy can read it as `//host`.
 * Anything still doubtful yields `/`. The query and fragment are the caller's.
 */
export function sameSitePath(pathname: string): string {
  const path = `/${pathname.replace(/\\/g, '/').replace(/^\/+/, '')}`
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return '/'
  }
  // `/%2F%2Fevil` and `/%5Cevil` are harmless to browsers, but some proxies decode before routing.
  if (/^[/\\]{2}/.test(decoded) || /^\/[\\]/.test(decoded)) return '/'
  // No control characters, spaces or fragment/query delimiters in a path we hand back.
  if (/[\u0000-\u0020\u007f-\u009f?#]/.test(path)) return '/'
  return path
}

/** `sameSitePath(pathname)` followed by `query` (without `?`) and `hash` (without `#`), when given. */
export function sameSiteLocation(pathname: string, query?: string, hash?: string): string {
  return `${sameSitePath(pathname)}${query ? `?${query}` : ''}${hash ? `#${hash}` : ''}`
}

/**
 * Whether a page a form names (`page`, `sourcePage`: a path, perhaps with its query and fragment)
 * is a page of this site as written: its path is what sameSitePath makes of it. `/\\evil.example`
 * is not, though it starts with `/`: resolved against the site it names another host.
 */
export function isSameSitePage(page: string): boolean {
  const pathEnd = page.search(/[?#]/)
  const path = pathEnd === -1 ? page : page.slice(0, pathEnd)
  return path !== '' && sameSitePath(path) === path
}
