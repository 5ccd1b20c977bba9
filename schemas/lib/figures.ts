import { roundRating } from './reviews'
/**
 * The company's figures (Einstellungen → Kennzahlen) and how page copy refers to them, so each
 * figure has one home (docs/decisions/027):
 *  - in a plain text field, a placeholder in braces: `Lieferung bis {freeDeliveryKm} km`;
 *  - in formatted text (Portable Text), an inline „Kennzahl“ object: `{_type: 'figure', key}`;
 *  - in a counter („Zähler“ of a statistics band), the field `figure` instead of a number.
 * The site replaces all three when it renders a page (app/sanity/figures.server.ts). Browser-safe:
 * the Studio uses the same lists and scans.
 */

export const FIGURES = [
  { value: 'yearsExperience', title: 'Jahre Erfahrung', description: 'Z. B. 15; im Text „15+ Jahre Erfahrung“.' },
  {
    value: 'vehiclesInStock',
    title: 'Fahrzeuge im Bestand',
    description: 'Leer lassen: Die Seite zeigt dann die aktuelle Zahl der Fahrzeuge im Verkauf.',
  },
  {
    value: 'vehiclesSold',
    title: 'Verkaufte Fahrzeuge',
    description:
      'Z. B. 2500; die Seite schreibt „2.500“. Die Standorte-Übersicht (/locations) nennt eine eigene Zahl: „Verkaufte Fahrzeuge (Standorte-Übersicht)“, die Autoankauf-Seite „Angekaufte Fahrzeuge“.',
  },
  {
    value: 'vehiclesSoldLocations',
    title: 'Verkaufte Fahrzeuge (Standorte-Übersicht)',
    description:
      'Z. B. 2200: „2.200+ verkaufte Fahrzeuge“ auf /locations. Soll dort dieselbe Zahl stehen wie auf der Startseite, den Wert von „Verkaufte Fahrzeuge“ eintragen.',
  },
  { value: 'vehiclesBought', title: 'Angekaufte Fahrzeuge', description: 'Z. B. 2500: „2.500+ Fahrzeuge angekauft“ auf /services/autoankauf.' },
  { value: 'happyCustomers', title: 'Zufriedene Kunden (Autoankauf)', description: 'Z. B. 1800: „1.800+ zufriedene Kunden“ auf /services/autoankauf.' },
  { value: 'citiesServed', title: 'Städte im Einzugsgebiet', description: 'Z. B. 12: „12 Städte“ auf /locations.' },
  { value: 'catchmentKm', title: 'Einzugsgebiet (km)', description: 'Z. B. 95: „95 km Einzugsgebiet“ auf /locations.' },
  { value: 'satisfactionPercent', title: 'Kundenzufriedenheit (%)', description: '0 bis 100.' },
  { value: 'financingFromPercent', title: 'Finanzierung ab (%)', description: 'Effektiver Jahreszins, z. B. 2,9. Auch der Zins der Finanzierungsbeispiele.' },
  {
    value: 'freeDeliveryKm',
    title: 'Kostenlose Lieferung und Anfahrt bis (km)',
    description: 'Umkreis, in dem wir Fahrzeuge kostenlos liefern und zur Bewertung kostenlos anfahren.',
  },
  { value: 'freePickupFromEur', title: 'Kostenlose Abholung ab (€)', description: 'Fahrzeugwert, ab dem wir kostenlos abholen.' },
  { value: 'valuationHours', title: 'Bewertung innerhalb (Stunden)', description: 'Z. B. 24.' },
  {
    value: 'customerRating',
    title: 'Kundenbewertung (Sterne)',
    description: 'Wird aus den Bewertungen unter „Bewertungen“ berechnet: der Durchschnitt aller Sterne, z. B. 4,8.',
    computed: true,
  },
  {
    value: 'reviewCount',
    title: 'Anzahl der Bewertungen',
    description: 'Wird gezählt: alle Bewertungen unter „Bewertungen“.',
    computed: true,
  },
] as const

export type FigureKey = (typeof FIGURES)[number]['value']

