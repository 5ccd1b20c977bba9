import { CogIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { FigureUsageInput } from '../components/figure-usage-input'
import { FIGURES, placeholderRule } from '../lib/figures'
import { SpecialDaysInput } from '../components/special-days-input'
import { openingHoursVariantsRule } from '../lib/opening-hours'

/**
 * A Kennzahl's field; „Fahrzeuge im Bestand“ may stay empty (then the live count shows). The review
 * figures are computed from the reviews, so their field only shows where they appear.
 */
const claim = (figure: (typeof FIGURES)[number]) => {
  const { value, title, description } = figure
  const computed = 'computed' in figure
  return defineField({
    name: value,
    title,
    type: 'number',
    description,
    readOnly: computed,
    components: { input: FigureUsageInput },
    validation: (rule) => {
      if (computed) return rule

      if (value === 'vehiclesInStock') return rule.integer().min(0)
      const given = rule.required().min(0)
      return value === 'satisfactionPercent' || value === 'financingFromPercent' ? given.max(100) : given
    },
  })
}

/** The dealer's identity, contact data, figures, opening hours and navigation (singleton `siteSettings`). */
export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Einstellungen',
  type: 'document',
  icon: CogIcon,
  groups: [
    { name: 'company', title: 'Unternehmen', default: true },
    { name: 'contact', title: 'Kontakt & Standort' },
    { name: 'claims', title: 'Kennzahlen' },
    { name: 'hours', title: 'Öffnungszeiten' },
    { name: 'navigation', title: 'Navigation' },
    { name: 'seo', title: 'SEO' },
    { name: 'inbox', title: 'Anfragen' },
  ],
  fields: [
    defineField({
      name: 'dealerName',
      title: 'Name des Autohauses',
      type: 'string',
      group: 'company',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'legalName',
      title: 'Firmierung',
      type: 'string',
      description: 'Vollständiger Firmenname wie im Handelsregister, z. B. mit GmbH.',
      group: 'company',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'legal',
      title: 'Angaben für das Impressum',
      type: 'object',
      description: 'Pflichtangaben nach § 5 DDG. Werte mit „(Beispiel)“ sind Platzhalter und müssen vor dem Livegang ersetzt werden.',
      group: 'company',
      options: { collapsible: true },
      validation: (rule) => rule.required(),
      fields: [
        defineField({ name: 'managingDirector', title: 'Geschäftsführung', type: 'string', validation: (rule) => rule.required().max(120) }),
        defineField({
          name: 'registerCourt',
          title: 'Registergericht',
          type: 'string',
          description: 'Z. B. Amtsgericht Essen.',
          validation: (rule) => rule.required().max(80),
        }),
        defineField({
          name: 'registerNumber',
          title: 'Registernummer',
          type: 'string',
          description: 'Z. B. HRB 12345.',
          validation: (rule) => rule.required().max(40),
        }),
        defineField({
          name: 'vatId',
          title: 'Umsatzsteuer-Identifikationsnummer',
          type: 'string',
          description: 'Nach § 27a UStG, z. B. DE123456789.',
          validation: (rule) => rule.required().max(40),
        }),
        defineField({
          name: 'contentResponsible',
          title: 'Verantwortlich für den Inhalt',
          type: 'string',
          description: 'Nach § 18 Abs. 2 MStV: Name (Anschrift wie oben).',
          validation: (rule) => rule.required().max(120),
        }),
        defineField({
          name: 'lender',
          title: 'Darlehensgeber der Finanzierungen',
          type: 'string',
          description:
            'Name und Anschrift der Bank, die die Finanzierungen gewährt, z. B. „Musterbank AG, Bankstraße 1, 45127 Essen“. Jedes Finanzierungsbeispiel nennt sie (§ 17 PAngV).',
          validation: (rule) => rule.max(200),
        }),
        defineField({
          name: 'privacyContact',
          title: 'Ansprechpartner Datenschutz',
          type: 'string',
          description: 'Name oder Funktion, erreichbar unter der E-Mail-Adresse oben.',
          validation: (rule) => rule.max(120),
        }),
      ],
    }),
    defineField({ name: 'tagline', title: 'Slogan', type: 'string', group: 'company', validation: (rule) => rule.max(120) }),
    defineField({
      name: 'foundedYear',
      title: 'Gründungsjahr',
      type: 'number',
      group: 'company',
      validation: (rule) => rule.required().integer().min(1900).max(new Date().getFullYear()),
    }),
    defineField({
      name: 'phone',
      title: 'Telefon',
      type: 'string',
      description: 'So, wie die Nummer angezeigt wird, z. B. 0201 8512 3400. Der Anruf-Link wird daraus gebildet.',
      group: 'contact',
      validation: (rule) =>
        rule
          .required()
          .custom((value) => (value === undefined || /^\+?[\d\s/()-]{6,}$/.test(value) ? true : 'Bitte nur Ziffern, Leerzeichen, +, /, ( ) und - verwenden.')),
    }),
    defineField({
      name: 'whatsapp',
      title: 'WhatsApp-Nummer',
      type: 'string',
      description:
        'Optional, mit Ländervorwahl, z. B. +49 157 8512 3400. Auf Fahrzeugseiten erscheint am Telefon dann „WhatsApp“ (ein wa.me-Link, kein Skript). Leer lassen, wenn es keine gibt.',
      group: 'contact',
      validation: (rule) =>
        rule.custom((value) =>
          value === undefined || /^(\+|00)[1-9][\d\s/()-]{6,}$/.test(value) ? true : 'Bitte mit Ländervorwahl angeben, z. B. +49 157 8512 3400.',
        ),
    }),
    defineField({ name: 'email', title: 'E-Mail', type: 'email', group: 'contact', validation: (rule) => rule.required() }),
    defineField({ name: 'address', title: 'Adresse', type: 'address', group: 'contact', validation: (rule) => rule.required() }),
    defineField({ name: 'geo', title: 'Koordinaten', type: 'geo', group: 'contact', validation: (rule) => rule.required() }),
    defineField({
      name: 'servedCities',
      title: 'Einzugsgebiet',
      type: 'array',
      description: 'Städte, die wir bedienen (Suchmaschinen zeigen das Autohaus dann bei Suchen aus diesen Städten).',
      group: 'contact',
      of: [defineArrayMember({ type: 'string' })],
      options: { layout: 'tags' },
      validation: (rule) => rule.required().min(1).unique(),
    }),
    defineField({
      name: 'mobileDeCustomerId',
      title: 'mobile.de-Kundennummer',
      type: 'string',
      description: 'Für das eingebettete Händlerportal auf /vehicles. Leer lassen, solange es keine gibt.',
      group: 'contact',
      validation: (rule) => rule.custom((value) => (value === undefined || /^\d{1,16}$/.test(value) ? true : 'Die Kundennummer besteht nur aus Ziffern.')),
    }),
    defineField({
      name: 'mobileDeUrl',
      title: 'Unser Bestand auf mobile.de (Link)',
      type: 'url',
      description:
        'Die Adresse unserer Händlerseite auf mobile.de (z. B. https://home.mobile.de/…). /vehicles verlinkt sie unter „Unser Bestand auf mobile.de“; leer: kein Link.',
      group: 'contact',
      validation: (rule) => rule.uri({ scheme: ['https'] }),
    }),
    defineField({
      // Decision 072: the retention rule, applied hourly by the site (app/submissions/erasure.server.ts).
      name: 'leadRetentionMonths',
      title: 'Anfragen automatisch löschen nach … Monaten',
      type: 'number',
      description:
        'Anfragen und Nachrichten aus den Formularen, die länger als so viele Monate da sind, löscht die Website automatisch (einmal in der Stunde), mit ihren Fotos und den gespeicherten Kopien ihrer E-Mails – auch solche, die noch nicht erledigt sind. Leer lassen: nie automatisch löschen. Wir empfehlen 6 Monate.',
      group: 'inbox',
      validation: (rule) => rule.integer().min(1).max(120).error('Bitte eine ganze Zahl von 1 bis 120 Monaten eintragen, oder das Feld leer lassen.'),
    }),
    defineField({
      name: 'claims',
      title: 'Kennzahlen',
      type: 'object',
      description:
        'Die Zahlen, mit denen wir werben. Die Seiten zeigen sie überall dort, wo im Text eine Kennzahl eingefügt ist („Kennzahl einfügen“ neben einfachen Textfeldern, „Kennzahl“ im formatierten Text, „Kennzahl aus den Einstellungen“ bei Zählern). Unter jeder Kennzahl stehen die Seiten, auf denen sie erscheint.',
      group: 'claims',
      options: { columns: 2 },
      validation: (rule) => rule.required(),
      fields: [...FIGURES.map(claim)],
    }),
    defineField({
      name: 'openingHours',
      title: 'Öffnungszeiten',
      type: 'array',
      description:
        'Vier feste Varianten: Startseite, allgemeine Seiten und Fußzeile, Städte-Seiten, Studenten-Seite. Ändern Sie die Zeiten in der jeweiligen Variante.',
      group: 'hours',
      of: [defineArrayMember({ type: 'openingHoursVariant' })],
      // The four variants are fixed: the pages name them (page.openingHours), so staff edit their times only.
      options: { sortable: false, disableActions: ['add', 'addBefore', 'addAfter', 'remove', 'duplicate', 'copy'] },
      validation: (rule) => rule.required().custom((value: Array<{ key?: string }> | undefined) => openingHoursVariantsRule(value)),
    }),
    defineField({
      name: 'specialOpeningHours',
      title: 'Sonderöffnungszeiten',
      type: 'array',
      description:
        'Abweichende Zeiten an bestimmten Tagen, z. B. an Heiligabend geschlossen. Sie erscheinen überall, wo Öffnungszeiten stehen, ab der eingestellten Zahl von Tagen vorher, und verschwinden nach dem letzten Tag von selbst.',
      group: 'hours',
      of: [defineArrayMember({ type: 'specialOpeningHours' })],
      components: { input: SpecialDaysInput },
    }),
    defineField({
      name: 'mainNav',
      title: 'Hauptnavigation',
      type: 'array',
      group: 'navigation',
      of: [defineArrayMember({ type: 'navLink' })],
      validation: (rule) => rule.required().min(1).max(8),
    }),
    defineField({
      name: 'footerLinks',
      title: 'Links in der Fußzeile',
      type: 'array',
      group: 'navigation',
      of: [defineArrayMember({ type: 'navLink' })],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'footerText',
      title: 'Text in der Fußzeile',
      type: 'text',
      rows: 3,
      group: 'navigation',
      validation: (rule) => rule.max(300),
    }),
    defineField({
      name: 'priceRange',
      title: 'Preisspanne',
      type: 'string',
      description: 'Preisspanne des Autohauses für Suchmaschinen, z. B. €€ oder 3.000–60.000 €.',
      group: 'seo',
      validation: (rule) => rule.max(40),
    }),
    defineField({
      name: 'socialLinks',
      title: 'Profile in sozialen Netzwerken',
      type: 'array',
      description: 'Vollständige Adressen, z. B. https://www.facebook.com/… Suchmaschinen ordnen die Profile so dem Autohaus zu.',
      group: 'seo',
      of: [defineArrayMember({ type: 'url', title: 'Profiladresse', validation: (rule) => rule.uri({ scheme: ['https'] }) })],
      validation: (rule) => rule.unique(),
    }),
    defineField({
      name: 'seo',
      title: 'Standard-SEO',
      type: 'seo',
      description: 'Gilt für alle Seiten ohne eigene Angaben.',
      group: 'seo',
      validation: (rule) => rule.required(),
    }),
  ],
  // Placeholders of company figures in the settings' texts must name one (docs/decisions/027).
  validation: (rule) => rule.custom((document) => placeholderRule(document)),
  preview: {
    select: { title: 'dealerName' },
    prepare: ({ title }) => ({ title: 'Einstellungen', subtitle: title }),
  },
})
