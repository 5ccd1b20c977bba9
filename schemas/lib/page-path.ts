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

/** How many former paths a page keeps (the oldest are dropped): enough for years of renaming. */
export const MAX_PREVIOUS_PATHS = 20

/** A German message when `path` cannot be a page's path, else undefined. */
export function pagePathProblem(path: string): string | undefined {
  if (!PAGE_PATH_PATTERN.test(path)) return 'Der Pfad beginnt mit / und besteht aus Kleinbuchstaben, Ziffern und Bindestrichen, z. B. /locations/bochum.'
  const reserved = RESERVED_PATH_PREFIXES.find((prefix) => path === prefix || path.startsWith(`${prefix}/`))
  if (reserved) return `Pfade unter ${reserved} gehören der Website selbst und können keine Seite sein.`
  return undefined
}

/**
 * A page's former paths after it is published under `newPath` instead of `oldPath`: the old one
 * added (links to it keep working, as a 301 to the new one), the new one taken out (a page renamed
 * back), each once, the latest first, at most MAX_PREVIOUS_PATHS.
 */
export function previousPathsAfterRename(previous: readonly string[] | null | undefined, oldPath: string, newPath: string): string[] {
  const kept = (previous ?? []).filter((path) => path !== newPath && path !== oldPath)
  return (oldPath === newPath ? kept : [oldPath, ...kept]).slice(0, MAX_PREVIOUS_PATHS)
}