export const FIGURE_KEYS: readonly FigureKey[] = FIGURES.map((figure) => figure.value)

/** Figures the site computes (from the reviews) rather than staff type in. */
export type ComputedFigureKey = Extract<(typeof FIGURES)[number], { computed: true }>['value']

export function isComputedFigure(key: FigureKey): key is ComputedFigureKey {
  return FIGURES.some((figure) => figure.value === key && 'computed' in figure)
}

/** The Studio's pick list of figures (`{title, value}`). */
export const FIGURE_OPTIONS = FIGURES.map(({ title, value }) => ({ title, value }))

export function isFigureKey(value: unknown): value is FigureKey {
  return typeof value === 'string' && (FIGURE_KEYS as readonly string[]).includes(value)
}

/** Any text in braces is a placeholder: a known figure, or a mistake the Studio reports. */
export const PLACEHOLDER_PATTERN = /\{([^{}]*)\}/g

export type FigureValues = Partial<Record<FigureKey, number>>

const GERMAN_NUMBER = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 })

/** A figure as German copy writes it: 2.500, 2,9, 5.000. */
export function formatFigure(value: number): string {
  return GERMAN_NUMBER.format(value)
}

/**
 * Figures whose every mention in a page's copy carries a footnote mark: the advertised interest rate,
 * which German price law (PAngV § 17 Abs. 4) allows only beside a representative example; the page
 * prints that example as its footnote (docs/decisions/111). In the substitution, so a text staff
 * write later is marked too.
 */
export const FOOTNOTED_FIGURES: ReadonlySet<FigureKey> = new Set(['financingFromPercent'])

/** The mark of a footnoted figure, after its unit when one follows: „ab 2,9 %*“. */
export const FOOTNOTE_MARK = '*'

/** A placeholder and the per cent sign after it, if any (the footnote mark goes behind the unit). */
const PLACEHOLDER_WITH_UNIT = /\{([^{}]*)\}((?:[ \u00a0]%)?)/g

/**
 * A text with its placeholders replaced by the figures' current values. One without a value
 * (unknown, or not set) stays as it is: visible, rather than „undefined“. With `footnotes` (page
 * copy, not its title or search texts) a footnoted figure gets its mark and is added to the set.
 */
export function resolvePlaceholders(text: string, figures: FigureValues, footnotes?: Set<FigureKey>): string {
  if (!text.includes('{')) return text
  return text.replace(PLACEHOLDER_WITH_UNIT, (placeholder, key: string, unit: string) => {
    const figure = isFigureKey(key) ? figures[key] : undefined
    if (!isFigureKey(key) || figure === undefined) return placeholder
    if (!footnotes || !FOOTNOTED_FIGURES.has(key)) return `${formatFigure(figure)}${unit}`
    footnotes.add(key)
    return `${formatFigure(figure)}${unit}${FOOTNOTE_MARK}`
  })
}

/** The type of the inline „Kennzahl“ object in Portable Text. */
export const FIGURE_TYPE = 'figure'

function walk(value: unknown, visit: (node: unknown) => void) {
  visit(value)
  if (Array.isArray(value)) for (const item of value) walk(item, visit)
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) walk(item, visit)
}

/** The figures a document (or any part of one) shows, in all three forms. */
export function figuresIn(value: unknown): Set<FigureKey> {
  const keys = new Set<FigureKey>()
  walk(value, (node) => {
    if (typeof node === 'string') {
      for (const match of node.matchAll(PLACEHOLDER_PATTERN)) if (isFigureKey(match[1])) keys.add(match[1])
    } else if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
      const object = node as { _type?: unknown; key?: unknown; figure?: unknown }
      if (object._type === FIGURE_TYPE && isFigureKey(object.key)) keys.add(object.key)
      if (object._type === 'statItem' && isFigureKey(object.figure)) keys.add(object.figure)
    }
  })
  return keys
}

