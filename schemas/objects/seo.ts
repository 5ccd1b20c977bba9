import { SearchIcon } from '@sanity/icons'
import { defineField, defineType, type ValidationContext } from 'sanity'
import { API_VERSION } from '../lib/constants'
import { FIGURE_VALUES_QUERY, figureValues, type FiguresQueryResult, resolvePlaceholders } from '../lib/figures'

/**
 * A length warning on the text as search engines get it: with the Kennzahlen written in
 * (`{freePickupFromEur}` is 19 characters, „5.000“ five).
 */
function shownLength(max: number, message: string) {
  return async (value: string | undefined, context: ValidationContext) => {
    if (!value) return true
    // The settings being edited use their own numbers; other documents the published figures,
    // the ones computed from the reviews included.
    const own = (context.document as { claims?: Record<string, unknown> } | undefined)?.claims
    const figures = figureValues(own ? { claims: own } : await context.getClient({ apiVersion: API_VERSION }).fetch<FiguresQueryResult>(FIGURE_VALUES_QUERY))
    return resolvePlaceholders(value, figures).length > max ? message : true
  }
}

/** Title, description and share image for search engines and social networks. */
export const seo = defineType({
  name: 'seo',
  title: 'Suchmaschinen & Teilen',
  type: 'object',
  icon: SearchIcon,
  options: { collapsible: true, collapsed: false },
  fields: [
    defineField({
      name: 'title',
      title: 'Seitentitel',
      type: 'string',
      description: 'Erscheint im Browser-Tab und in Suchergebnissen; höchstens etwa 60 Zeichen.',
      validation: (rule) => [rule.required(), rule.custom(shownLength(70, 'Suchmaschinen kürzen Titel über etwa 60–70 Zeichen.')).warning()],
    }),
    defineField({
      name: 'description',
      title: 'Beschreibung',
      type: 'text',
      rows: 3,
      description: 'Kurzer Text für Suchergebnisse; etwa 120–160 Zeichen.',
      validation: (rule) => [rule.required(), rule.custom(shownLength(170, 'Suchmaschinen kürzen Beschreibungen über etwa 160 Zeichen.')).warning()],
    }),
    defineField({
      name: 'image',
      title: 'Vorschaubild zum Teilen',
      type: 'imageWithAlt',
      description: 'Idealerweise 1200 × 630 Pixel.',
    }),
  ],
})
