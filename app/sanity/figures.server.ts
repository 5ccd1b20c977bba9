import {
  FIGURE_TYPE,
  figureValues as valuesOf,
  FOOTNOTE_MARK,
  FOOTNOTED_FIGURES,
  formatFigure,
  isFigureKey,
  resolvePlaceholders,
  type FigureKey,
  type FigureValues,
} from '#schemas/lib/figures.ts'
import { type ContentLake, type QueryParams } from '#app/lake/lake.server.ts'
import { type HeadingKind, hyphenateHeading } from '#app/utils/hyphenate.ts'
import { vehicleIndexCount } from '#app/vehicles/vehicle-index.server.ts'
import { advertisedRateExample, effectiveRateOf, type FinancedExample } from '#app/vehicles/financing.ts'
import { formatEuroCents, formatRatePercent, lenderSentence } from '#app/vehicles/financing-terms.ts'
import { FIGURE_CLAIMS_QUERY, FIGURES_QUERY, SITE_SETTINGS_QUERY } from './queries/site.ts'
import { type FIGURE_CLAIMS_QUERYResult, type FIGURES_QUERYResult, type SITE_SETTINGS_QUERYResult } from './types.ts'

/*
 * Company figures have one home, Einstellungen → Kennzahlen (docs/decisions/027). Page copy refers
 * to them (`{freeDeliveryKm}` in a string, an inline `figure` in Portable Text, `figure` on a
 * counter), and the loaders read pages through `fetchWithFigures`, which writes the current values
 * in. Both lake backends return the same shapes, so this one step serves both.
 */

/**
 * The current figures: the settings' values, the live count for an empty „Fahrzeuge im Bestand“, the
 * reviews' average and count. Every page reads them: on the embedded lake the count comes from the
 * vehicle index the lists keep anyway, since groq-js counting 5,000 cars took about 15 ms of every
 * first render after a publish (issue 37 item 3).
 */
export async function fetchFigures(lake: ContentLake): Promise<FigureValues> {
  if (!lake.local) return figureValues(await lake.fetch<FIGURES_QUERYResult>(FIGURES_QUERY))
  const claims = await lake.fetch<FIGURE_CLAIMS_QUERYResult>(FIGURE_CLAIMS_QUERY)
  return figureValues(claims && { ...claims, vehiclesOnSale: vehicleIndexCount(lake.local) })
}

/** The figures from FIGURES_QUERY's result (shared with the Studio's previews). */
export function figureValues(result: FIGURES_QUERYResult): FigureValues {
  return valuesOf(result)
}

/**
 * The value with every reference to a figure replaced by its current value: placeholders in
 * strings become the formatted number, an inline `figure` becomes a plain span, and a counter
 * with `figure` gets the number. A reference to a figure without a value stays visible as it is
 * (the Studio's validation reports unknown ones). With `footnotes` the mentions of a footnoted
 * figure in the copy get their mark („ab 2,9 %*“) and the figure is added to the set; the search
 * texts (`seo`) and the page's own name (its `title` and `parents`: the <title>, the breadcrumbs'
 * structured data) stay unmarked (docs/decisions/111).
 */
export function resolveFigures<T>(value: T, figures: FigureValues, footnotes?: Set<FigureKey>): T {
  return resolve(value, { figures, footnotes }, { root: true }) as T
}

interface Resolution {
  figures: FigureValues
  /** Where marked figures are recorded; none: nothing is marked. */
  footnotes?: Set<FigureKey>
}

/** Keys whose texts are read by search engines and browsers rather than in the page: never marked. */
const UNMARKED_KEYS = new Set(['seo'])
const UNMARKED_ROOT_KEYS = new Set(['title', 'parents'])

/**
 * Also the place where headings get their soft hyphens (docs/decisions/102): a section's `heading`
 * and the `title` or `name` of a card, step or group (an item of a content list, with its `_key`;
 * not a breadcrumb's parent page), so the HTML carries them and no script does it in the browser.
 * A button's `label` too (BUTTON: a label with a `target`): at a larger default font on a phone
 * „INZAHLUNGNAHME“ is wider than its card; and the hero's title lines, from shorter words on (docs/decisions/110).
 * And the text of a Portable Text heading (a legal page's „Verbraucherstreitbeilegung“), and a page's
 * `heading` (its header's title).
 */
/** Where a value sits: under a heading's key (of which size), in a list, at the root, among a Portable Text heading's spans. */
interface Place {
  heading?: HeadingKind
  item?: boolean
  root?: boolean
  inHeadingBlock?: boolean
}

function resolve(value: unknown, resolution: Resolution, at: Place = {}): unknown {
  const { figures, footnotes } = resolution
  if (typeof value === 'string') {
    const text = resolvePlaceholders(value, figures, footnotes)
    return at.heading ? hyphenateHeading(text, at.heading) : text
  }
  if (Array.isArray(value)) {
    const entries = value.map((entry) => resolve(entry, resolution, { item: true, inHeadingBlock: at.inHeadingBlock }))
    return footnotes ? markInlineFigures(value, entries, footnotes) : entries
  }
  if (typeof value !== 'object' || value === null) return value
  const object = value as Record<string, unknown>
  if (object._type === FIGURE_TYPE) {
    const figure = isFigureKey(object.key) ? figures[object.key] : undefined
    return { _type: 'span', _key: object._key, text: figure === undefined ? `{${String(object.key)}}` : formatFigure(figure), marks: [] }
  }
  const resolved = Object.fromEntries(
    Object.entries(object).map(([key, entry]) => [
      key,
      resolve(entry, UNMARKED_KEYS.has(key) || (at.root && UNMARKED_ROOT_KEYS.has(key)) ? { figures } : resolution, {
        heading: headingKindOf(key, object, at),
        inHeadingBlock: key === 'children' && object._type === 'block' && typeof object.style === 'string' && /^h\d$/.test(object.style),
      }),
    ]),
  )
  if (object._type === 'statItem' && isFigureKey(object.figure) && figures[object.figure] !== undefined) resolved.number = figures[object.figure]
  return resolved
}

