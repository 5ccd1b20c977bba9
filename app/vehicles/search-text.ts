import { GENERATIONS } from '#app/vehicles/query-reading.ts'
import { intentTokens } from '#app/vehicles/search-intents.ts'
import { type FuelKey, type TransmissionKey } from '#app/vehicles/vehicle-search.ts'

/*
 * The inventory's free-text search (`search=` of /vehicles and GET /api/vehicles), one design for
 * both lake backends (docs/decisions/022):
 *
 * - Every vehicle gets a folded, weighted token set, computed once from its data:
 *     strong (3)  make, the make's aliases (VW ↔ Volkswagen, Mercedes-Benz ↔ Mercedes ↔ Benz, …), model
 *     medium (2)  title; German labels of fuel, transmission and body type with their synonyms
 *                 (Automatik, Schaltgetriebe, Diesel, Benzin, Elektro/Elektroauto/E-Auto, Kombi, …)
 *     weak (1)    equipment, description, colour
 * - Folding, identical for vehicle and query: lower case; ß → ss; ä/ae → a, ö/oe → o, ü/ue → u
 *   ("Mülheim", "Muelheim" and "Mulheim" are one word); other accents dropped (Škoda → skoda).
 *   Words are letters and digits; a hyphenated or dotted word ("E-Auto", "T6.1") is also kept
 *   joined ("eauto", "t61"), and a hyphenated query word must match the joined form.
 * - Every query word must match a token of the vehicle (a few German filler words like "mit" are
 *   dropped). A query word matches a token that equals it (whole word) or, as a fallback, tokens
 *   that start with it (prefix: "Navi" → "Navigationssystem"). The fallback is off for a query
 *   word that is itself a known term: a make alias, a label, or a whole word of the make or model
 *   of a candidate vehicle. So "Benz" finds the Mercedes but not "Benzin", "Elektro" the electric
 *   cars but not the electric tailgates, "Golf" the Golf but not a "Golfplatz".
 * - A word that names a fact (a label or alias above, a make in stock) matches only the facts: make,
 *   model, labels, series and intents, never equipment or description ("Smart" finds the Smart, not
 *   a Kia's "Smart-Key"; "Benzin" the petrol cars, not a gas car that mentions it). So a typed
 *   "Benzin" finds what the form's fuel filter finds, and a Suchauftrag can carry the filters as words.
 * - Series and generations (query-reading.ts reads "C Klasse", "Golf VII"): a BMW whose model starts
 *   with three digits carries "3er" (320d), a Mercedes whose model starts with a class letter and a
 *   number "cklasse" (C 220 d), a Golf "golf7" when its first registration falls in Golf 7's years.
 *   They are strong, whole-word tokens like the make.
 * - Intent words (search-intents.ts, docs/decisions/070): a vehicle whose facts fit „Familienauto“,
 *   „7-Sitzer“, „unfallfrei“, „Allrad“ … carries that intent's token ("i0familienauto"), strong and
 *   whole-word; query-reading.ts turns the buyer's phrase into it.
 * - Typos: a query word of 4+ letters that matches nothing (no whole word, no prefix) among the
 *   vehicles the filters leave is replaced by the nearest term of the vocabulary, if one is close
 *   enough: Damerau–Levenshtein distance ≤ 1 for 4–6 letters, ≤ 2 for 7 or more. The vocabulary is
 *   the known terms (aliases, labels) and the make and model words of those vehicles; ties go to
 *   the term more vehicles have, then the alphabet. A word that matches anything is never corrected.
 * - Score of a vehicle: per query word the best hit, field weight × 2 for a whole word or × 1 for
 *   a prefix; summed. Results are ordered by score (descending), then by the chosen sort.
 */

export const SEARCH_WEIGHT = { strong: 3, medium: 2, weak: 1 } as const

/** Folds text for matching: lower case, umlauts and ß, accents (see above). */
export function foldSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/(^|[^aeiouq])([aou])e/g, '$1$2')
}

const WORD = /[\p{L}\p{N}]+(?:[-.][\p{L}\p{N}]+)*/gu

