import { DocumentIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType, getPublishedId } from 'sanity'
import { API_VERSION, BODY_TYPES, FUEL_TYPES, MARKETPLACE_FIELDS, titleOf, TRANSMISSIONS, VEHICLE_SOURCES, VEHICLE_STATUSES } from '../lib/constants'
import { FIRST_REGISTRATION_PATTERN, formatEuro, kwToHp, MAX_MILEAGE_KM, maxVehicleYear, MIN_VEHICLE_YEAR } from '../lib/validation'

/** Published vehicles other than this one that already use the public id. */
const DUPLICATE_ID_QUERY = `count(*[_type == "vehicle" && id == $value && _id != $publishedId && !(_id in path("drafts.**")) && !(_id in path("versions.**"))])`

/** What staff read on a field of a synced vehicle that mobile.de owns (docs/decisions/026). */
export const FROM_MOBILE_DE = 'Kommt von mobile.de – bitte dort ändern. Der nächste Abgleich überschreibt diesen Wert.'

const isSynced = ({ document }: { document?: { source?: unknown } }) => document?.source === 'mobile.de'

/**
 * The fields mobile.de owns are read-only for a synced vehicle, with a note saying where to change
 * them; a vehicle staff entered themselves stays editable throughout.
 */
function ownedByMobileDe<T extends { name: string; description?: unknown; readOnly?: unknown }>(field: T): T {
  if (!(MARKETPLACE_FIELDS as readonly string[]).includes(field.name)) return field
  const description = typeof field.description === 'string' ? `${field.description} ` : ''
  return { ...field, readOnly: field.readOnly === true ? true : isSynced, description: `${description}Bei Fahrzeugen von mobile.de: ${FROM_MOBILE_DE}` }
}

/** One vehicle of the inventory (`vehicle-<id>`); either entered by staff or synced from mobile.de. */
export const vehicle = defineType({
  name: 'vehicle',
  title: 'Fahrzeug',
  type: 'document',
  icon: DocumentIcon,
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
          if (!/^[A-Za-z0-9-]{1,40}$/.test(value)) return 'Nur Buchstaben, Ziffern und Bindestriche (höchstens 40 Zeichen).'
          const documentId = context.document?._id
          if (!documentId) return true
          const client = context.getClient({ apiVersion: API_VERSION })
          const others = await client.fetch<number>(DUPLICATE_ID_QUERY, { value, publishedId: getPublishedId(documentId) })
          return others > 0 ? `Die Fahrzeugnummer „${value}“ ist schon vergeben.` : true
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
      validation: (rule) => rule.integer().min(MIN_VEHICLE_YEAR).max(maxVehicleYear()),
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
      description: 'Vom Abgleich gesetzt: die Fotos des Inserats, direkt von mobile.de angezeigt. Eigene Bilder oben haben Vorrang.',
      group: 'content',
      readOnly: true,
      hidden: ({ document }) => document?.source !== 'mobile.de',
      of: [
        defineArrayMember({
          name: 'externalImage',
          title: 'Bild',
          type: 'object',
          fields: [
            defineField({ name: 'url', title: 'Adresse', type: 'url', validation: (rule) => rule.required().uri({ scheme: ['https', 'http'] }) }),
            defineField({ name: 'alt', title: 'Alternativtext', type: 'string', validation: (rule) => rule.required().max(200) }),
          ],
          preview: { select: { title: 'alt', subtitle: 'url' } },
        }),
      ],
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
      description: 'Der Bestand wird nach diesem Datum sortiert, neueste zuerst.',
      group: 'listing',
      initialValue: () => new Date().toISOString(),
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'source',
      title: 'Quelle',
      type: 'string',
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
      description: 'Wird gesetzt, wenn ein Fahrzeug als verkauft markiert wird (auch durch den Abgleich).',
      group: 'listing',
    }),
    defineField({
      name: 'marketplaceVanishedAt',
      title: 'Von mobile.de verschwunden am',
      type: 'datetime',
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
    select: { make: 'make', model: 'model', title: 'title', price: 'price', status: 'status', id: 'id', media: 'images.0' },
    prepare: ({ make, model, title, price, status, id, media }) => ({
      title: title || [make, model].filter(Boolean).join(' ') || 'Neues Fahrzeug',
      subtitle: [
        typeof price === 'number' ? formatEuro(price) : 'Preis auf Anfrage',
        status && status !== 'available' ? titleOf(VEHICLE_STATUSES, status) : undefined,
        id ? `Nr. ${id}` : undefined,
      ]
        .filter(Boolean)
        .join(' · '),
      media,
    }),
  },
})
