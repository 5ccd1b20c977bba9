/*
 * Soft hyphens in the long German compounds of headings (docs/decisions/102). Headings are capitals
 * in narrow cards („FAHRZEUGBEWERTUNG“ in a third of 1024 px); `hyphens: auto` hyphenates them only
 * where the browser has a German dictionary, and without one they broke mid-word, unmarked. A word
 * of at least 12 letters that splits wholly into the parts below (a linking „s“ allowed) gets a
 * soft hyphen (U+00AD) at each joint: the browser breaks there, with a hyphen, only when the word
 * does not fit. Staff type nothing; a word that does not split stays as it is. Add a part when new
 * content brings a long compound (hyphenate.test.ts checks the seed's headings).
 */

const PARTS = [
  'anfahrt',
  'anfrage',
  'ankauf',
  'arbeiten',
  'arten',
  'ausfuhr',
  'autos',
  'auto',
  'bar',
  'beispiel',
  'berichte',
  'bewertung',
  'daten',
  'einzug',
  'erklärung',
  'export',
  'fahrzeuge',
  'fahrzeug',
  'familien',
  'finanzierung',
  'flotten',
  'formulare',
  'formular',
  'freiheit',
  'gebiet',
  'gebraucht',
  'gelände',
  'gemeinden',
  'geschäft',
  'händler',
  'haupt',
  'historie',
  'hof',
  'inzahlung',
  'jahres',
  'kauf',
  'klassen',
  'klasse',
  'kompakt',
  'kontakt',
  'kosten',
  'kunden',
  'leasing',
  'mittel',
  'modelle',
  'nach',
  'nachbar',
  'nachweise',
  'nahme',
  'orten',
  'papiere',
  'partner',
  'pendler',
  'preise',
  'preis',
  'prüfung',
  'rückläufer',
  'ruhr',
  'schnellweg',
  'schutz',
  'sofort',
  'sonder',
  'studenten',
  'unfall',
  'untersuchung',
  'verkauf',
  'voll',
  'volumen',
  'wagen',
  'wartung',
  'wert',
  'zieh',
  'zufriedenheit',
  'zusammen',
  'zustand',
]
const SOFT_HYPHEN = '\u00AD'
const MIN_LENGTH = 12

/** The joints of a word made wholly of PARTS (each may end in a linking „s“), or null. */
function joints(word: string): number[] | null {
  const lower = word.toLowerCase()
  // best[i]: the joints of lower.slice(0, i) split into parts, or null.
  const best: Array<number[] | null> = [[]]
  for (let end = 1; end <= lower.length; end++) {
    best[end] = null
    for (const part of PARTS) {
      for (const piece of [part, `${part}s`]) {
        const start = end - piece.length
        if (start < 0 || best[start] == null || !lower.startsWith(piece, start)) continue
        best[end] = start === 0 ? [] : [...best[start]!, start]
        break
      }
      if (best[end]) break
    }
  }
  const found = best[lower.length]
  return found && found.length > 0 ? found : null
}

/** The heading's text with soft hyphens at the joints of its long compounds (none: as it is). */
export function hyphenateHeading<T extends string | null | undefined>(text: T): T {
  if (!text) return text
  return text.replace(/[\p{L}]+/gu, (word) => {
    if (word.length < MIN_LENGTH) return word
    const at = joints(word)
    if (!at) return word
    let out = ''
    let from = 0
    for (const joint of at) {
      out += word.slice(from, joint) + SOFT_HYPHEN
      from = joint
    }
    return out + word.slice(from)
  }) as T
}
