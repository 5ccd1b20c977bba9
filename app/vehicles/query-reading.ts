import { formatDecimal } from '#app/utils/format.ts'
import {
  CHEAP_PHRASE,
  CHEAP_PRICE,
  LOW_MILEAGE_KM,
  LOW_MILEAGE_PHRASE,
  MONTHLY_RATE_PHRASE,
  SEARCH_INTENTS,
  SEATS_PHRASE,
  seatsLabel,
  seatsOf,
  seatsWord,
} from '#app/vehicles/search-intents.ts'
import { MAX_MONTHLY_RATE, MAX_PRICE, type VehicleSearch } from '#app/vehicles/vehicle-search.ts'
import { FUEL_TYPES, TRANSMISSIONS } from '#schemas/lib/constants.ts'
import { MAX_MILEAGE_KM } from '#schemas/lib/validation.ts'

/*
 * How a buyer's search text is read before the word search (docs/decisions/022, "Reading the
 * query"). Pure and browser-safe: the search on both lake backends and the page's reading line use it.
 *
 * - Price phrases become price limits, exactly like the form's price fields: "unter/bis/max/maximal/
 *   höchstens N" → priceTo, "ab/über/mindestens N" → priceFrom; N as "20000", "20.000", "20 000",
 *   "20k", "20 Tsd", with or without "€"/"Euro" before or after. A bare amount with a currency or
 *   "k" ("15.000 €", "20k") is a budget (priceTo). Amounts below 500 without "k" are not prices.
 *   With "km" the phrase is a mileage limit ("unter 100.000 km"); "ab 2018"/"ab Baujahr 2018"
 *   (a year without a currency) is the first registration.
 * - Series and generations become one word the vehicles' search tokens carry (search-text.ts,
 *   seriesTokens): "C Klasse"/"C-Klasse" → "cklasse", "Golf 7"/"Golf VII"/"Golf7" → "golf7". "3er"
 *   is already one word.
 * - Intent words (search-intents.ts, docs/decisions/070) become a word only vehicles with fitting facts
 *   carry, labelled with what it stands for: „Familienauto“ → „Familienauto: Kombi, Van oder SUV ab 5
 *   Sitzplätzen“, „7-Sitzer“ → „ab 7 Sitzplätzen“, „unfallfrei“, „Garantie“, „MwSt ausweisbar“,
 *   „Allrad“, „Bulli“, „Anfängerauto“. „günstig“/„billig“ is a price ceiling (CHEAP_PRICE) and „wenig
 *   Kilometer“ a mileage ceiling (LOW_MILEAGE_KM), each unless the text names one. „Baujahr 2019“/„EZ
 *   2019“ reads like „ab 2019“.
 * - A monthly budget („bis 300 € im Monat“, „300 Euro monatlich“, „Rate 250“; search-intents.ts
 *   MONTHLY_RATE_PHRASE) is read first and becomes the „Monatsrate bis“ filter (docs/decisions/083).
 * The rest of the text is searched as typed; typo corrections are made by the search itself,
 * against the vocabulary of the inventory (search-text.ts).
 */

export type ReadingKind = 'priceTo' | 'priceFrom' | 'maxRate' | 'maxMileage' | 'yearFrom' | 'series' | 'intent'

export interface ReadingPart {
  kind: ReadingKind
  /** What the buyer typed, e.g. "unter 20000". */
  source: string
  /** How it was read, in German: "Preis bis 20.000 €", "Golf 7 (Erstzulassung 2012–2020)". */
  label: string
  /** The search text without this part (the part's undo). */
  without: string
  /** Where it starts in the (whitespace-tidied) text. */
  at: number
  /** A series or intent part's search word ("golf7", "i0familienauto"). */
  word?: string
}

export interface QueryReading {
  priceFrom?: number
  priceTo?: number
  /** A monthly budget in euros (the „Monatsrate bis“ filter). */
  maxRate?: number
  maxMileage?: number
  yearFrom?: number
  /** The text left for the word search, series phrases joined ("golf7"). */
  text: string
  parts: ReadingPart[]
  /** The other words as typed, each with the search text without it (its undo). */
  words: Array<{ source: string; without: string; at: number }>
}