/** Placeholders in a document's texts that name no figure (`{lieferung}`, `{}`), for the Studio's validation. */
export function unknownPlaceholders(value: unknown): string[] {
  const unknown = new Set<string>()
  walk(value, (node) => {
    if (typeof node !== 'string') return
    for (const match of node.matchAll(PLACEHOLDER_PATTERN)) if (!isFigureKey(match[1])) unknown.add(match[0])
  })
  return [...unknown]
}

/** The Studio's validation message for unknown placeholders, or true. Staff know the figures by their names, not their keys. */
export function placeholderRule(document: unknown): true | string {
  const unknown = unknownPlaceholders(document)
  if (unknown.length === 0) return true
  return `Unbekannte Kennzahl ${unknown.join(', ')}. Bitte entfernen und über „Kennzahl einfügen“ eine der Kennzahlen wählen: ${FIGURES.map((figure) => `„${figure.title}“`).join(', ')}.`
}

/** A figure's name, for the Studio's words about it. */
export function figureTitle(key: FigureKey): string {
  return FIGURES.find((figure) => figure.value === key)?.title ?? key
}

/**
 * A text's placeholders as staff know them: „Kostenlose Lieferung und Anfahrt bis (km)“ = 50, for
 * the line under a text field that holds `{freeDeliveryKm}` (issue 36: fields showed the raw key).
 */
export function placeholdersExplained(text: string, figures: FigureValues): string[] {
  const explained: string[] = []
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    const key = match[1]
    if (!isFigureKey(key)) continue
    const value = figures[key]
    const line = `${match[0]} = „${figureTitle(key)}“${value === undefined ? '' : ` (${formatFigure(value)})`}`
    if (!explained.includes(line)) explained.push(line)
  }
  return explained
}

const bareName = (text: string) =>
  text
    .replace(/\([^)]*\)/g, '')
    .trim()
    .toLocaleLowerCase('de-DE')

/**
 * The figure a counter's label names, when its number is typed rather than chosen: „Verkaufte
 * Fahrzeuge“ with 2200 typed would stay behind when the Kennzahl changes (issue 36). A label that
 * says whose number it is („Kundenzufriedenheit in Dortmund“) names the page's own figure.
 */
export function counterNamingFigure(item: { figure?: unknown; number?: unknown; label?: unknown } | undefined): FigureKey | undefined {
  if (!item || isFigureKey(item.figure) || typeof item.number !== 'number' || typeof item.label !== 'string') return undefined
  const label = bareName(item.label)
  return FIGURES.find((figure) => bareName(figure.title) === label)?.value
}

/** Whether a page speaks for one place (/locations/<city>…): its counts are its own, listed on it. */
export function isPlacePage(document: { _type?: unknown; path?: unknown }): boolean {
  return document._type === 'page' && typeof document.path === 'string' && document.path.startsWith('/locations/')
}

/** A count typed into copy, e.g. „2.500+“: a figure that only a Kennzahl keeps in step. */
const TYPED_COUNT = /\d[\d.]*\s?\+/

/**
 * Company figures typed where they cannot follow a Kennzahl, in a document of the site (docs/decisions/074):
 * a counter with a typed number under a Kennzahl's name (anywhere), and outside the pages of one
 * place, a counter with a typed count (suffix „+“ or none) or a text with a typed „N+“.
 * Each entry names the place and what is typed, for a test or a Studio message.
 */
export function typedCompanyFigures(document: { _type?: unknown; path?: unknown; [field: string]: unknown }): string[] {
  const found: string[] = []
  const ownCounts = isPlacePage(document)
  walk(document, (node) => {
    if (typeof node === 'string') {
      if (!ownCounts && TYPED_COUNT.test(node)) found.push(`text „${node}“`)
      return
    }
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return
    const item = node as { _type?: unknown; figure?: unknown; number?: unknown; suffix?: unknown; label?: unknown }
    if (item._type !== 'statItem' || isFigureKey(item.figure) || typeof item.number !== 'number') return
    const named = counterNamingFigure(item)
    const counts = item.suffix === undefined || item.suffix === null || item.suffix === '' || item.suffix === '+'
    if (named || (!ownCounts && counts)) found.push(`counter ${item.number}${typeof item.suffix === 'string' ? item.suffix : ''} „${String(item.label)}“`)
  })
  return found
}