/** The tokens of a text: every word and, for "E-Auto" or "T6.1", also the joined form. */
export function searchTokens(text: unknown): string[] {
  if (typeof text !== 'string' || !text) return []
  const tokens: string[] = []
  for (const chunk of foldSearchText(text).match(WORD) ?? []) {
    const parts = chunk.split(/[-.]/)
    tokens.push(...parts)
    if (parts.length > 1) tokens.push(parts.join(''))
  }
  return tokens
}

/** German filler words a buyer may type ("Kombi mit Navi"); they are not searched for. */
const FILLER_WORDS = new Set([
  'mit',
  'und',
  'oder',
  'ohne',
  'der',
  'die',
  'das',
  'den',
  'ein',
  'eine',
  'einen',
  'in',
  'im',
  'fur',
  'von',
  'vom',
  'als',
  'auto',
  'autos',
  'fahrzeug',
  'fahrzeuge',
  'gebraucht',
  'gebrauchtwagen',
])

/** Whether a typed word is a filler word the search leaves out ("mit"). */
export function isFillerWord(word: string): boolean {
  return searchWordsOf(word).every((folded) => FILLER_WORDS.has(folded))
}

/** At most this many words of a search are used. */
export const MAX_SEARCH_WORDS = 8

/**
 * The folded words of a search; a hyphenated or dotted word is one joined word ("E-Auto" → "eauto").
 * Filler words are dropped unless nothing else remains. Empty when the search has no word.
 */
export function searchWords(search: string | undefined): string[] {
  if (!search) return []
  const unique = [...new Set(searchWordsOf(search))]
  const meaningful = unique.filter((word) => !FILLER_WORDS.has(word))
  return (meaningful.length > 0 ? meaningful : unique).slice(0, MAX_SEARCH_WORDS)
}

/** Makes with other names buyers type; every name of a group finds the vehicles of each. */
const MAKE_ALIASES: readonly string[][] = [
  ['VW', 'Volkswagen'],
  ['Mercedes-Benz', 'Mercedes', 'Benz', 'Daimler-Benz'],
  ['Škoda', 'Skoda'],
  ['Citroën', 'Citroen'],
  ['Alfa Romeo', 'Alfa'],
  ['Land Rover', 'Landrover'],
  ['Chevrolet', 'Chevy'],
]

/**
 * Makes sold in Germany (beyond the aliased ones above): a word of one is a make wherever the stock
 * stands, so a Suchauftrag's „Porsche“ is not met by an arriving car whose description names one.
 * Makes whose word is also an everyday one are left out („Alpine“ is a car stereo too).
 */
const CAR_MAKES = [
  ...['Abarth', 'Aiways', 'Alpina', 'Audi', 'Bentley', 'BMW', 'BYD', 'Cadillac', 'Chrysler', 'Cupra', 'Dacia', 'Daihatsu', 'Dodge', 'DS'],
  ...['Ferrari', 'Fiat', 'Ford', 'Honda', 'Hyundai', 'Infiniti', 'Isuzu', 'Iveco', 'Jaguar', 'Jeep', 'Kia', 'Lada', 'Lamborghini', 'Lancia'],
  ...['Lexus', 'Maserati', 'Maxus', 'Mazda', 'McLaren', 'MG', 'Mini', 'Mitsubishi', 'Nissan', 'Opel', 'Peugeot', 'Polestar', 'Porsche'],
  ...['Renault', 'Rolls-Royce', 'Saab', 'Seat', 'Smart', 'SsangYong', 'Subaru', 'Suzuki', 'Tesla', 'Toyota', 'Volvo'],
]

/** German labels of the fuel types with the words buyers use for them. */
const FUEL_LABELS: Record<FuelKey, string[]> = {
  DIESEL: ['Diesel'],
  PETROL: ['Benzin', 'Benziner'],
  ELECTRIC: ['Elektro', 'Elektroauto', 'E-Auto', 'Elektrofahrzeug', 'Elektrisch', 'Stromer', 'EV', 'BEV'],
  HYBRID: ['Hybrid', 'Hybridauto'],
  GAS: ['Gas'],
}

const TRANSMISSION_LABELS: Record<TransmissionKey, string[]> = {
  AUTOMATIC: ['Automatik', 'Automatikgetriebe', 'Automatic'],
  MANUAL: ['Schaltgetriebe', 'Schaltwagen', 'Schalter', 'Handschaltung', 'Schaltung', 'Manuell'],
  SEMI_AUTOMATIC: ['Halbautomatik', 'Halbautomatisch'],
}