const euro = (value: number) => `${formatDecimal(value)} €`

const AMOUNT = String.raw`(?:€\s*|eur(?:o)?\s+)?(\d{1,3}(?:[.\s]\d{3})+|\d+(?:,\d+)?)\s*(k|tsd\.?|tausend)?(?:\s*(€|euro?\b|km\b))?`
const BELOW = String.raw`unter|bis(?:\s+zu)?|max(?:\.|imal)?|höchstens|hochstens|<=?`
const ABOVE = String.raw`ab|über|uber|mindestens|mind\.|min\.|>=?`
const YEAR_WORD = String.raw`(?:baujahr|bj\.?|ez|erstzulassung)\s*`
const PHRASE = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:(${BELOW})\s*|(${ABOVE})\s*(${YEAR_WORD})?|(${YEAR_WORD})(?:ab\s*)?)?${AMOUNT}(?![\p{L}\p{N}])`, 'giu')
/** „neuer als 2019“, „jünger als Baujahr 2019“, „nach 2019“: a first registration from the year after. */
const NEWER_THAN = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:(?:neuer|jünger|junger)\s+als|nach)\s+(?:${YEAR_WORD})?(19[5-9]\d|20\d\d)(?![\p{L}\p{N}])`, 'giu')

function amountOf(digits: string, thousands: string | undefined): number | undefined {
  const plain = /^\d{1,3}([.\s]\d{3})+$/.test(digits) ? digits.replace(/[.\s]/g, '') : digits.replace(',', '.')
  const number = Number(plain) * (thousands ? 1000 : 1)
  return Number.isFinite(number) ? Math.round(number) : undefined
}

const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8 }

/** Generations by first-registration year; a changeover year belongs to both (the registration cannot tell them apart). */
export const GENERATIONS: ReadonlyArray<{ make: string; model: string; label: string; years: ReadonlyArray<[number, number, number]> }> = [
  {
    make: 'vw',
    model: 'golf',
    label: 'Golf',
    years: [
      [1, 1974, 1983],
      [2, 1983, 1992],
      [3, 1991, 1998],
      [4, 1997, 2004],
      [5, 2003, 2009],
      [6, 2008, 2013],
      [7, 2012, 2020],
      [8, 2019, 9999],
    ],
  },
]

const SERIES = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(golf)\s*-?\s*(\d|viii|vii|vi|iv|v|iii|ii|i)|([a-z]{1,3})\s*-?\s*klasse|([1-8])\s*-?\s*er(?:\s*-?\s*reihe)?)(?![\p{L}\p{N}]|[.,]\d)`,
  'giu',
)

function seriesOf(match: RegExpExecArray): { word: string; label: string } | undefined {
  const [, model, generation, klasse, bmw] = match
  if (model && generation) {
    const number = /^\d$/.test(generation) ? Number(generation) : ROMAN[generation.toLowerCase()]!
    const range = GENERATIONS[0]!.years.find(([gen]) => gen === number)
    if (!range) return undefined
    const years = range[2] === 9999 ? `ab ${range[1]}` : `${range[1]}–${range[2]}`
    return { word: `golf${number}`, label: `Golf ${number} (Erstzulassung ${years})` }
  }
  if (klasse) return { word: `${klasse.toLowerCase()}klasse`, label: `${klasse.toUpperCase()}-Klasse` }
  if (bmw) return { word: `${bmw}er`, label: `${bmw}er-Reihe` }
  return undefined
}

const whole = (phrase: string) => new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${phrase})(?![\p{L}\p{N}])`, 'giu')
const INTENTS = SEARCH_INTENTS.map((intent) => ({ ...intent, pattern: whole(intent.phrase) }))
const SEATS = whole(SEATS_PHRASE)
/** Words that stand for a limit of their own („günstig“: a price, „wenig Kilometer“: a mileage); a limit typed wins. */
const CEILING_WORDS = [
  {
    pattern: whole(CHEAP_PHRASE),
    kind: 'priceTo',
    value: CHEAP_PRICE,
    label: `günstig: Preis bis ${euro(CHEAP_PRICE)}`,
    typedWins: 'günstig (Ihre Preisgrenze gilt)',
  },
  {
    pattern: whole(LOW_MILEAGE_PHRASE),
    kind: 'maxMileage',
    value: LOW_MILEAGE_KM,
    label: `wenig Kilometer: bis ${formatDecimal(LOW_MILEAGE_KM)} km`,
    typedWins: 'wenig Kilometer (Ihre Kilometergrenze gilt)',
  },
] as const

