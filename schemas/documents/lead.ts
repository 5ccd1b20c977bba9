import { DocumentTextIcon } from '@sanity/icons'
import { defineArrayMember, defineField, defineType } from 'sanity'
import { LEAD_KINDS } from '../lib/constants'
import { ContactLinksInput } from '../components/inbox-inputs'
import { inboxOrderings, inboxOriginFields, inboxStatusField } from '../lib/inbox'
import { prepareLeadPreview } from '../lib/inbox-reply'

/**
 * A submission of one of the lead forms (`inbox.lead-<uuid>`): valuations, purchase and export
 * enquiries, dealer registrations, vehicle enquiries. The site writes it; staff only change its
 * status, so every other field is read-only and the document is edited live (no drafts).
 * The form's fields are kept as label/value pairs (docs/decisions/006-lead-fields.md).
 */
export const lead = defineType({
  name: 'lead',
  title: 'Anfrage',
  type: 'document',
  icon: DocumentTextIcon,
  liveEdit: true,
  fields: [
    inboxStatusField,
    defineField({
      name: 'kind',
      title: 'Formular',
      type: 'string',
      readOnly: true,
      options: { list: [...LEAD_KINDS] },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'contact',
      title: 'Kontakt',
      type: 'object',
      readOnly: true,
      description: 'Aus den Formularfeldern übernommen, für die Übersicht.',
      options: { columns: 3 },
      // Shown as mailto:/tel: links, full length (the plain fields cut the address off).
      components: { input: ContactLinksInput },
      fields: [
        defineField({ name: 'name', title: 'Name', type: 'string' }),
        defineField({ name: 'phone', title: 'Telefon', type: 'string' }),
        defineField({ name: 'email', title: 'E-Mail', type: 'string' }),
      ],
    }),
    defineField({
      name: 'fields',
      title: 'Angaben im Formular',
      type: 'array',
      readOnly: true,
      of: [
        defineArrayMember({
          name: 'leadField',
          title: 'Angabe',
          type: 'object',
          fields: [
            defineField({ name: 'name', title: 'Feldname', type: 'string', validation: (rule) => rule.required() }),
            defineField({ name: 'label', title: 'Bezeichnung', type: 'string', validation: (rule) => rule.required() }),
            defineField({ name: 'value', title: 'Wert', type: 'text', rows: 2, validation: (rule) => rule.required() }),
          ],
          preview: {
            select: { title: 'value', subtitle: 'label' },
          },
        }),
      ],
    }),
    defineField({
      name: 'vehicle',
      title: 'Fahrzeug',
      type: 'reference',
      to: [{ type: 'vehicle' }],
      // The vehicle may be sold and deleted later; the enquiry stays.
      weak: true,
      readOnly: true,
    }),
    ...inboxOriginFields,
  ],
  orderings: inboxOrderings,
  preview: {
    select: {
      kind: 'kind',
      name: 'contact.name',
      phone: 'contact.phone',
      email: 'contact.email',
      status: 'status',
      vehicleTitle: 'vehicle.title',
      vehicleMake: 'vehicle.make',
      vehicleModel: 'vehicle.model',
      // A test drive's wished slot and a sell request's first photo, where the lead has them (issue 26).
      slot: 'appointment.start',
      media: 'photos.0.image.asset',
    },
    prepare: prepareLeadPreview,
  },
})