/** The published documents that can show figures, for the Studio's „Erscheint auf …“ note. */
export const FIGURE_USAGE_QUERY = `*[_type in ["homePage", "page", "siteSettings"] && !(_id in path("drafts.**"))]`

/** A page that shows a figure, as the Studio lists it under the figure: opened by id and type, previewed at its path. */
export interface FigurePage {
  id: string
  type: string
  title: string
  path: string
}

export interface FigureUsage {
  /** Pages (the home page and page-builder pages) whose copy shows the figure. */
  pages: number
  /** Those pages, the home page first, then by path. */
  documents: FigurePage[]
  /** The site settings' own texts show it (tagline, footer, default description): on every page. */
  inSettings: boolean
}

type UsageDocument = { _id?: unknown; _type?: unknown; title?: unknown; path?: unknown; [field: string]: unknown }

function pageOf(document: UsageDocument): FigurePage {
  const id = String(document._id ?? '')
  if (document._type === 'homePage') return { id, type: 'homePage', title: 'Startseite', path: '/' }
  const path = typeof document.path === 'string' ? document.path : ''
  const title = typeof document.title === 'string' && document.title.trim() !== '' ? document.title : path || 'Ohne Titel'
  return { id, type: String(document._type), title, path }
}

const byPlace = (a: FigurePage, b: FigurePage) => Number(b.type === 'homePage') - Number(a.type === 'homePage') || a.path.localeCompare(b.path)

/** Where each figure appears, from the documents of FIGURE_USAGE_QUERY. */
export function figureUsage(documents: ReadonlyArray<UsageDocument>): Record<FigureKey, FigureUsage> {
  const usage = Object.fromEntries(FIGURE_KEYS.map((key): [FigureKey, FigureUsage] => [key, { pages: 0, documents: [], inSettings: false }])) as Record<
    FigureKey,
    FigureUsage
  >
  for (const document of documents) {
    for (const key of figuresIn(document)) {
      if (document._type === 'siteSettings') usage[key].inSettings = true
      else {
        usage[key].pages += 1
        usage[key].documents.push(pageOf(document))
      }
    }
  }
  for (const key of FIGURE_KEYS) usage[key].documents.sort(byPlace)
  return usage
}

/**
 * A string field's text with `{key}` put in place of the selection (or at the cursor); without a
 * selection (the field was never focused), at the end, after a space. Returns the new text and
 * where the cursor goes: right after the placeholder, so staff can type on.
 */
export function insertPlaceholder(text: string | undefined, key: FigureKey, selection?: { start: number; end: number }): { value: string; cursor: number } {
  const current = text ?? ''
  const placeholder = `{${key}}`
  if (!selection) {
    const joined = current === '' || /\s$/.test(current) ? current : `${current} `
    return { value: joined + placeholder, cursor: joined.length + placeholder.length }
  }
  const start = Math.max(0, Math.min(selection.start, selection.end, current.length))
  const end = Math.min(current.length, Math.max(selection.start, selection.end))
  return { value: current.slice(0, start) + placeholder + current.slice(end), cursor: start + placeholder.length }
}

/** The documents whose texts the site resolves (app/routes: home page, content pages, settings). */
export const FIGURE_DOCUMENT_TYPES: readonly string[] = ['homePage', 'page', 'siteSettings']

/**
 * Text fields of those documents that are not copy: addresses, ids, links, contact data, the
 * legal notice. A placeholder there would be a mistake, so they get no „Kennzahl einfügen“.
 */
const NOT_COPY = new Set([
  'anchor',
  'path',
  'href',
  'target',
  'key',
  'figure',
  'phone',
  'whatsapp',
  'email',
  'url',
  'street',
  'postalCode',
  'city',
  'country',
  'region',
  'dealerName',
  'legalName',
  'managingDirector',
  'registerCourt',
  'registerNumber',
  'vatId',
  'contentResponsible',
  'privacyContact',
  'mobileDeCustomerId',
  'priceRange',
  'opens',
  'closes',
  // A counter's „Zusatz“ holds four characters („+“, „%“): no placeholder fits.
  'suffix',
  // What a picture shows does not change with a figure.
  'alt',
])