const RATE = whole(MONTHLY_RATE_PHRASE)

const tidy = (text: string) => text.replace(/\s+/g, ' ').trim()

type LimitKind = 'priceTo' | 'priceFrom' | 'maxRate' | 'maxMileage' | 'yearFrom'
/** Of two limits of a kind, the one that narrows more. */
const TIGHTER: Record<LimitKind, (a: number, b: number) => number> = {
  priceTo: Math.min,
  maxRate: Math.min,
  maxMileage: Math.min,
  priceFrom: Math.max,
  yearFrom: Math.max,
}
/** Added to the label of a limit that another of its kind narrows further. */
export const LOOSER_LIMIT_NOTE = ' (die engere Grenze gilt)'

type Cut = { start: number; end: number; replace: string; part: Omit<ReadingPart, 'without' | 'source' | 'at'> }

/** Reads a search text (see the header). Never throws; an empty text reads as nothing. */
export function readQuery(search: string | undefined): QueryReading {
  const reading: QueryReading = { text: '', parts: [], words: [] }
  if (!search) return reading
  const original = tidy(search)
  const cuts: Cut[] = []
  /** Whether no phrase read so far covers any of `start`…`end`. */
  const free = (start: number, end: number) => !cuts.some((cut) => cut.start < end && start < cut.end)
  // Every limit phrase is read; of two of a kind („unter 20000 bis 15000“) the tighter applies and the other says so.
  const limitCuts = new Map<LimitKind, Cut>()
  const addLimit = (kind: LimitKind, value: number, cut: Cut) => {
    cuts.push(cut)
    const held = limitCuts.get(kind)
    if (held === undefined) {
      reading[kind] = value
      limitCuts.set(kind, cut)
      return
    }
    if (value === reading[kind]) return
    const looser = TIGHTER[kind](reading[kind]!, value) === value ? held : cut
    looser.part = { ...looser.part, label: looser.part.label + LOOSER_LIMIT_NOTE }
    if (looser === held) {
      reading[kind] = value
      limitCuts.set(kind, cut)
    }
  }

  for (const match of original.matchAll(RATE)) {
    const digits = match.groups?.before ?? match.groups?.after ?? ''
    const value = Number(digits.replace('.', ''))
    // A rate of 0 € or beyond any car's is no budget.
    if (!Number.isInteger(value) || value < 1 || value > MAX_MONTHLY_RATE) continue
    addLimit('maxRate', value, {
      start: match.index,
      end: match.index + match[0].length,
      replace: ' ',
      part: { kind: 'maxRate', label: `Monatsrate bis ${euro(value)}` },
    })
  }

  for (const match of original.matchAll(NEWER_THAN)) {
    const value = Number(match[1]) + 1
    const [start, end] = [match.index, match.index + match[0].length]
    if (!free(start, end)) continue
    addLimit('yearFrom', value, { start, end, replace: ' ', part: { kind: 'yearFrom', label: `Erstzulassung ab ${value}` } })
  }

  for (const match of original.matchAll(PHRASE)) {
    if (!free(match.index, match.index + match[0].length)) continue
    const [whole, below, above, yearAfterAbove, yearBefore, digits, thousands, unit] = match
    const keyword = below ?? above
    const isKm = unit?.toLowerCase() === 'km'
    const hasCurrency = Boolean(unit && !isKm) || /^(€|eur)/i.test(whole.slice((keyword ?? '').length).trim())
    const value = amountOf(digits!, thousands)
    if (value === undefined) continue
    const yearWord = yearAfterAbove ?? yearBefore
    let part: Omit<ReadingPart, 'without' | 'source' | 'at'> | undefined
    if (yearWord || (above && !hasCurrency && !thousands && !isKm && /^(19[5-9]\d|20\d\d)$/.test(digits!))) {
      if (!below && value >= 1950 && value <= 2100) part = { kind: 'yearFrom', label: `Erstzulassung ab ${value}` }
    } else if (isKm) {
      if (keyword && value <= MAX_MILEAGE_KM) part = below ? { kind: 'maxMileage', label: `bis ${formatDecimal(value)} km` } : undefined
    } else if ((keyword || hasCurrency || thousands) && (value >= 500 || thousands) && value <= MAX_PRICE) {
      part = above ? { kind: 'priceFrom', label: `Preis ab ${euro(value)}` } : { kind: 'priceTo', label: `Preis bis ${euro(value)}` }
    }
    if (!part) continue
    addLimit(part.kind as LimitKind, value, { start: match.index, end: match.index + whole.length, replace: ' ', part })
  }

  for (const match of original.matchAll(SERIES)) {
    const series = seriesOf(match)
    if (!series) continue
    const start = match.index
    const end = start + match[0].length
    if (!free(start, end)) continue
    cuts.push({ start, end, replace: ` ${series.word} `, part: { kind: 'series', label: series.label, word: series.word } })
  }

  for (const intent of INTENTS) {
    for (const match of original.matchAll(intent.pattern)) {
      const start = match.index
      const end = start + match[0].length
      if (free(start, end)) cuts.push({ start, end, replace: ` ${intent.word} `, part: { kind: 'intent', label: intent.label, word: intent.word } })
    }
  }
  for (const match of original.matchAll(SEATS)) {
    const seats = seatsOf(match[1]!)
    const start = match.index
    const end = start + match[0].length
    if (seats === undefined || !free(start, end)) continue
    cuts.push({ start, end, replace: ` ${seatsWord(seats)} `, part: { kind: 'intent', label: seatsLabel(seats), word: seatsWord(seats) } })
  }
  for (const word of CEILING_WORDS) {
    for (const match of original.matchAll(word.pattern)) {
      const start = match.index
      const end = start + match[0].length
      if (!free(start, end)) continue
      // A limit the buyer typed wins; the word then adds nothing, and its label says so.
      const ceiling = reading[word.kind] === undefined
      if (ceiling) reading[word.kind] = word.value
      const part = ceiling ? { kind: word.kind, label: word.label } : { kind: 'intent' as const, label: word.typedWins }
      cuts.push({ start, end, replace: ' ', part })
    }
  }

  cuts.sort((a, b) => a.start - b.start)
  const rebuild = (replace: (cut: (typeof cuts)[number], index: number) => string) => {
    let text = ''
    let from = 0
    cuts.forEach((cut, index) => {
      text += original.slice(from, cut.start) + replace(cut, index)
      from = cut.end
    })
    return tidy(text + original.slice(from))
  }
  reading.text = rebuild((cut) => cut.replace)
  reading.parts = cuts.map((cut, index) => ({
    ...cut.part,
    source: original.slice(cut.start, cut.end),
    at: cut.start,
    // The undo keeps the other parts as the buyer typed them, so the link reads like their search.
    without: rebuild((other, at) => (at === index ? ' ' : original.slice(other.start, other.end))),
  }))
  // The words between the parts: each one's undo is the text without that one occurrence.
  let from = 0
  for (const gap of [...cuts, { start: original.length, end: original.length }]) {
    for (const word of original.slice(from, gap.start).matchAll(/\S+/g)) {
      const at = from + word.index
      reading.words.push({ source: word[0], without: tidy(original.slice(0, at) + ' ' + original.slice(at + word[0].length)), at })
    }
    from = gap.end
  }
  return reading
}

