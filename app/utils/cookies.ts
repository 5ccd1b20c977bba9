/**
 * The one reader of a `Cookie` header (the browser's `document.cookie` has the same form) for the cookies
 * the site writes itself: the Merkliste, the sell page's lead, and the page cache's look at which are sent.
 * The signed preview cookie goes through Remix's `createCookie`.
 */

/** The raw value of the first cookie named `name` (as sent, not decoded), or undefined when none is. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return undefined
}

/** The names of the cookies sent, in order (a part without `=` is a name, as browsers send it). */
export function cookieNames(header: string | null | undefined): string[] {
  if (!header) return []
  return header.split(';').flatMap((part) => {
    const name = part.split('=', 1)[0]!.trim()
    return name ? [name] : []
  })
}
