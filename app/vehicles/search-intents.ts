/*
 * Words that say what a buyer means rather than what the ad says (issue 36, docs/decisions/070):
 * „Familienauto“, „7-Sitzer“, „unfallfrei“, „Allrad“, „Bulli“ … Each is read from the query
 * (query-reading.ts) into a part with a German label the page shows („Familienauto: Kombi, Van oder
 * SUV ab 5 Sitzplätzen“), and the word search looks for a token that only vehicles whose facts fit
 * carry (search-text.ts). So the page says exactly what was searched, and an ad whose description
 * says „unfallfrei“ while its fact says otherwise is not found by it.
 *
 * The tokens start with "i0": a digit after a letter never stands in German text as a word of its
 * own, and the typo correction leaves words with digits alone, so no description or typo reaches them.
 * Pure and browser-safe.
 */

/** The vehicle fields the intents read (a lean projection on real Sanity: VEHICLE_SEARCH_CANDIDATES_QUERY). */
export interface IntentFacts {
  make?: unknown
  model?: unknown
  title?: unknown
  bodyType?: unknown
  features?: unknown
  seats?: unknown
  powerHp?: unknown
  warranty?: unknown
  vat?: unknown
  accidentFree?: unknown
  /** Of the Pkw-EnVKV figures only the emission class („Euro 6d-TEMP“). */
  consumption?: unknown
}

export interface SearchIntent {
  /** The token the reading puts into the search text and fitting vehicles carry. */
  word: string
  /** How the page names it: what was searched for. */
  label: string
  /** What buyers type, as a regular expression (case-insensitive, whole words). */
  phrase: string
  /** Whether a vehicle's facts fit, given its folded words (make, model, title, equipment). */
  fits: (vehicle: IntentFacts, words: ReadonlySet<string>) => boolean
}

const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : '')
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)
const UML_A = '(?:ä|ae|a)'
const UML_U = '(?:ü|ue|u)'

/** Body types of a family car: room for five and their luggage. */
const FAMILY_BODIES = ['kombi', 'van', 'suv']
/** The most power a beginner's small car has here (insurance classes, and the reading says so). */
export const BEGINNER_MAX_HP = 120
/** The words of an all-wheel drive in makes' names (equipment, model, title). */
const ALL_WHEEL = ['allrad', 'allradantrieb', '4motion', 'quattro', '4x4', '4matic', 'awd', '4wd']
/** VW's Bulli family by model word. */
const BULLI_MODELS = ['transporter', 'multivan', 'caravelle', 'california', 'bulli', 't3', 't4', 't5', 't6', 't61', 't7']

/** The emission class as the ad states it („Euro 6d-TEMP“), folded to "6dtemp"; '' without one. */
const emissionStage = (vehicle: IntentFacts) => {
  const consumption = vehicle.consumption
  const stated = typeof consumption === 'object' && consumption !== null && 'emissionClass' in consumption ? consumption.emissionClass : undefined
  return lower(stated).replace(/^euro|[\s-]/g, '')
}

export const SEARCH_INTENTS: readonly SearchIntent[] = [
  {
    word: 'i0familienauto',
    label: 'Familienauto: Kombi, Van oder SUV ab 5 Sitzplätzen',
    phrase: String.raw`familien\s*-?\s*(?:auto|wagen|fahrzeug|kutsche|van)s?|familienfreundlich(?:e[mnrs]?)?|familie`,
    fits: (vehicle) => (count(vehicle.seats) ?? 0) >= 5 && FAMILY_BODIES.includes(lower(vehicle.bodyType)),
  },
  {
    word: 'i0anfangerauto',
    label: `Anfängerauto: Kleinwagen bis ${BEGINNER_MAX_HP} PS`,
    phrase: String.raw`(?:fahr)?(?:anf${UML_A}nger|einsteiger)\s*-?\s*(?:auto|wagen|fahrzeug)s?|fahranf${UML_A}nger(?:in)?|erstwagen|erstes\s+auto`,
    fits: (vehicle) => lower(vehicle.bodyType) === 'kleinwagen' && (count(vehicle.powerHp) ?? Infinity) <= BEGINNER_MAX_HP,
  },
  {
    word: 'i0allrad',
    label: 'Allrad (4MOTION, xDrive, quattro, 4MATIC, 4x4)',
    // The generic words only: „4MOTION“ or „quattro“ typed is a wish for that make's system, searched as typed.
    phrase: String.raw`allrad(?:antrieb)?|allradler|4\s*x\s*4|4wd|awd`,
    fits: (_, words) => ALL_WHEEL.some((word) => words.has(word)) || [...words].some((word) => word.startsWith('xdrive')),
  },
  {
    word: 'i0bulli',
    label: 'Bulli: VW Transporter, Multivan, Caravelle oder California',
    phrase: String.raw`bullis?|(?:vw|volkswagen)\s*-?\s*bus(?:se)?`,
    fits: (vehicle, words) => ['vw', 'volkswagen'].includes(lower(vehicle.make).trim()) && BULLI_MODELS.some((model) => words.has(model)),
  },
  {
    word: 'i0garantie',
    label: 'mit Garantie',
    phrase: String.raw`garantie`,
    fits: (vehicle) => vehicle.warranty === true,
  },
  {
    word: 'i0unfallfrei',
    label: 'Unfallfrei',
    phrase: String.raw`unfallfrei(?:e[mnrs]?)?`,
    fits: (vehicle) => vehicle.accidentFree === true,
  },
  {
    word: 'i0mwst',
    label: 'MwSt. ausweisbar',
    phrase: String.raw`(?:mwst\.?|mehrwertsteuer|ust\.?)(?:\s*-?\s*(?:ausweisbar|ausgewiesen|abzugsf${UML_A}hig))?|ausweisbar|vorsteuerabzug(?:sberechtigt)?`,
    fits: (vehicle) => vehicle.vat === 'deductible',
  },
  // „Euro 6“ is what a diesel driving ban asks of a car; an electric car states no class and is not found by it.
  {
    word: 'i0euro6d',
    label: 'Schadstoffklasse Euro 6d-TEMP oder neuer',
    phrase: String.raw`euro\s*-?\s*6\s*-?\s*(?:d|e)(?:\s*-?\s*temp)?`,
    fits: (vehicle) => /^6[de]/.test(emissionStage(vehicle)),
  },
  {
    word: 'i0euro6',
    label: 'Schadstoffklasse Euro 6',
    phrase: String.raw`euro\s*-?\s*(?:6|vi)(?:\s*-?\s*(?:a|b|c))?|schadstoffklasse\s*6`,
    fits: (vehicle) => emissionStage(vehicle).startsWith('6'),
  },
]