/**
 * The state the lake is asked for: the URL's filters with the limits read from the text (the
 * stricter one when both give one), and the text without the price phrases.
 */
export function withReading(state: VehicleSearch): { state: VehicleSearch; reading: QueryReading } {
  const reading = readQuery(state.search)
  if (!state.search) return { state, reading }
  const stricter = (url: number | undefined, text: number | undefined, pick: (a: number, b: number) => number) =>
    url === undefined ? text : text === undefined ? url : pick(url, text)
  return {
    reading,
    state: {
      ...state,
      search: reading.text || undefined,
      priceTo: stricter(state.priceTo, reading.priceTo, Math.min),
      priceFrom: stricter(state.priceFrom, reading.priceFrom, Math.max),
      maxRate: stricter(state.maxRate, reading.maxRate, Math.min),
      maxMileage: stricter(state.maxMileage, reading.maxMileage, Math.min),
      yearFrom: stricter(state.yearFrom, reading.yearFrom, Math.max),
    },
  }
}

/**
 * A search with its filters as one text that readQuery reads back to the same limits and words
 * („Kombi Porsche Diesel bis 20.000 € bis 300 € im Monat“): what a Suchauftrag keeps, watches and
 * names, so a buyer who chose a make or a budget in the form is told of those cars, not of every
 * Kombi. The typed words and intent phrases stay as typed; every limit is written once, the
 * tighter of the text's and the form's. The form's make, fuel, gearbox and body type become the
 * words the search reads them by (search-text.ts): a make's word matches makes only.
 */
