import { createRequire } from 'node:module'
import type * as HyphenDe from 'hyphen/de'

// A CommonJS package whose exports Node's ESM loader cannot see (and `hyphen/de` is a folder): required.
const { hyphenateSync } = createRequire(import.meta.url)('hyphen/de') as typeof HyphenDe

/*
 * Soft hyphens in the long words of headings (docs/decisions/102). Headings are capitals in narrow
 * cards („FAHRZEUGBEWERTUNG“ in a third of 1024 px); `hyphens: auto` hyphenates them only where the
 * browser has a German dictionary, and without one they broke mid-word, unmarked. Every word at least
 * as long as HYPHENATED_FROM says (14 letters in headings, 8 in display titles) gets a soft hyphen
 * (U+00AD) at each of its hyphenation points, found by TeX's German patterns (hyph-de-1996, through the
 * `hyphen` package): the browser breaks there, with a hyphen, only when the word does not fit. Whatever staff type is hyphenated; they type nothing.
 */

/**
 * The shortest word that gets soft hyphens. A heading's (a card title holds about 16 capitals), and
 * a hero's title lines, set twice as large: at a larger default font on a phone (24 px at 390 px) a
 * line holds about six of their capitals, and „AUTOANKAUF“ or „FINANZIERUNG“ broke mid-word (decision 110).
 */
export const HYPHENATED_FROM = { heading: 14, display: 8 } as const

export type HeadingKind = keyof typeof HYPHENATED_FROM

/** The heading's text with soft hyphens in its long words (none: as it is). */
export function hyphenateHeading<T extends string | null | undefined>(text: T, kind: HeadingKind = 'heading'): T {
  if (!text) return text
  // hyphenateSync, not hyphenateHTMLSync: a heading is text, a „<“ in it no tag to skip.
  return hyphenateSync(text, { minWordLength: HYPHENATED_FROM[kind] }) as T
}
