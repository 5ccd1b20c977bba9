import { FIGURE_TYPE, figureValues as valuesOf, formatFigure, isFigureKey, resolvePlaceholders, type FigureValues } from '#schemas/lib/figures.ts'
import { type ContentLake, type QueryParams } from '#app/lake/lake.server.ts'
import { hyphenateHeading } from '#app/utils/hyphenate.ts'
import { vehicleIndexCount } from '#app/vehicles/vehicle-index.server.ts'
import { FIGURE_CLAIMS_QUERY, FIGURES_QUERY } from './queries/site.ts'
import { type FIGURE_CLAIMS_QUERYResult, type FIGURES_QUERYResult } from './types.ts'

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
 * (the Studio's validation reports unknown ones).
 */
export function resolveFigures<T>(value: T, figures: FigureValues): T {
  return resolve(value, figures) as T
}

/**
 * Also the place where headings get their soft hyphens (docs/decisions/102): a section's `heading`
 * and the `title` or `name` of a card, step or group (an item of a content list, with its `_key`;
 * not a breadcrumb's parent page), so the HTML carries them and no script does it in the browser.
 */
function resolve(value: unknown, figures: FigureValues, heading = false, item = false): unknown {
  if (typeof value === 'string') {
    const text = resolvePlaceholders(value, figures)
    return heading ? hyphenateHeading(text) : text
  }
  if (Array.isArray(value)) return value.map((entry) => resolve(entry, figures, false, true))
  if (typeof value !== 'object' || value === null) return value
  const object = value as Record<string, unknown>
  if (object._type === FIGURE_TYPE) {
    const figure = isFigureKey(object.key) ? figures[object.key] : undefined
    return { _type: 'span', _key: object._key, text: figure === undefined ? `{${String(object.key)}}` : formatFigure(figure), marks: [] }
  }
  const resolved = Object.fromEntries(
    Object.entries(object).map(([key, entry]) => [
      key,
      resolve(entry, figures, key === 'heading' || (item && '_key' in object && (key === 'title' || key === 'name'))),
    ]),
  )
  if (object._type === 'statItem' && isFigureKey(object.figure) && figures[object.figure] !== undefined) resolved.number = figures[object.figure]
  return resolved
}

/** A GROQ read of page content with the current figures written in (see the file comment). */
export async function fetchWithFigures<R>(lake: ContentLake, query: string, params?: QueryParams): Promise<R> {
  const [result, figures] = await Promise.all([lake.fetch<R>(query, params), fetchFigures(lake)])
  return resolveFigures(result, figures)
}
