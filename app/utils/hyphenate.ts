import { createRequire } from 'node:module'
import type * as HyphenDe from 'hyphen/de'

// A CommonJS package whose exports Node's ESM loader cannot see (and `hyphen/de` is a folder): required.
const { hyphenateSync } = createRequire(import.meta.url)('hyphen/de') as typeof HyphenDe

/*
 * Soft hyphens in the long words of headings (docs/decisions/102). Headings are capitals in narrow
 * cards („FAHRZEUGBEWERTUNG“ in a third of 1024 px); `hyphens: auto` hyphenates them only where the
 * browser has a German dictionary, and without one they broke mid-word, unmarked. Every word of at
 * least MIN_LENGTH letters gets a soft hyphen (U+00AD) at each of its hyphenation points, found by
 * TeX's German patterns (hyph-de-1996, through the `hyphen` package): the browser breaks there, with
 * a hyphen, only when the word does not fit. Whatever staff type is hyphenated; they type nothing.
 */

const MIN_LENGTH = 14

/** The heading's text with soft hyphens in its long words (none: as it is). */
export function hyphenateHeading<T extends string | null | undefined>(text: T): T {
  if (!text) return text
  // hyphenateSync, not hyphenateHTMLSync: a heading is text, a „<“ in it no tag to skip.
  return hyphenateSync(text, { minWordLength: MIN_LENGTH }) as T
}
