import { BarChartIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { counterNamingFigure, FIGURE_OPTIONS, FIGURES, figureTitle, formatFigure, isFigureKey } from '../lib/figures'
import { spacedSuffix } from '../lib/counter-suffix'

/**
 * One counter of a statistics band: number, suffix and label (e.g. 2500 + „verkaufte Fahrzeuge“).
 * A company figure is not typed in but chosen (`figure`): the counter then shows the current value
 * from Einstellungen → Kennzahlen.
 */
export const statItem = defineType({
  name: 'statItem',
  title: 'Zähler',
  type: 'object',
  icon: BarChartIcon,
  fields: [
    defineField({
      name: 'figure',
      title: 'Kennzahl aus den Einstellungen',
      type: 'string',
      description:
        'Für Zahlen des Unternehmens: Der Zähler zeigt dann immer den Wert aus Einstellungen → Kennzahlen. Leer lassen für eine eigene Zahl dieser Seite.',
      options: { list: FIGURE_OPTIONS },
    }),
    defineField({
      name: 'number',
      title: 'Zahl',
      type: 'number',
      description: 'Der Zähler läuft beim Einblenden von 0 bis zu dieser Zahl hoch.',
      hidden: ({ parent }) => Boolean((parent as { figure?: string } | undefined)?.figure),
      validation: (rule) =>
        rule.min(0).custom((value, context) => {
          if ((context.parent as { figure?: string } | undefined)?.figure) return true
          return value === undefined ? 'Bitte eine Zahl eintragen oder eine Kennzahl wählen.' : true
        }),
    }),
    defineField({
      name: 'suffix',
      title: 'Zusatz',
      type: 'string',
      description: 'Steht direkt hinter der Zahl, z. B. „+“, „%“ oder „h“.',
      validation: (rule) => rule.max(4),
    }),
    defineField({
      name: 'label',
      title: 'Beschriftung',
      type: 'string',
      // Screen readers hear number and label as one phrase („2.500+ verkaufte Fahrzeuge“).
      description: 'Wird hinter der Zahl gelesen, klein wie im Satz: „verkaufte Fahrzeuge“, „Jahre Erfahrung“. Die Seite zeigt sie in Großbuchstaben.',
      validation: (rule) => rule.required().max(60),
    }),
  ],
  validation: (rule) => [
    rule.custom((value: { number?: number; suffix?: string; figure?: string } | undefined) =>
      !value?.figure && value?.suffix === '%' && typeof value.number === 'number' && value.number > 100 ? 'Ein Prozentwert kann höchstens 100 sein.' : true,
    ),
    // A typed number under a Kennzahl's name stays behind when the Kennzahl changes (issue 36).
    rule
      .custom((value: { number?: number; label?: string; figure?: string } | undefined) => {
        const named = counterNamingFigure(value)
        return named
          ? `Dieser Zähler nennt „${figureTitle(named)}“: bitte oben die Kennzahl wählen, dann ändert er sich mit ihr. Gilt die Zahl nur für diese Seite, sagen Sie es in der Beschriftung (z. B. „… in Dortmund“).`
          : true
      })
      .warning(),
  ],
  preview: {
    select: { number: 'number', suffix: 'suffix', label: 'label', figure: 'figure' },
    prepare: ({ number, suffix, label, figure }: { number?: number; suffix?: string; label?: string; figure?: string }) => {
      const named = FIGURES.find((item) => item.value === figure)
      return {
        // As the band shows it: a chosen Kennzahl as its placeholder, which the Studio's previews show as its
        // value (FigurePreview), not by its name.
        title: counterText({ number, suffix, figure }),
        subtitle: [label, named && `Kennzahl „${named.title}“`].filter(Boolean).join(' · '),
      }
    },
  },
})

/** A counter as its band shows it („2.500+“, „24 h“), a chosen Kennzahl as its `{key}` for the previews to fill in. */
export function counterText({ number, suffix, figure }: { number?: number; suffix?: string; figure?: string }): string {
  const value = figure && isFigureKey(figure) ? `{${figure}}` : number === undefined ? '–' : formatFigure(number)
  return `${value}${spacedSuffix(suffix)}`
}