/** Body types of the content model (case-insensitive) with their synonyms; others are searched as written. */
const BODY_LABELS: Record<string, string[]> = {
  limousine: ['Limousine'],
  kombi: ['Kombi'],
  suv: ['SUV', 'Geländewagen', 'Offroader'],
  kleinwagen: ['Kleinwagen', 'Stadtauto', 'Zweitwagen'],
  coupé: ['Coupé'],
  cabrio: ['Cabrio', 'Cabriolet', 'Roadster'],
  van: ['Van', 'Minivan', 'Kleinbus', 'Bus'],
  transporter: ['Transporter', 'Kastenwagen', 'Lieferwagen', 'Nutzfahrzeug'],
}

/** Other names of equipment, added to a vehicle whose equipment has the first (an ad's „Panorama-Glasdach“ is a „Panoramadach“). */
const EQUIPMENT_ALIASES: ReadonlyArray<[string, string]> = [
  ['anhangerkupplung', 'ahk'],
  ['panoramaglasdach', 'panoramadach'],
  ['panoramaschiebedach', 'panoramadach'],
]

/** A label's words as a query would give them: "E-Auto" is the one word "eauto", never "e" and "auto". */
const tokensOf = (labels: readonly string[]) => labels.flatMap((text) => searchWordsOf(text))

function searchWordsOf(text: string): string[] {
  return (foldSearchText(text).match(WORD) ?? []).map((chunk) => chunk.split(/[-.]/).join(''))
}

const MAKE_TOKENS = new Map<string, string[]>()
for (const group of MAKE_ALIASES) {
  const tokens = [...new Set(tokensOf(group))]
  for (const name of group) MAKE_TOKENS.set(foldSearchText(name), tokens)
}

/** Every name above: makes and their aliases, fuels, gearboxes, body types. */
const LABELS = [
  ...MAKE_ALIASES.flat(),
  ...CAR_MAKES,
  ...Object.values(FUEL_LABELS).flat(),
  ...Object.values(TRANSMISSION_LABELS).flat(),
  ...Object.values(BODY_LABELS).flat(),
]

/** The spelling of a folded known term for people ("mercedes" → "Mercedes", "gelandewagen" → "Geländewagen"). */
const DISPLAY_TERMS = new Map<string, string>()
for (const label of LABELS) {
  for (const word of label.split(/[\s]+/)) {
    const [folded] = searchWordsOf(word)
    if (folded && !DISPLAY_TERMS.has(folded)) DISPLAY_TERMS.set(folded, word)
  }
}

/** A corrected word as the reading line shows it: a label's own spelling, else capitalised. */
export function displayTerm(folded: string): string {
  return DISPLAY_TERMS.get(folded) ?? folded.charAt(0).toUpperCase() + folded.slice(1)
}

/** The one-word names by their folded word: a word of „Land Rover“ alone names no make („Range Rover“ is not one). */
const WHOLE_TERMS = new Map(LABELS.filter((label) => !/\s/.test(label)).map((label) => [searchWordsOf(label).join(''), label]))

/**
 * A typed word in our own spelling when it is one of the terms above (a make's alias, a fuel, a
 * gearbox, a body type: „kombi“ → „Kombi“), else undefined: what a mail to a typed address may
 * name of a search, never the visitor's own text.
 */
export function knownTerm(word: string): string | undefined {
  const folded = searchWordsOf(word)
  return folded.length === 1 ? WHOLE_TERMS.get(folded[0]!) : undefined
}

const LABEL_TERMS = [
  ...MAKE_ALIASES.flatMap(tokensOf),
  ...Object.values(FUEL_LABELS).flatMap(tokensOf),
  ...Object.values(TRANSMISSION_LABELS).flatMap(tokensOf),
  ...Object.values(BODY_LABELS).flatMap(tokensOf),
]

/** Query words that never match by prefix, and terms typos are corrected to: every alias and label (see the header). */
const KNOWN_TERMS = new Set([...LABEL_TERMS, ...EQUIPMENT_ALIASES.map(([, alias]) => alias)])

/** Query words that name a fact (a make, a fuel, a gearbox, a body type): they match the facts, not an ad's words. */
const FACT_TERMS = new Set([...LABEL_TERMS, ...tokensOf(CAR_MAKES)])

