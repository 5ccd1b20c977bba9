/*
 * German compounds in the Studio's search (issue 36): Sanity's search matches the
 * start of words (`title match "aufbereitung*"`), so „Aufbereitung“ missed „Fahrzeugaufbereitung“. A page
 * keeps, in a hidden field that the search reads (`searchWords`), every tail of its long words:
 * „fahrzeugaufbereitung“ gives „aufbereitung“, „bereitung“ … so a search for any part of a compound
 * finds the page, with Sanity's own search and on both lakes. Browser-safe: the Studio and the seed
 * compiler (scripts/seed-pages.ts) use it alike.
 */

/** Words shorter than this are not split; no tail is shorter than MIN_TAIL. */
const MIN_WORD = 7
const MIN_TAIL = 4

/** The tails of the long words in `texts` (title, path), lower case, each once, joined by spaces. */
export function searchWords(texts: ReadonlyArray<string | undefined | null>): string {
  const tails = new Set<string>()
  for (const text of texts) {
    for (const word of (text ?? '').toLocaleLowerCase('de-DE').match(/[\p{L}\p{N}]+/gu) ?? []) {
      if (word.length < MIN_WORD) continue
      for (let start = 1; start <= word.length - MIN_TAIL; start += 1) tails.add(word.slice(start))
    }
  }
  return [...tails].join(' ')
}

/** The page fields the words come from. */
export function pageSearchWords(page: { title?: unknown; path?: unknown }): string {
  return searchWords([typeof page.title === 'string' ? page.title : undefined, typeof page.path === 'string' ? page.path : undefined])
}
