import { DocumentIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType, getPublishedId } from 'sanity'
import { API_VERSION, OPENING_HOURS_KEYS } from '../lib/constants'
import { placeholderRule } from '../lib/figures'
import { pagePathProblem } from '../lib/page-path'
import { cardCustomersMatchCounter, isCityPage, requiredOnCityPage } from '../lib/page-templates'
import { PageSearchWordsInput } from '../components/search-words-input'
import { PAGE_SECTION_TYPES, SECTION_GROUPS } from '../sections'

const DUPLICATE_PATH_QUERY = `count(*[_type == "page" && path == $value && _id != $publishedId && !(_id in path("drafts.**")) && !(_id in path("versions.**"))])`

/**
 * A content page at a path (`/services`, `/locations/bochum`, …), composed from sections.
 * The city card is opt-in (`isCity`): a page without it has no card fields to fill, and only pages
 * that opted in are listed on /locations. The templates in ../lib/page-templates start the usual
 * kinds of page (decision 044).
 */
export const page = defineType({
  name: 'page',
  title: 'Seite',
  type: 'document',
  icon: DocumentIcon,
  // Keeps the hidden search words in step with name and path (German compounds in the Studio's search).
  components: { input: PageSearchWordsInput },
  groups: [
    { name: 'content', title: 'Inhalt', default: true },
    { name: 'location', title: 'Standortkarte' },
    { name: 'seo', title: 'SEO' },
  ],
  // Settings staff rarely need, closed at the end of the form.
  fieldsets: [{ name: 'advanced', title: 'Erweitert', options: { collapsible: true, collapsed: true } }],
  fields: [
    defineField({
      name: 'title',
      title: 'Name der Seite',
      type: 'string',
      description: 'Für die Navigation (Brotkrumen) und als Überschrift, wenn die Seite ohne Hero beginnt.',
      group: 'content',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'path',
      title: 'Pfad',
      type: 'string',
      description:
        'Die Adresse der Seite, z. B. /locations/bochum. Ändern Sie ihn, bleibt der alte Pfad beim Veröffentlichen unter „Frühere Pfade“ (Reiter „SEO“) und leitet Besucher und Suchmaschinen hierher weiter.',
      group: 'content',
      validation: (rule) =>
        rule.required().custom(async (value, context) => {
          if (value === undefined) return true
          const problem = pagePathProblem(value)
          if (problem) return problem
          const documentId = context.document?._id
          if (!documentId) return true
          const client = context.getClient({ apiVersion: API_VERSION })
          const others = await client.fetch<number>(DUPLICATE_PATH_QUERY, { value, publishedId: getPublishedId(documentId) })
          return others > 0 ? `Der Pfad ${value} gehört schon zu einer anderen Seite.` : true
        }),
    }),
    defineField({
      name: 'previousPaths',
      title: 'Frühere Pfade',
      type: 'array',
      of: [{ type: 'string' }],
      description:
        'Alte Adressen dieser Seite: Wer sie aufruft (ein alter Link, ein Suchergebnis), wird dauerhaft hierher weitergeleitet. Kommt beim Veröffentlichen von selbst dazu, wenn sich der Pfad geändert hat; Adressen einer früheren Website können Sie hier eintragen.',
      // In the SEO tab: an empty list with a long help text sat between the path and the content of every page.
      group: 'seo',
      validation: (rule) =>
        rule.custom((paths: string[] | undefined, context) => {
          for (const path of paths ?? []) {
            const problem = pagePathProblem(path)
            if (problem) return `${path}: ${problem}`
            if (path === (context.document as { path?: string } | undefined)?.path) return `${path} ist der jetzige Pfad der Seite.`
          }
          return true
        }),
    }),
    defineField({
      name: 'intro',
      title: 'Einleitung',
      type: 'text',
      rows: 3,
      description: 'Nur bei Seiten ohne Hero: steht unter der Überschrift.',
      group: 'content',
      validation: (rule) => rule.max(400),
    }),
    defineField({
      name: 'openingHours',
      title: 'Öffnungszeiten auf dieser Seite',
      type: 'string',
      description:
        'Kontakt-Abschnitte und Banner zeigen immer die Öffnungszeiten des Autohauses mit „Jetzt geöffnet/geschlossen“. Eine andere Variante erscheint daneben als „Telefonisch erreichbar“.',
      group: 'content',
      options: { list: OPENING_HOURS_KEYS.filter((key) => key.value !== 'home').map((key) => ({ ...key })), layout: 'radio' },
      initialValue: 'general',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'instantScroll',
      title: 'Sprünge ohne Animation',
      type: 'boolean',
      description: 'Schaltflächen zu Abschnitten (#contact) springen sofort statt weich zu scrollen.',
      group: 'content',
      fieldset: 'advanced',
      initialValue: false,
    }),
    defineField({
      name: 'sections',
      title: 'Abschnitte',
      type: 'array',
      group: 'content',
      of: PAGE_SECTION_TYPES.map((type) => defineArrayMember({ type: type.name })),
      options: {
        insertMenu: {
          groups: SECTION_GROUPS,
          views: [{ name: 'list' }, { name: 'grid', previewImageUrl: (schemaTypeName) => `/studio/static/sections/${schemaTypeName}.svg` }],
        },
      },
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'isCity',
      title: 'Diese Seite ist eine Städte-Seite',
      type: 'boolean',
      description: 'Nur dann erscheint die Seite als Karte auf der Standorte-Übersicht (/locations), und nur dann ist die Standortkarte auszufüllen.',
      group: ['content', 'location'],
    }),
    defineField({
      name: 'location',
      title: 'Standortkarte',
      type: 'object',
      description:
        'Die Karte dieser Stadt auf der Standorte-Übersicht (/locations). Eine neue Stadt auch unter Einstellungen → Kontakt & Standort → Einzugsgebiet eintragen: Suchmaschinen lesen sie dort.',
      // Right below the switch on the content tab as well: a city page is filled in without changing tabs.
      group: ['content', 'location'],
      hidden: ({ document }) => !isCityPage(document),
      validation: (rule) => rule.custom((value, context) => (isCityPage(context.document) && !value ? 'Eine Städte-Seite braucht eine Standortkarte.' : true)),
      fields: [
        defineField({ name: 'name', title: 'Stadt', type: 'string', validation: (rule) => [rule.custom(requiredOnCityPage), rule.max(40)] }),
        defineField({
          name: 'distance',
          title: 'Entfernung',
          type: 'string',
          description: 'Z. B. „15 Min.“ oder „65 km“.',
          validation: (rule) => [rule.custom(requiredOnCityPage), rule.max(20)],
        }),
        defineField({
          name: 'customers',
          title: 'Kunden',
          type: 'string',
          description: 'Z. B. „650+ Kunden“. Dieselbe Zahl wie im Kunden-Zähler der Seite.',
          validation: (rule) => [
            rule.custom(requiredOnCityPage),
            rule.max(40),
            rule.custom((value: string | undefined, context) => cardCustomersMatchCounter(value, context.document)).warning(),
          ],
        }),
        defineField({
          name: 'description',
          title: 'Kurzbeschreibung',
          type: 'text',
          rows: 3,
          validation: (rule) => [rule.custom(requiredOnCityPage), rule.max(240)],
        }),
        defineField({
          name: 'image',
          title: 'Bild',
          type: 'imageWithAlt',
          description: 'Ohne eigenes Bild zeigt die Karte das Bild des ersten Abschnitts (meist das Hero-Bild).',
        }),
        defineField({
          name: 'order',
          title: 'Reihenfolge',
          type: 'number',
          description: 'Kleinere Zahlen zuerst; ohne Zahl steht die Karte hinten (nach Stadt sortiert).',
          // No initialValue: a default here once made every new page half a city page (issue 27).
          validation: (rule) => rule.integer(),
        }),
      ],
    }),
    // Optional: without it, search engines get the page's name as title and the site's description (Einstellungen → SEO).
    defineField({ name: 'seo', title: 'SEO', type: 'seo', group: 'seo' }),
    // The tails of the name's and path's long words, so the Studio's search (word starts) finds
    // „Fahrzeugaufbereitung“ for „Aufbereitung“; hidden, kept by PageSearchWordsInput and the seed compiler.
    defineField({ name: 'searchWords', title: 'Suchwörter', type: 'string', hidden: true, readOnly: true, options: { search: { weight: 5 } } }),
  ],
  // Placeholders of company figures in the copy must name one (docs/decisions/027).
  validation: (rule) => rule.custom((document) => placeholderRule(document)),
  orderings: [{ title: 'Pfad', name: 'pathAsc', by: [{ field: 'path', direction: 'asc' }] }],
  preview: {
    // The first section's image: the hero's background on almost every page.
    select: { title: 'title', subtitle: 'path', media: 'sections.0.image' },
  },
})