/** The fields of a vehicle the search reads (a lean projection is enough on real Sanity). */
export interface SearchableVehicle {
  make?: unknown
  model?: unknown
  title?: unknown
  fuelType?: unknown
  transmission?: unknown
  bodyType?: unknown
  color?: unknown
  features?: unknown
  description?: unknown
  year?: unknown
  firstRegistration?: unknown
  seats?: unknown
  powerHp?: unknown
  warranty?: unknown
  vat?: unknown
  accidentFree?: unknown
  [field: string]: unknown
}

/*
 * A posting is one number: position << 3 | weight << 1 | key, where `key` (1) marks a whole word of
 * the make (with aliases), model or a label (prefix fallback off for that word). Plain numbers keep
 * the index of a few thousand vehicles (hundreds of thousands of postings) cheap to build.
 */
const posting = (at: number, code: number) => at * 8 + code
const postingAt = (value: number) => Math.floor(value / 8)
const postingWeight = (value: number) => (value & 7) >> 1
const postingKey = (value: number) => (value & 1) === 1

const labelTokens = <K extends string>(labels: Record<K, string[]>) =>
  new Map(Object.entries<string[]>(labels).map(([value, names]) => [value, [...new Set(tokensOf(names))]]))
const FUEL_TOKENS = labelTokens(FUEL_LABELS)
const TRANSMISSION_TOKENS = labelTokens(TRANSMISSION_LABELS)
const BODY_TOKENS = labelTokens(BODY_LABELS)

/** searchTokens, remembered per text for one index build (equipment, models and labels repeat). */
type Memo = Map<string, string[]>

function memoTokens(memo: Memo, text: unknown): string[] {
  if (typeof text !== 'string') return []
  let tokens = memo.get(text)
  if (!tokens) memo.set(text, (tokens = searchTokens(text)))
  return tokens
}

const registrationYearOf = (vehicle: SearchableVehicle): number | undefined => {
  const registration = typeof vehicle.firstRegistration === 'string' ? Number(vehicle.firstRegistration.split('/')[1]) : NaN
  if (Number.isInteger(registration)) return registration
  return typeof vehicle.year === 'number' && Number.isInteger(vehicle.year) ? vehicle.year : undefined
}

/** The series and generation words of a vehicle ("3er", "cklasse", "golf7"; see the header). */
export function seriesTokens(vehicle: SearchableVehicle, makeTokens: readonly string[], modelTokens: readonly string[]): string[] {
  const tokens: string[] = []
  const [first, second] = modelTokens
  if (first === undefined) return tokens
  if (makeTokens.includes('bmw')) {
    const series = /^m?(\d)\d\d[a-z]{0,3}$/.exec(first)
    if (series) tokens.push(`${series[1]}er`)
  }
  if (makeTokens.includes('mercedes')) {
    const joined = /^([a-z]{1,3})\d{2,3}[a-z]{0,2}$/.exec(first)
    if (joined) tokens.push(`${joined[1]}klasse`)
    else if (/^[a-z]{1,3}$/.test(first) && second !== undefined && /^\d{2,3}[a-z]{0,2}$/.test(second)) tokens.push(`${first}klasse`)
  }
  const year = registrationYearOf(vehicle)
  if (year !== undefined) {
    for (const generation of GENERATIONS) {
      if (!makeTokens.includes(generation.make) || !modelTokens.includes(generation.model)) continue
      for (const [number, from, to] of generation.years) if (year >= from && year <= to) tokens.push(`${generation.model}${number}`)
    }
  }
  return tokens
}

/** Query words that stand for a series or generation (never corrected: "golf6" is not a typo of "golf7"). */
const SERIES_WORD = /^(?:[a-z]+\d|[a-z]{1,3}klasse|\der)$/

/**
 * The tokens of each vehicle object, kept while the object lives: the embedded lake's documents are
 * frozen and keep their identity across writes, so the index a write makes anew tokenises only the
 * cars that changed (40 of the 54 ms an index of 5,000 cars took after every publish).
 */
const tokenCache = new WeakMap<SearchableVehicle, VehicleTokens>()

/** A vehicle's tokens and their codes (weight << 1 | key), side by side: walked without an entry per token. */
interface VehicleTokens {
  tokens: string[]
  codes: number[]
}

