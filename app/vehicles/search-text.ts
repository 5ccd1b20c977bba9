import { type FuelKey, type TransmissionKey } from '~/vehicles/vehicle-search'

/*
 * The inventory's free-text search (`search=` of /vehicles and GET /api/vehicles), one design for
 * both lake backends (docs/decisions/019):
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
const FILLER_WORDS = new Set(['mit', 'und', 'oder', 'ohne', 'der', 'die', 'das', 'den', 'ein', 'eine', 'einen', 'in', 'im', 'fur', 'von', 'vom', 'als', 'auto', 'autos', 'fahrzeug', 'fahrzeuge', 'gebraucht', 'gebrauchtwagen'])

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
  MANUAL: ['Schaltgetriebe', 'Schaltwagen', 'Schalter', 'Handschaltung', 'Manuell'],
  SEMI_AUTOMATIC: ['Halbautomatik', 'Halbautomatisch'],
}

/** Body types of the content model (case-insensitive) with their synonyms; others are searched as written. */
const BODY_LABELS: Record<string, string[]> = {
  limousine: ['Limousine'],
  kombi: ['Kombi'],
  suv: ['SUV', 'Geländewagen', 'Offroader'],
  kleinwagen: ['Kleinwagen'],
  coupé: ['Coupé'],
  cabrio: ['Cabrio', 'Cabriolet', 'Roadster'],
  van: ['Van', 'Minivan', 'Kleinbus', 'Bus'],
  transporter: ['Transporter', 'Kastenwagen', 'Nutzfahrzeug'],
}

/** Short names of equipment, added to a vehicle whose equipment has the long name. */
const EQUIPMENT_ALIASES: ReadonlyArray<[string, string]> = [['anhangerkupplung', 'ahk']]

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

/** Query words that never match by prefix: every alias and label (see the header). */
const KNOWN_TERMS = new Set([
  ...MAKE_ALIASES.flatMap(tokensOf),
  ...Object.values(FUEL_LABELS).flatMap(tokensOf),
  ...Object.values(TRANSMISSION_LABELS).flatMap(tokensOf),
  ...Object.values(BODY_LABELS).flatMap(tokensOf),
  ...EQUIPMENT_ALIASES.map(([, alias]) => alias),
])

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
  [field: string]: unknown
}

interface Posting {
  /** Position of the vehicle in the index. */
  at: number
  weight: number
  /** The token is a whole word of the make (with aliases), model or a label: prefix fallback off. */
  key: boolean
}

const label = <K extends string>(labels: Record<K, string[]>, value: unknown): string[] => (typeof value === 'string' && Object.hasOwn(labels, value) ? labels[value as K] : [])

/** The weighted tokens of one vehicle: token → [weight, key]. */
export function vehicleSearchTokens(vehicle: SearchableVehicle): Map<string, { weight: number; key: boolean }> {
  const tokens = new Map<string, { weight: number; key: boolean }>()
  const add = (list: string[], weight: number, key: boolean) => {
    for (const token of list) {
      const seen = tokens.get(token)
      if (!seen) tokens.set(token, { weight, key })
      else {
        if (weight > seen.weight) seen.weight = weight
        if (key) seen.key = true
      }
    }
  }
  const make = typeof vehicle.make === 'string' ? vehicle.make : ''
  add([...searchTokens(make), ...(MAKE_TOKENS.get(foldSearchText(make).trim()) ?? [])], SEARCH_WEIGHT.strong, true)
  add(searchTokens(vehicle.model), SEARCH_WEIGHT.strong, true)
  add(searchTokens(vehicle.title), SEARCH_WEIGHT.medium, false)
  const body = typeof vehicle.bodyType === 'string' ? vehicle.bodyType : ''
  const labels = [...label(FUEL_LABELS, vehicle.fuelType), ...label(TRANSMISSION_LABELS, vehicle.transmission), ...(BODY_LABELS[body.toLowerCase()] ?? [body])]
  add(tokensOf(labels), SEARCH_WEIGHT.medium, true)
  const features = Array.isArray(vehicle.features) ? vehicle.features.flatMap(searchTokens) : []
  for (const [name, alias] of EQUIPMENT_ALIASES) if (features.includes(name)) features.push(alias)
  add(features, SEARCH_WEIGHT.weak, false)
  add(searchTokens(vehicle.description), SEARCH_WEIGHT.weak, false)
  add(searchTokens(vehicle.color), SEARCH_WEIGHT.weak, false)
  return tokens
}

/**
 * An inverted index over vehicles (positions 0…n-1), built once: for the embedded lake once per
 * published snapshot, for real Sanity once per search over the fetched candidates.
 */
export class VehicleSearchIndex {
  private readonly postings = new Map<string, Posting[]>()
  /** Every token, sorted, for the prefix fallback (binary search for the first candidate). */
  private readonly sorted: string[]

  constructor(vehicles: readonly SearchableVehicle[]) {
    vehicles.forEach((vehicle, at) => {
      for (const [token, { weight, key }] of vehicleSearchTokens(vehicle)) {
        let list = this.postings.get(token)
        if (!list) this.postings.set(token, (list = []))
        list.push({ at, weight, key })
      }
    })
    this.sorted = [...this.postings.keys()].sort()
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
   * The vehicles matching every word, position → score. Only positions for which `candidate`
   * is true count (the other filters), also for deciding whether a word is a known term.
   */
  search(words: readonly string[], candidate: (at: number) => boolean = () => true): Map<number, number> {
    let result: Map<number, number> | null = null
    for (const word of words) {
      const exact = this.postings.get(word)
      const known = KNOWN_TERMS.has(word) || (exact?.some((posting) => posting.key && candidate(posting.at)) ?? false)
      const hits = new Map<number, number>()
      for (const token of known ? [word] : this.withPrefix(word)) {
        const factor = token === word ? 2 : 1
        for (const { at, weight } of this.postings.get(token) ?? []) {
          if (!candidate(at) || (result && !result.has(at))) continue
          const score = weight * factor
          if (score > (hits.get(at) ?? 0)) hits.set(at, score)
        }
      }
      if (result) for (const [at, score] of hits) hits.set(at, score + result.get(at)!)
      result = hits
      if (result.size === 0) break
    }
    return result ?? new Map()
  }
}

/**
 * The vehicles of `ordered` (the other filters' candidates, already in the chosen sort) that match
 * the search: best score first, in their given order among equal scores. `positionOf` gives an
 * entry's position in the index.
 */
export function rankBySearch<T>(index: VehicleSearchIndex, size: number, ordered: readonly T[], positionOf: (item: T) => number, words: readonly string[]): T[] {
  if (words.length === 0) return [...ordered]
  const allowed = new Uint8Array(size)
  for (const item of ordered) allowed[positionOf(item)] = 1
  const scores = index.search(words, (at) => allowed[at] === 1)
  const found: Array<{ item: T; order: number; score: number }> = []
  ordered.forEach((item, order) => {
    const score = scores.get(positionOf(item))
    if (score !== undefined) found.push({ item, order, score })
  })
  found.sort((a, b) => b.score - a.score || a.order - b.order)
  return found.map((entry) => entry.item)
}