export function describeSearch(state: VehicleSearch): string {
  const { state: limits, reading } = withReading(state)
  const typed = [...reading.parts.filter((part) => part.word !== undefined), ...reading.words].sort((a, b) => a.at - b.at).map((piece) => piece.source)
  const label = <T extends { value: string; title: string }>(options: readonly T[], value: string | undefined) =>
    options.find((option) => option.value === value)?.title
  return [
    ...typed,
    state.make,
    label(FUEL_TYPES, state.fuel),
    state.body,
    label(TRANSMISSIONS, state.transmission),
    limits.priceFrom === undefined ? undefined : `ab ${euro(limits.priceFrom)}`,
    limits.priceTo === undefined ? undefined : `bis ${euro(limits.priceTo)}`,
    limits.maxRate === undefined ? undefined : `bis ${euro(limits.maxRate)} im Monat`,
    limits.maxMileage === undefined ? undefined : `bis ${formatDecimal(limits.maxMileage)} km`,
    limits.yearFrom === undefined ? undefined : `ab ${limits.yearFrom}`,
    state.vat === 'deductible' ? 'MwSt. ausweisbar' : undefined,
  ]
    .filter((piece): piece is string => Boolean(piece))
    .join(' ')
}

/**
 * The suggestion of an empty result: the text without the words (and series) that matched no
 * vehicle, with the corrections spelled out; undefined when that drops nothing or leaves nothing.
 * `corrected`: a word's spelling was changed too, so "Meinten Sie …?" fits; without, the suggestion
 * only searches wider.
 * `unmatched` and the corrections' `from` are folded search words (search-text.ts SearchReport);
 * `fold` turns a typed word into one, `display` a corrected term into its spelling.
 */
export function suggestedSearch(
  reading: QueryReading,
  report: { corrections: ReadonlyArray<{ from: string; to: string }>; unmatched: readonly string[] },
  fold: (word: string) => string | undefined,
  display: (term: string) => string,
): { text: string; corrected: boolean } | undefined {
  const unmatched = new Set(report.unmatched)
  const corrected = new Map(report.corrections.map((correction) => [correction.from, correction.to]))
  let dropped = false
  let changed = false
  const pieces = [
    ...reading.parts.map((part) => ({ at: part.at, text: part.word && unmatched.has(part.word) ? undefined : part.source })),
    ...reading.words.map((word) => {
      const folded = fold(word.source)
      if (folded === undefined) return { at: word.at, text: word.source }
      if (unmatched.has(folded)) return { at: word.at, text: undefined }
      const to = corrected.get(folded)
      if (to !== undefined) changed = true
      return { at: word.at, text: to === undefined ? word.source : display(to) }
    }),
  ].sort((a, b) => a.at - b.at)
  const kept = pieces.flatMap((piece) => {
    if (piece.text === undefined) dropped = true
    return piece.text === undefined ? [] : [piece.text]
  })
  return dropped && kept.length > 0 ? { text: kept.join(' '), corrected: changed } : undefined
}