function tokensOfVehicle(vehicle: SearchableVehicle, memo: Memo): VehicleTokens {
  let cached = tokenCache.get(vehicle)
  if (!cached) {
    const tokens = vehicleSearchTokens(vehicle, memo)
    cached = { tokens: [...tokens.keys()], codes: [...tokens.values()] }
    if (Object.isFrozen(vehicle)) tokenCache.set(vehicle, cached)
  }
  return cached
}

/** The words of a make and of its aliases („Mercedes-Benz“: mercedes, benz, mercedesbenz, daimlerbenz, …). */
function makeTokensOf(make: unknown, memo: Memo): string[] {
  const name = typeof make === 'string' ? make : ''
  return [...memoTokens(memo, name), ...(MAKE_TOKENS.get(foldSearchText(name).trim()) ?? [])]
}

/** The weighted tokens of one vehicle: token → weight << 1 | key. */
export function vehicleSearchTokens(vehicle: SearchableVehicle, memo: Memo = new Map()): Map<string, number> {
  const tokens = new Map<string, number>()
  const add = (list: readonly string[], weight: number, key: boolean) => {
    const code = (weight << 1) | (key ? 1 : 0)
    for (const token of list) {
      const seen = tokens.get(token)
      tokens.set(token, seen === undefined ? code : (Math.max(seen >> 1, weight) << 1) | (seen & 1) | (code & 1))
    }
  }
  const makeTokens = makeTokensOf(vehicle.make, memo)
  add(makeTokens, SEARCH_WEIGHT.strong, true)
  add(memoTokens(memo, vehicle.model), SEARCH_WEIGHT.strong, true)
  add(seriesTokens(vehicle, makeTokens, memoTokens(memo, vehicle.model)), SEARCH_WEIGHT.strong, true)
  add(memoTokens(memo, vehicle.title), SEARCH_WEIGHT.medium, false)
  if (typeof vehicle.fuelType === 'string') add(FUEL_TOKENS.get(vehicle.fuelType) ?? [], SEARCH_WEIGHT.medium, true)
  if (typeof vehicle.transmission === 'string') add(TRANSMISSION_TOKENS.get(vehicle.transmission) ?? [], SEARCH_WEIGHT.medium, true)
  if (typeof vehicle.bodyType === 'string') {
    const body = vehicle.bodyType
    add(BODY_TOKENS.get(body.toLowerCase()) ?? tokensOf([body]), SEARCH_WEIGHT.medium, true)
  }
  if (Array.isArray(vehicle.features)) {
    for (const feature of vehicle.features) {
      const words = memoTokens(memo, feature)
      add(words, SEARCH_WEIGHT.weak, false)
      for (const [name, alias] of EQUIPMENT_ALIASES) if (words.includes(name)) add([alias], SEARCH_WEIGHT.weak, false)
    }
  }
  const factWords = new Set([...makeTokens, ...memoTokens(memo, vehicle.model), ...memoTokens(memo, vehicle.title)])
  if (Array.isArray(vehicle.features)) for (const feature of vehicle.features) for (const word of memoTokens(memo, feature)) factWords.add(word)
  add(intentTokens(vehicle, factWords), SEARCH_WEIGHT.strong, true)
  add(memoTokens(memo, vehicle.description), SEARCH_WEIGHT.weak, false)
  add(memoTokens(memo, vehicle.color), SEARCH_WEIGHT.weak, false)
  return tokens
}

/** Each token's postings (position * 8 + code), in position order. */
function postingsOf(vehicles: readonly SearchableVehicle[]): Map<string, number[]> {
  const postings = new Map<string, number[]>()
  const memo: Memo = new Map()
  vehicles.forEach((vehicle, at) => {
    const { tokens, codes } = tokensOfVehicle(vehicle, memo)
    for (let i = 0; i < tokens.length; i++) {
      const list = postings.get(tokens[i]!)
      if (list) list.push(posting(at, codes[i]!))
      else postings.set(tokens[i]!, [posting(at, codes[i]!)])
    }
  })
  return postings
}

/**
 * An inverted index over vehicles (positions 0…n-1), built once: for the embedded lake once per
 * published snapshot, for real Sanity once per search over the fetched candidates.
 */