/** „7-Sitzer“, „7 Sitzer“, „Siebensitzer“, „mit 7 Sitzen“ (read in query-reading.ts). */
export const SEATS_PHRASE = String.raw`(\d{1,2}|zwei|drei|vier|f${UML_U}nf|sechs|sieben|acht|neun)\s*-?\s*(?:sitzer|sitzen|sitze|sitzpl${UML_A}tze(?:n)?)`

const SEAT_NUMBERS: Record<string, number> = { zwei: 2, drei: 3, vier: 4, funf: 5, fuenf: 5, fünf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9 }

/** The seats a seats phrase asks for, when plausible (2–9). */
export function seatsOf(typed: string): number | undefined {
  const number = /^\d+$/.test(typed) ? Number(typed) : SEAT_NUMBERS[typed.toLowerCase()]
  return number !== undefined && number >= 2 && number <= 9 ? number : undefined
}

/** The token of a seats phrase: "5 Sitzer" and up mean at least that many, fewer mean exactly (a two-seater). */
export const seatsWord = (seats: number) => `i0sitze${seats}`

export const seatsLabel = (seats: number) => (seats >= 5 ? `ab ${seats} Sitzplätzen` : `${seats} Sitzplätze`)

/** „günstig“, „billig“, „preiswert“: a price ceiling the reading shows (query-reading.ts). */
export const CHEAP_PHRASE = String.raw`(?:preis)?g${UML_U}nstig(?:e[mnrs]?|er)?|billig(?:e[mnrs]?|er)?|preiswert(?:e[mnrs]?|er)?|schn${UML_A}ppchen`
/** What „günstig“ reads as: the lower end of a small dealer's stock (decision 070). */
export const CHEAP_PRICE = 15_000

/** „wenig Kilometer“, „wenig km“, „geringe Laufleistung“, „kaum gefahren“: a mileage ceiling the reading shows. */
export const LOW_MILEAGE_PHRASE = String.raw`wenig(?:e|en)?\s*(?:km|kilometern?|gelaufen|gefahren)|(?:gering|niedrig)(?:e[mnrs]?)?\s+(?:laufleistung|kilometer(?:stand|leistung)?|km\s*-?\s*stand)|kaum\s+gefahren`
/** What „wenig Kilometer“ reads as: the first step of the marketplaces' mileage filters. */
export const LOW_MILEAGE_KM = 50_000

const RATE_LIMIT_WORD = String.raw`(?:bis(?:\s+zu)?|unter|max(?:\.|imal)?|h(?:ö|oe|o)chstens)`
/** An amount of euros, „€“ or „Euro“ before or after it; `name` is the capture group's name. */
const rateAmount = (name: string) => String.raw`(?:€\s*)?(?<${name}>\d{1,3}(?:\.\d{3})?|\d{1,6})(?:,\d{1,2})?\s*(?:€|euros?\b|eur\b)?`
const PER_MONTH = String.raw`(?:(?:im|pro|je|a|/)\s*(?:monat|mon\.|mtl\.?)|monatlich|mtl\.?)`
/**
 * A monthly budget (issue 38 item 3, docs/decisions/083): „bis 300 € im Monat“, „300 Euro monatlich“,
 * „300 €/Monat“, „max. 250 mtl.“, „Rate 250“, „Monatsrate bis 300 €“, „monatlich 200 Euro“. The
 * amount is the group `before` (amount first) or `after` (the word first). Read before the price
 * phrases (query-reading.ts), so „bis 600 € im Monat“ is a rate, never a price of 600 €.
 */
export const MONTHLY_RATE_PHRASE =
  String.raw`(?:${RATE_LIMIT_WORD}\s*)?${rateAmount('before')}\s*${PER_MONTH}` +
  String.raw`|(?:(?:monats|kredit|finanzierungs)?rate|monatlich|mtl\.?)\s*(?:von\s*|${RATE_LIMIT_WORD}\s*)?${rateAmount('after')}`

/** The intent tokens of one vehicle; `words` are its folded make, model, title and equipment words. */
export function intentTokens(vehicle: IntentFacts, words: ReadonlySet<string>): string[] {
  const tokens = SEARCH_INTENTS.filter((intent) => intent.fits(vehicle, words)).map((intent) => intent.word)
  const seats = count(vehicle.seats)
  if (seats !== undefined && Number.isInteger(seats)) {
    tokens.push(seatsWord(seats))
    for (let at = 5; at < seats; at++) tokens.push(seatsWord(at))
  }
  return tokens
}