/** Whether the text under `key` of `object` is a heading, and of which size (hyphenate.ts). */
function headingKindOf(key: string, object: Record<string, unknown>, at: Place): HeadingKind | undefined {
  if (key === 'titleLine1' || key === 'titleLine2') return 'display'
  if (at.inHeadingBlock && object._type === 'span' && key === 'text') return 'heading'
  const heading = key === 'heading' || (at.item && '_key' in object && (key === 'title' || key === 'name')) || (key === 'label' && 'target' in object)
  return heading ? 'heading' : undefined
}

type Span = { _type: 'span'; text: string }
const isSpan = (value: unknown): value is Span =>
  typeof value === 'object' && value !== null && (value as Span)._type === 'span' && typeof (value as Span).text === 'string'
const UNIT_AHEAD = /^[ \u00a0]%/

/**
 * Portable Text: an inline „Kennzahl“ that is footnoted gets its mark as a placeholder does, behind the
 * per cent sign when the next span starts with it („2,9“ + „ %*, …“), else behind the number.
 */
function markInlineFigures(source: readonly unknown[], entries: unknown[], footnotes: Set<FigureKey>): unknown[] {
  source.forEach((entry, index) => {
    const { _type, key } = (entry ?? {}) as { _type?: unknown; key?: unknown }
    const span = entries[index]
    if (_type !== FIGURE_TYPE || !isFigureKey(key) || !FOOTNOTED_FIGURES.has(key) || !isSpan(span) || span.text.startsWith('{')) return
    footnotes.add(key)
    const next = entries[index + 1]
    if (isSpan(next) && UNIT_AHEAD.test(next.text)) entries[index + 1] = { ...next, text: `${next.text.slice(0, 2)}${FOOTNOTE_MARK}${next.text.slice(2)}` }
    else entries[index] = { ...span, text: `${span.text}${FOOTNOTE_MARK}` }
  })
  return entries
}

/**
 * A GROQ read with the current figures written in (see the file comment), unmarked: the site
 * settings, whose texts are the search texts, the header's and the footer's (docs/decisions/111).
 */
export async function fetchWithFigures<R>(lake: ContentLake, query: string, params?: QueryParams): Promise<R> {
  const [result, figures] = await Promise.all([lake.fetch<R>(query, params), fetchFigures(lake)])
  return resolveFigures(result, figures)
}

/**
 * A page's content read with the current figures written in and the advertised rate marked, and the
 * footnote its „ab 2,9 %*“ calls for (PAngV § 17 Abs. 4): the representative example, written out here
 * so the browser loads no formatting for it; null when the copy names no rate. The page prints it
 * after its content (RateFootnote).
 */
export async function fetchPageWithFigures<R>(
  lake: ContentLake,
  query: string,
  params?: QueryParams,
): Promise<{ content: R; financingFootnote: string | null }> {
  const [result, figures] = await Promise.all([lake.fetch<R>(query, params), fetchFigures(lake)])
  const footnotes = new Set<FigureKey>()
  const content = resolveFigures(result, figures, footnotes)
  if (!footnotes.has('financingFromPercent')) return { content, financingFootnote: null }
  // The lender only for a page that needs it.
  const settings = await lake.fetch<SITE_SETTINGS_QUERYResult>(SITE_SETTINGS_QUERY)
  return { content, financingFootnote: representativeExampleNote(advertisedRateExample(effectiveRateOf({ claims: figures })), settings?.legal?.lender) }
}

/**
 * The representative example as one sentence of small print: every Pflichtangabe of § 17 Abs. 4 PAngV,
 * the instalments by number and amount (the last one settles the rounding, financing.ts), and the
 * lender as the vehicle page names it.
 */
export function representativeExampleNote(example: FinancedExample, lender: string | null | undefined): string {
  const { termMonths, monthlyPayment, finalPayment } = example
  const instalments =
    finalPayment === monthlyPayment
      ? `${termMonths} monatliche Raten zu je ${formatEuroCents(monthlyPayment)}`
      : `${termMonths - 1} monatliche Raten zu je ${formatEuroCents(monthlyPayment)} und eine letzte Rate von ${formatEuroCents(finalPayment)}`
  return (
    `* Repräsentatives Beispiel nach §\u00a017 Abs.\u00a04 PAngV: Barzahlungspreis ${formatEuroCents(example.price)}, ` +
    `Anzahlung ${formatEuroCents(example.downPayment)}, Nettodarlehensbetrag ${formatEuroCents(example.netLoanAmount)}, Laufzeit ${termMonths} Monate, ` +
    `gebundener Sollzinssatz ${formatRatePercent(example.nominalRatePercent)} p.\u00a0a., effektiver Jahreszins ${formatRatePercent(example.effectiveAnnualRatePercent)}, ` +
    `${instalments}, Gesamtbetrag ${formatEuroCents(example.totalAmount)}. ${lenderSentence(lender)} Bonität vorausgesetzt.`
  )
}