export class VehicleSearchIndex {
  /** Token → its postings in position order. Never changed once made: a later index shares the lists it keeps. */
  private readonly postings: Map<string, number[]>
  /** Every token, sorted, for the prefix fallback (binary search for the first candidate). */
  private readonly sorted: string[]
  /** Letter-only known terms and key tokens (make, model, labels), for typo corrections. */
  private readonly vocabulary: string[]
  /** The words of the vehicles' makes with their aliases („smart“, „porsche“, „vw“, „volkswagen“): they match the make, not an ad's words. */
  private readonly makes: Set<string>

  constructor(vehicles: readonly SearchableVehicle[], postings = postingsOf(vehicles)) {
    this.postings = postings
    // Per distinct make, not per car: folding every car's make again cost a third of an index of 5,000.
    const makes = new Set(vehicles.map((vehicle) => vehicle.make))
    const memo: Memo = new Map()
    this.makes = new Set([...makes].flatMap((make) => makeTokensOf(make, memo)))
    this.sorted = [...this.postings.keys()].sort()
    const keyTokens = this.sorted.filter((token) => this.postings.get(token)!.some(postingKey))
    this.vocabulary = [...new Set([...KNOWN_TERMS, ...keyTokens])].filter((term) => term.length >= 3 && /^\p{L}+$/u.test(term))
  }

  /**
   * The index of `vehicles`, made from `previous`, the index of `before`: where the same number of
   * cars stand, only the positions whose object changed are posted again (a price edit, a sync that
   * changed a few cars: about 11 ms less at 5,000 cars). Anything else is indexed anew.
   */
  static updated(previous: VehicleSearchIndex, before: readonly SearchableVehicle[], vehicles: readonly SearchableVehicle[]): VehicleSearchIndex {
    if (before.length !== vehicles.length) return new VehicleSearchIndex(vehicles)
    const changed = new Set<number>()
    for (let at = 0; at < vehicles.length; at++) if (before[at] !== vehicles[at]) changed.add(at)
    if (changed.size > vehicles.length / 10) return new VehicleSearchIndex(vehicles)
    const memo: Memo = new Map()
    const touched = new Set<string>()
    const added = new Map<string, number[]>()
    for (const at of changed) {
      for (const token of tokensOfVehicle(before[at]!, memo).tokens) touched.add(token)
      const { tokens, codes } = tokensOfVehicle(vehicles[at]!, memo)
      tokens.forEach((token, i) => {
        touched.add(token)
        const list = added.get(token)
        if (list) list.push(posting(at, codes[i]!))
        else added.set(token, [posting(at, codes[i]!)])
      })
    }
    const postings = new Map(previous.postings)
    for (const token of touched) {
      const kept = (previous.postings.get(token) ?? []).filter((value) => !changed.has(postingAt(value)))
      // A posting is position * 8 + code: in numeric order, in position order.
      const list = [...kept, ...(added.get(token) ?? [])].sort((a, b) => a - b)
      if (list.length === 0) postings.delete(token)
      else postings.set(token, list)
    }
    return new VehicleSearchIndex(vehicles, postings)
  }