/**
 * Fields named like copy elsewhere that are names, not copy, by the list or object they sit in:
 * a city card's city, a special day's occasion, a counter's label
 * (its number is the figure).
 */
const NOT_COPY_IN = new Set(['location.name', 'specialOpeningHours.note', 'items.label'])

/**
 * Whether a field of the Studio's form offers „Kennzahl einfügen“: a free text field (`string` or
 * `text`, not a pick list) with copy that the site shows with its figures resolved. `path` is the
 * field's path in the document; its last name decides (an item of a list of texts counts as the list).
 */
export function acceptsFigures(field: { documentType: unknown; typeName: string; hasList: boolean; path: ReadonlyArray<unknown> }): boolean {
  if (typeof field.documentType !== 'string' || !FIGURE_DOCUMENT_TYPES.includes(field.documentType)) return false
  if ((field.typeName !== 'string' && field.typeName !== 'text') || field.hasList) return false
  const names = field.path.filter((segment): segment is string => typeof segment === 'string')
  const name = names.at(-1)
  return name !== undefined && !NOT_COPY.has(name) && !NOT_COPY_IN.has(names.slice(-2).join('.'))
}

/**
 * The site's FIGURES_QUERY (app/sanity/queries/site.ts), for the Studio's previews: schemas/ does
 * not import the app, so it is repeated here, and a test of the app checks the two are the same.
 */
export const FIGURE_VALUES_QUERY = `*[_type == "siteSettings" && _id == "siteSettings"][0]{
  claims,
  "vehiclesOnSale": select(defined(claims.vehiclesInStock) => null, count(*[_type == "vehicle" && status != "sold"])),
  "reviews": {"count": count(*[_type == "review" && defined(rating)]), "average": math::avg(*[_type == "review" && defined(rating)].rating)}
}`

/** The site's figures query's answer (app/sanity/queries/site.ts FIGURES_QUERY). */
export type FiguresQueryResult = {
  claims?: Partial<Record<string, unknown>> | null
  vehiclesOnSale?: number | null
  reviews?: { count: number; average: number | null } | null
} | null

/**
 * The figures from FIGURES_QUERY's result: the settings' values, the live count for an empty
 * „Fahrzeuge im Bestand“, and the reviews' average and count (computed only: a value typed into
 * the settings before they were computed does not count).
 */
export function figureValues(result: FiguresQueryResult): FigureValues {
  const values: FigureValues = {}
  for (const [key, value] of Object.entries(result?.claims ?? {})) {
    if (isFigureKey(key) && typeof value === 'number' && !isComputedFigure(key)) values[key] = value
  }
  if (values.vehiclesInStock === undefined && typeof result?.vehiclesOnSale === 'number') values.vehiclesInStock = result.vehiclesOnSale
  values.reviewCount = result?.reviews?.count ?? 0
  if (values.reviewCount > 0 && typeof result?.reviews?.average === 'number') values.customerRating = roundRating(result.reviews.average)
  return values
}

/** The note next to a figure in the Studio, e.g. „Erscheint auf 11 Seiten.“ */
export function figureUsageNote(key: FigureKey, usage: FigureUsage): string {
  const pages = usage.pages === 1 ? 'auf 1 Seite' : `auf ${usage.pages} Seiten`
  const extras = [
    ...(usage.inSettings ? ['in den Texten der Einstellungen (auf jeder Seite)'] : []),
    ...(key === 'financingFromPercent' ? ['im Finanzierungsbeispiel jeder Fahrzeugseite'] : []),
  ]
  if (usage.pages === 0 && extras.length === 0) return 'Erscheint derzeit auf keiner Seite.'
  const places = [pages, ...extras]
  return `Erscheint ${places.length > 1 ? `${places.slice(0, -1).join(', ')} und ${places.at(-1)}` : pages}.`
}
