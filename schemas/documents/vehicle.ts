import { DocumentIcon } from '@sanity/icons'
import { createElement } from 'react'
import { defineArrayMember, defineField, defineType, getPublishedId, type PreviewValue } from 'sanity'
import {
  API_VERSION,
  BODY_TYPES,
  FUEL_TYPES,
  GERMAN_DATETIME,
  MARKETPLACE_FIELDS,
  titleOf,
  TRANSMISSIONS,
  VAT_OPTIONS,
  VEHICLE_SOURCES,
  VEHICLE_STATUSES,
} from '../lib/constants'
import { HiddenExternalImagesInput, SyncedVehicleBanner } from '../components/vehicle-inputs'
import { YesNoInput } from '../components/yes-no-input'
import {
  FIRST_REGISTRATION_PATTERN,
  formatEuro,
  inspectionDueProblem,
  kwToHp,
  MAX_MILEAGE_KM,
  maxVehicleYear,
  MIN_VEHICLE_YEAR,
  PUBLIC_VEHICLE_ID_PATTERN,
} from '../lib/validation'

/** Published vehicles other than this one that already use the public id. */
const DUPLICATE_ID_QUERY = `count(*[_type == "vehicle" && id == $value && _id != $publishedId && !(_id in path("drafts.**")) && !(_id in path("versions.**"))])`

const isSynced = ({ document }: { document?: { source?: unknown } }) => document?.source === 'mobile.de'

/**
 * The sync's own keys: it finds a car by them, so on a synced car they are never edited by hand
 * (a changed source or ad number would silently detach the car; detaching is a document action).
 */
export const SYNC_KEYS = ['id', 'source', 'marketplaceId'] as const

/**
 * The fields mobile.de owns and the sync's keys are read-only for a synced vehicle; a vehicle staff
 * entered themselves stays editable throughout. The reason is said once, in the document banner.
 */
function ownedByMobileDe<T extends { name: string; readOnly?: unknown }>(field: T): T {
  const owned = (MARKETPLACE_FIELDS as readonly string[]).includes(field.name) || (SYNC_KEYS as readonly string[]).includes(field.name)
  if (!owned) return field
  return { ...field, readOnly: field.readOnly === true ? true : isSynced }
}

/** The vehicle's status in words, for the list's subtitle and the document badge. */
export function vehicleStatusTitle(status: unknown): string {
  return titleOf(VEHICLE_STATUSES, typeof status === 'string' ? status : 'available') ?? 'Verfügbar'
}

/**
 * The list preview: the first own photo (an asset reference, which the preview store resolves),
 * else the first mobile.de photo as a plain <img> (it is an external URL, not an asset).
 */
export function prepareVehiclePreview({ make, model, title, price, status, id, source, ownImage, externalImageUrl }: Record<string, unknown>): PreviewValue {
  const synced = source === 'mobile.de'
  return {
    title: (typeof title === 'string' && title) || [make, model].filter(Boolean).join(' ') || 'Neues Fahrzeug',
    subtitle: [
      vehicleStatusTitle(status),
      typeof price === 'number' ? formatEuro(price) : 'Preis auf Anfrage',
      id ? `Nr. ${String(id)}` : undefined,
      synced ? 'von mobile.de' : undefined,
    ]
      .filter(Boolean)
      .join(' · '),
    // An image value is what the preview renders for a selected image field; the types only name React.
    media: ownImage
      ? ({ _type: 'image', asset: ownImage } as unknown as PreviewValue['media'])
      : typeof externalImageUrl === 'string'
        ? () => createElement('img', { src: externalImageUrl, alt: '', style: { objectFit: 'cover', width: '100%', height: '100%' } })
        : undefined,
  }
}