  private withPrefix(word: string): string[] {
    let low = 0
    let high = this.sorted.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (this.sorted[middle]! < word) low = middle + 1
      else high = middle
    }
    const found: string[] = []
    for (let at = low; at < this.sorted.length && this.sorted[at]!.startsWith(word); at++) found.push(this.sorted[at]!)
    return found
  }

  /**
   * The candidates' hits of one word: position → best score; `known` turns the prefix fallback off. A
   * word that names a fact (a label, a make in stock) counts only where the facts say it (make, model,
   * title's labels, series, intents): „Smart“ is not a Kia's Smart-Key, „Benzin“ not a gas car whose
   * description says it also runs on it, so a typed word finds what the form's filter finds.
   */
  private hitsOf(word: string, candidate: (at: number) => boolean, known: boolean): Map<number, number> {
    const hits = new Map<number, number>()
    const factsOnly = FACT_TERMS.has(word) || this.makes.has(word)
    for (const token of known ? [word] : this.withPrefix(word)) {
      const factor = token === word ? 2 : 1
      for (const value of this.postings.get(token) ?? []) {
        const at = postingAt(value)
        if (!candidate(at) || (factsOnly && !postingKey(value))) continue
        const score = postingWeight(value) * factor
        if (score > (hits.get(at) ?? 0)) hits.set(at, score)
      }
    }
    return hits
  }

  /**
   * The nearest vocabulary term to a word that matches nothing (see the header), or undefined.
   * The vocabulary: the known terms and the key tokens (make, model, labels) of the candidates.
   */
  private correctionOf(word: string, candidate: (at: number) => boolean): string | undefined {
    if (word.length < 4 || !/^\p{L}+$/u.test(word) || SERIES_WORD.test(word)) return undefined
    const bound = word.length >= 7 ? 2 : 1
    let best: { term: string; distance: number; count: number } | undefined
    for (const term of this.vocabulary) {
      if (Math.abs(term.length - word.length) > bound) continue
      const distance = editDistance(word, term, bound)
      if (distance > bound || (best && distance > best.distance)) continue
      const postings = this.postings.get(term) ?? []
      const count = postings.filter((value) => candidate(postingAt(value))).length
      const inStock = postings.some((value) => postingKey(value) && candidate(postingAt(value)))
      if (!inStock && !KNOWN_TERMS.has(term)) continue
      if (!best || distance < best.distance || count > best.count || (count === best.count && term < best.term)) best = { term, distance, count }
    }
    return best?.term
  }

  /**
   * The vehicles matching every word, position → score. Only positions for which `candidate`
   * is true count (the other filters), also for deciding whether a word is a known term and for
   * typo corrections. `report`, when given, receives the corrections and the words that matched nothing.
   */
  search(words: readonly string[], candidate: (at: number) => boolean = () => true, report?: SearchReport): Map<number, number> {
    let result: Map<number, number> | null = null
    for (const typed of words) {
      let word = typed
      const exact = this.postings.get(word)
      const known = KNOWN_TERMS.has(word) || (exact?.some((value) => postingKey(value) && candidate(postingAt(value))) ?? false)
      let hits = this.hitsOf(word, candidate, known)
      if (hits.size === 0 && !known) {
        const correction = this.correctionOf(word, candidate)
        if (correction !== undefined) {
          word = correction
          hits = this.hitsOf(word, candidate, true)
          report?.corrections.push({ from: typed, to: word })
        }
      }
      if (hits.size === 0) report?.unmatched.push(typed)
      if (result) {
        const previous: Map<number, number> = result
        result = new Map([...hits].flatMap(([at, score]) => (previous.has(at) ? [[at, score + previous.get(at)!] as const] : [])))
      } else result = hits
      if (result.size === 0 && !report) break
    }
    return result ?? new Map()
  }
}

/** What a search did with the words: typo corrections made, and words that matched no vehicle. */
export interface SearchReport {
  corrections: Array<{ from: string; to: string }>
  unmatched: string[]
}

/**
 * Damerau–Levenshtein distance (optimal string alignment: insert, delete, substitute, swap two
 * neighbours), or bound + 1 as soon as it must exceed `bound`.
 */
export function editDistance(a: string, b: string, bound = Infinity): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1)
      current.push(value)
      rowMin = Math.min(rowMin, value)
    }
    if (rowMin > bound) return bound + 1
    before = previous
    previous = current
  }
  return previous[b.length]!
}

/**
 * The vehicles of `ordered` (the other filters' candidates, already in the chosen sort) that match
 * the search: best score first, in their given order among equal scores. `positionOf` gives an
 * entry's position in the index.
 */
export function rankBySearch<T>(
  index: VehicleSearchIndex,
  size: number,
  ordered: readonly T[],
  positionOf: (item: T) => number,
  words: readonly string[],
  report?: SearchReport,
): T[] {
  if (words.length === 0) return [...ordered]
  const allowed = new Uint8Array(size)
  for (const item of ordered) allowed[positionOf(item)] = 1
  const scores = index.search(words, (at) => allowed[at] === 1, report)
  const found: Array<{ item: T; order: number; score: number }> = []
  ordered.forEach((item, order) => {
    const score = scores.get(positionOf(item))
    if (score !== undefined) found.push({ item, order, score })
  })
  found.sort((a, b) => b.score - a.score || a.order - b.order)
  return found.map((entry) => entry.item)
}
