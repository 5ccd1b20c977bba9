/**
 * Rules for a page's path. Pure (no Sanity imports): the schema validates with them and the app
 * normalises request paths with the same pattern.
 */

/** `/services`, `/locations/xanten/bmw-ankauf`: lowercase segments of letters, digits and hyphens. */
export const PAGE_PATH_PATTERN = /^(\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/

/** Paths the app serves itself; a page there would never be shown. */
export const RESERVED_PATH_PREFIXES = [
  '/vehicles',
  '/auto-verkaufen',
  '/merkliste',
  '/benachrichtigung',
  '/anfrage-fotos',
  '/api',
  '/studio',
  '/media',
  '/build',
  '/images',
  '/formulare',
  '/services/finanzierung',
] as const

/** A German message when `path` cannot be a page's path, else undefined. */
export function pagePathProblem(path: string): string | undefined {
  if (!PAGE_PATH_PATTERN.test(path)) {
    // A city with an umlaut is the likeliest slip: say how to write it.
    const umlauts = /[äöüß]/i.test(path) ? ' Umlaute als ae, oe, ue und ß als ss schreiben, z. B. /locations/muelheim.' : ''
    return `Der Pfad beginnt mit / und besteht aus Kleinbuchstaben, Ziffern und Bindestrichen, z. B. /locations/bochum.${umlauts}`
  }
  const reserved = RESERVED_PATH_PREFIXES.find((prefix) => path === prefix || path.startsWith(`${prefix}/`))
  if (reserved) return `Pfade unter ${reserved} gehören der Website selbst und können keine Seite sein.`
  return undefined
}