/** One vehicle of the inventory (`vehicle-<id>`); either entered by staff or synced from mobile.de. */
export const vehicle = defineType({
  name: 'vehicle',
  title: 'Fahrzeug',
  type: 'document',
  icon: DocumentIcon,
  components: { input: SyncedVehicleBanner },
  groups: [
    { name: 'basics', title: 'Eckdaten', default: true },
    { name: 'technical', title: 'Technik' },
    { name: 'content', title: 'Beschreibung & Bilder' },
    { name: 'listing', title: 'Inserat' },
  ],
  fields: [
    defineField({
      name: 'id',
      title: 'Fahrzeugnummer',
      type: 'string',
      description: 'Öffentliche Nummer in der Adresse /vehicles/{Nummer}. Eindeutig; nur Buchstaben, Ziffern und Bindestriche.',
      group: 'basics',
      validation: (rule) =>
        rule.required().custom(async (value, context) => {
          if (value === undefined) return true
          if (!PUBLIC_VEHICLE_ID_PATTERN.test(value)) return 'Nur Buchstaben, Ziffern und Bindestriche (höchstens 40 Zeichen).'
          const documentId = context.document?._id
          if (!documentId) return true
          const client = context.getClient({ apiVersion: API_VERSION })
          const others = await client.fetch<number>(DUPLICATE_ID_QUERY, { value, publishedId: getPublishedId(documentId) })
          return others > 0 ? `Die Fahrzeugnummer „${value}“ ist schon vergeben.` : true
        }),
    }),
    defineField({
      name: 'previousIds',
      title: 'Frühere Fahrzeugnummern',
      type: 'array',
      of: [{ type: 'string' }],
      description: 'Kommt beim Veröffentlichen von selbst dazu, wenn sich die Fahrzeugnummer geändert hat: Links mit der alten Nummer führen weiter hierher.',
      group: 'basics',
      // Only once there is one: most cars never change their number.
      hidden: ({ document }) => !(document?.previousIds as string[] | undefined)?.length,
      validation: (rule) =>
        rule.custom((ids: string[] | undefined, context) => {
          for (const id of ids ?? []) {
            if (!PUBLIC_VEHICLE_ID_PATTERN.test(id)) return `${id}: Nur Buchstaben, Ziffern und Bindestriche (höchstens 40 Zeichen).`
            if (id === (context.document as { id?: string } | undefined)?.id) return `${id} ist die jetzige Fahrzeugnummer.`
          }
          return true
        }),
    }),
    defineField({
      name: 'title',
      title: 'Anzeigetitel',
      type: 'string',
      description: 'Optional; sonst werden Marke und Modell angezeigt.',
      group: 'basics',
      validation: (rule) => rule.max(100),
    }),
    defineField({ name: 'make', title: 'Marke', type: 'string', group: 'basics', validation: (rule) => rule.required().max(40) }),
    defineField({ name: 'model', title: 'Modell', type: 'string', group: 'basics', validation: (rule) => rule.required().max(60) }),
    defineField({
      name: 'price',
      title: 'Preis (€)',
      type: 'number',
      description: 'Brutto in Euro. Leer lassen für „Preis auf Anfrage“.',
      group: 'basics',
      validation: (rule) => rule.min(0).precision(2),
    }),
    defineField({
      name: 'year',
      title: 'Baujahr',
      type: 'number',
      description: 'Optional; ohne Angabe zeigt die Website 2020.',
      group: 'basics',
      validation: (rule) => [
        rule.integer().min(MIN_VEHICLE_YEAR).max(maxVehicleYear()),
        // The spec's 2020 is a claim about the car: staff who typed the car in are told.
        rule
          .custom((value, context) => {
            const document = context.document as { source?: unknown; firstRegistration?: unknown } | undefined
            if (value !== undefined || document?.firstRegistration || isSynced({ document })) return true
            return 'Ohne Baujahr und Erstzulassung nennt die Website das Fahrzeug „2020“. Bitte eines von beiden eintragen.'
          })
          .warning(),
      ],
    }),
    defineField({
      name: 'firstRegistration',
      title: 'Erstzulassung',
      type: 'string',
      description: 'Format MM/JJJJ, z. B. 03/2021.',
      group: 'basics',
      validation: (rule) =>
        rule.custom((value, context) => {
          if (value === undefined) return true
          const match = FIRST_REGISTRATION_PATTERN.exec(value)
          if (!match) return 'Bitte im Format MM/JJJJ angeben, z. B. 03/2021.'
          const registrationYear = Number(match[2])
          if (registrationYear < MIN_VEHICLE_YEAR || registrationYear > maxVehicleYear()) {
            return `Das Jahr muss zwischen ${MIN_VEHICLE_YEAR} und ${maxVehicleYear()} liegen.`
          }
          const year = (context.document as { year?: unknown } | undefined)?.year
          if (typeof year === 'number' && registrationYear < year) {
            return 'Die Erstzulassung kann nicht vor dem Baujahr liegen.'
          }
          return true
        }),
    }),
    defineField({
      name: 'mileage',
      title: 'Kilometerstand',
      type: 'number',
      group: 'basics',
      validation: (rule) => rule.required().integer().min(0).max(MAX_MILEAGE_KM),
    }),
    // What buyers check before they call (issue 29): the tax on the price, the next inspection, warranty and accidents.
    defineField({
      name: 'vat',
      title: 'Mehrwertsteuer',
      type: 'string',
      description:
        'Ausweisbar: Gewerbliche Käufer können die Mehrwertsteuer abziehen; die Website bietet dafür einen eigenen Filter. Leer lassen, wenn nicht bekannt.',
      group: 'basics',
      options: { list: [...VAT_OPTIONS], layout: 'radio' },
      // Sanity checks a value against the list only when the field has a rule; without one, anything (an import, the API) passes.
      validation: (rule) => rule.max(20),
    }),
    defineField({
      name: 'inspectionDue',
      title: 'HU bis',
      type: 'string',
      description: 'Monat der nächsten Hauptuntersuchung im Format MM/JJJJ, z. B. 05/2027.',
      group: 'basics',
      validation: (rule) => [
        rule.custom((value) => {
          if (value === undefined) return true
          return FIRST_REGISTRATION_PATTERN.test(value) ? true : 'Bitte im Format MM/JJJJ angeben, z. B. 05/2027.'
        }),
        rule.custom((value) => (typeof value === 'string' ? (inspectionDueProblem(value) ?? true) : true)).warning(),
      ],
    }),
    defineField({
      name: 'warranty',
      title: 'Garantie',
      type: 'boolean',
      description: 'Eingeschaltet: Die Website zeigt „Garantie“ beim Preis.',
      group: 'basics',
    }),
    defineField({
      name: 'warrantyMonths',
      title: 'Garantie (Monate)',
      type: 'number',
      description: 'Optional, z. B. 12. Erscheint nur, wenn „Garantie“ eingeschaltet ist. Auch bei Fahrzeugen von mobile.de hier eintragen.',
      group: 'basics',
      hidden: ({ document }) => document?.warranty !== true,
      validation: (rule) => rule.integer().min(1).max(120),
    }),
    defineField({
      name: 'accidentFree',
      title: 'Unfallfrei',
      type: 'boolean',
      description:
        'Ja: „Unfallfrei“ auf der Website. Nein: „Unfallfahrzeug“ – ob und wie der Schaden behoben ist, sagen Sie in der Beschreibung. Keine Angabe: nichts dazu auf der Website.',
      group: 'basics',
      components: { input: YesNoInput },
    }),
    defineField({
      name: 'fuelType',
      title: 'Kraftstoff',
      type: 'string',
      group: 'technical',
      options: { list: [...FUEL_TYPES], layout: 'radio', direction: 'horizontal' },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'transmission',
      title: 'Getriebe',
      type: 'string',
      group: 'technical',
      options: { list: [...TRANSMISSIONS], layout: 'radio', direction: 'horizontal' },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'bodyType',
      title: 'Karosserie',
      type: 'string',
      group: 'technical',
      options: { list: [...BODY_TYPES] },
    }),
    defineField({ name: 'color', title: 'Farbe', type: 'string', group: 'technical', validation: (rule) => rule.max(40) }),
    defineField({
      name: 'powerKw',
      title: 'Leistung (kW)',
      type: 'number',
      group: 'technical',
      validation: (rule) => rule.integer().min(1).max(1500),
    }),
    defineField({
      name: 'powerHp',
      title: 'Leistung (PS)',
      type: 'number',
      group: 'technical',
      validation: (rule) => [
        rule.integer().min(1).max(2000),
        rule
          .custom((value, context) => {
            const kw = (context.document as { powerKw?: unknown } | undefined)?.powerKw
            if (typeof value !== 'number' || typeof kw !== 'number') return true
            return Math.abs(kwToHp(kw) - value) <= 2 ? true : `${kw} kW entsprechen etwa ${kwToHp(kw)} PS.`
          })
          .warning(),
      ],
    }),
    defineField({
      name: 'doors',
      title: 'Türen',
      type: 'number',
      group: 'technical',
      validation: (rule) => rule.integer().min(1).max(7),
    }),
    defineField({
      name: 'seats',
      title: 'Sitzplätze',
      type: 'number',
      group: 'technical',
      validation: (rule) => rule.integer().min(1).max(9),
    }),
    defineField({
      name: 'previousOwners',
      title: 'Vorbesitzer',
      type: 'number',
      group: 'technical',
      validation: (rule) => rule.integer().min(0).max(20),
    }),
    defineField({
      name: 'features',
      title: 'Ausstattung',
      type: 'array',
      description: 'Die ersten drei erscheinen als Merkmale auf der Startseite.',
      group: 'content',
      of: [defineArrayMember({ type: 'string' })],
      options: { layout: 'tags' },
      validation: (rule) => rule.unique(),
    }),
    defineField({
      name: 'description',
      title: 'Beschreibung',
      type: 'text',
      rows: 6,
      group: 'content',
      validation: (rule) => rule.max(5000),
    }),
    defineField({
      name: 'consumption',
      title: 'Verbrauch und CO₂',
      type: 'object',
      description: 'Pflichtangaben nach Pkw-EnVKV, soweit bekannt; die Website zeigt sie auf der Fahrzeugseite.',
      group: 'technical',
      options: { collapsible: true, collapsed: true },
      fields: [
        defineField({ name: 'combinedLitersPer100Km', title: 'Verbrauch kombiniert (l/100 km)', type: 'number', validation: (rule) => rule.min(0).max(40) }),
        defineField({
          name: 'combinedKwhPer100Km',
          title: 'Stromverbrauch kombiniert (kWh/100 km)',
          type: 'number',
          validation: (rule) => rule.min(0).max(80),
        }),
        defineField({ name: 'co2GramsPerKm', title: 'CO₂-Emissionen kombiniert (g/km)', type: 'number', validation: (rule) => rule.min(0).max(800).integer() }),
        defineField({
          name: 'co2Class',
          title: 'CO₂-Klasse',
          type: 'string',
          options: { list: ['A', 'B', 'C', 'D', 'E', 'F', 'G'] },
        }),
        defineField({ name: 'emissionClass', title: 'Schadstoffklasse', type: 'string', description: 'Z. B. Euro 6d.', validation: (rule) => rule.max(20) }),
      ],
    }),
    defineField({
      name: 'images',
      title: 'Bilder',
      type: 'array',
      description: 'Das erste Bild ist das Titelbild. Ohne Bild zeigt die Website einen Platzhalter.',
      group: 'content',
      of: [defineArrayMember({ type: 'imageWithAlt' })],
      options: { layout: 'grid' },
    }),
    defineField({
      name: 'externalImages',
      title: 'Bilder von mobile.de',
      type: 'array',
      // Written by the sync only; staff see these photos once, in „Fotos von mobile.de“ below.
      group: 'content',
      readOnly: true,
      hidden: true,
      of: [
        defineArrayMember({
          name: 'externalImage',
          title: 'Bild',
          type: 'object',
          fields: [
            // Required for the generated types; the sync always writes both (app/marketplace/mapping.server.ts), so staff never meet these rules.
            defineField({ name: 'url', title: 'Adresse', type: 'url', validation: (rule) => rule.required().uri({ scheme: ['https', 'http'] }) }),
            defineField({ name: 'alt', title: 'Alternativtext', type: 'string', validation: (rule) => rule.required().max(200) }),
          ],
          preview: { select: { title: 'alt', subtitle: 'url' } },
        }),
      ],
    }),
    defineField({
      name: 'hiddenExternalImages',
      title: 'Fotos von mobile.de',
      type: 'array',
      description:
        'Die Fotos des Inserats, in seiner Reihenfolge. Die Website zeigt zuerst Ihre eigenen Bilder, danach diese – außer den ausgeblendeten. Titelbild ist Ihr erstes eigenes Bild, ohne eigene Bilder das erste nicht ausgeblendete Foto hier. Der Abgleich ändert Ihre Auswahl nie.',
      group: 'content',
      hidden: ({ document }) => document?.source !== 'mobile.de',
      of: [defineArrayMember({ type: 'string' })],
      components: { input: HiddenExternalImagesInput },
    }),
    defineField({
      name: 'status',
      title: 'Status',
      type: 'string',
      group: 'listing',
      options: { list: [...VEHICLE_STATUSES], layout: 'radio', direction: 'horizontal' },
      initialValue: 'available',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'listedAt',
      title: 'Eingestellt am',
      type: 'datetime',
      options: GERMAN_DATETIME,
      description: 'Der Bestand wird nach diesem Datum sortiert, neueste zuerst.',
      group: 'listing',
      initialValue: () => new Date().toISOString(),
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'source',
      title: 'Quelle',
      type: 'string',
      // Set by the sync alone: a hand-entered car switched to mobile.de locked itself, with the ad number it
      // then needed read-only. „Vom Abgleich lösen“ turns a synced car into an own one.
      description: 'Wird vom Abgleich mit mobile.de gesetzt. Ein Fahrzeug von mobile.de wird mit „Vom Abgleich lösen“ (im Menü „…“) zu einem eigenen.',
      readOnly: true,
      group: 'listing',
      options: { list: [...VEHICLE_SOURCES], layout: 'radio', direction: 'horizontal' },
      initialValue: 'manual',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'marketplaceId',
      title: 'mobile.de-Inseratsnummer',
      type: 'string',
      description: 'Wird beim Abgleich mit mobile.de gesetzt.',
      group: 'listing',
      hidden: ({ document }) => document?.source !== 'mobile.de',
      validation: (rule) =>
        rule.custom((value, context) => {
          const source = (context.document as { source?: unknown } | undefined)?.source
          if (source === 'mobile.de' && !value) return 'Fahrzeuge von mobile.de brauchen die Inseratsnummer.'
          if (value !== undefined && !/^\d{1,20}$/.test(value)) return 'Die Inseratsnummer besteht nur aus Ziffern.'
          return true
        }),
    }),
    defineField({
      name: 'marketplaceModifiedAt',
      title: 'Zuletzt geändert auf mobile.de',
      type: 'datetime',
      options: GERMAN_DATETIME,
      description: 'Wird beim Abgleich gesetzt; nur geänderte Inserate werden neu geladen.',
      group: 'listing',
      readOnly: true,
      hidden: ({ document }) => document?.source !== 'mobile.de',
    }),
    defineField({
      name: 'marketplaceUrl',
      title: 'Inserat auf mobile.de',
      type: 'url',
      group: 'listing',
      readOnly: true,
      hidden: ({ document }) => document?.source !== 'mobile.de',
    }),
    defineField({
      name: 'soldAt',
      title: 'Verkauft am',
      type: 'datetime',
      options: GERMAN_DATETIME,
      description: 'Optional von Hand; bei Fahrzeugen von mobile.de setzt der Abgleich es, wenn das Inserat verschwindet.',
      group: 'listing',
    }),
    defineField({
      name: 'marketplaceVanishedAt',
      title: 'Von mobile.de verschwunden am',
      type: 'datetime',
      options: GERMAN_DATETIME,
      description:
        'Vom Abgleich gesetzt, wenn das Inserat nicht mehr auf mobile.de steht (dann als verkauft markiert). Erscheint es wieder, ist das Fahrzeug wieder im Angebot.',
      group: 'listing',
      readOnly: true,
      hidden: ({ document }) => !document?.marketplaceVanishedAt,
    }),
  ].map(ownedByMobileDe),
  orderings: [
    { title: 'Neueste zuerst', name: 'listedAtDesc', by: [{ field: 'listedAt', direction: 'desc' }] },
    { title: 'Preis aufsteigend', name: 'priceAsc', by: [{ field: 'price', direction: 'asc' }] },
    {
      title: 'Marke und Modell',
      name: 'makeModel',
      by: [
        { field: 'make', direction: 'asc' },
        { field: 'model', direction: 'asc' },
      ],
    },
  ],
  preview: {
    select: {
      make: 'make',
      model: 'model',
      title: 'title',
      price: 'price',
      status: 'status',
      id: 'id',
      source: 'source',
      // 'images.0' resolves to nothing in the preview store (an array index as the last path segment);
      // the asset reference below it does.
      ownImage: 'images.0.asset',
      externalImageUrl: 'externalImages.0.url',
    },
    prepare: prepareVehiclePreview,
  },
})
