import { ClipboardIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { anchorField, eyebrowField, headingField, introField } from './fields'

/** Lead forms a page can show (app/submissions/forms.ts); the vehicle enquiry lives on vehicle pages only. */
export const PAGE_LEAD_FORMS = [
  { title: 'Fahrzeugbewertung (Marke, Modell, Baujahr, Kilometerstand, Telefon)', value: 'valuation' },
  { title: 'Fahrzeugbewertung Münster (mit Schnellabwicklung)', value: 'valuation:muenster' },
  { title: 'BMW-Ankauf (Modell, Baujahr, Kilometerstand, Telefon)', value: 'valuation-bmw' },
  { title: 'Mercedes-Ankauf', value: 'brand-purchase:mercedes' },
  { title: 'Audi-Ankauf', value: 'brand-purchase:audi' },
  { title: 'Studenten-Autoankauf (mit Wunschtermin)', value: 'student' },
  { title: 'Gebrauchtwagen-Anfrage (Wunschfahrzeug, Preisrahmen)', value: 'used-car-enquiry' },
  { title: 'Export-Anfrage', value: 'export' },
  { title: 'Händler-Registrierung', value: 'dealer-registration' },
] as const

/** A lead form beside the phone number and the page's opening hours; the anchor defaults to `contact`. */
export const leadFormSection = defineType({
  name: 'leadFormSection',
  title: 'Anfrageformular',
  type: 'object',
  icon: ClipboardIcon,
  fields: [
    { ...anchorField, initialValue: 'contact' },
    eyebrowField,
    headingField,
    introField,
    defineField({
      name: 'form',
      title: 'Formular',
      type: 'string',
      options: { list: [...PAGE_LEAD_FORMS] },
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'submitLabel', title: 'Beschriftung des Sende-Knopfs', type: 'string', validation: (rule) => rule.max(40) }),
  ],
  preview: {
    select: { title: 'heading', form: 'form' },
    prepare: ({ title, form }) => ({
      title: title ?? 'Anfrageformular',
      subtitle: PAGE_LEAD_FORMS.find((option) => option.value === form)?.title ?? 'Anfrageformular',
    }),
  },
})
