/*
 * The lead forms a content page can embed (the Studio's lead form section offers these kinds,
 * schemas/sections/leadFormSection.ts): the valuations, the brand purchases, the student form, the
 * used-car enquiry, the export enquiry and the dealer registration. Only pages with such a section load them.
 */
import { type FormDefinition, type LeadKind } from './forms.ts'
import { LEAD_TOASTS, leadForm, mileageField, phoneField, priceField, selectField, textField, yearField } from './lead-forms.ts'

/** Select options, quoted exactly from spec §3. */
export const STUDENT_APPOINTMENTS = ['Flexibel', 'Abends nach 18 Uhr', 'Wochenende', 'Zwischen Vorlesungen'] as const
export const EXPORT_VEHICLE_TYPES = ['PKW', 'LKW', 'Transporter', 'Baumaschine', 'Landmaschine', 'Andere'] as const
export const DEALER_VEHICLES_PER_YEAR = ['5-15', '15-50', '50+'] as const
export const DEALER_SPECIALISATIONS = ['PKW Handel', 'Export', 'Nutzfahrzeuge', 'Premium'] as const

/** The content pages' forms by kind. */
export const CONTENT_LEAD_FORMS = {
  valuation: leadForm('valuation', [
    textField('brand', 'Marke', 'z. B. VW'),
    textField('model', 'Modell', 'z. B. Golf'),
    yearField(),
    mileageField(),
    phoneField(),
    { name: 'quick', label: 'Schnelle Abwicklung gewünscht', type: 'checkbox', required: false, variants: ['muenster'] },
  ]),
  'valuation-bmw': leadForm('valuation-bmw', [textField('model', 'Modell', 'z. B. 320d'), yearField(), mileageField(), phoneField()]),
  'brand-purchase': leadForm('brand-purchase', [
    textField('model', 'Modell', 'z. B. C-Klasse oder A4', { variantPlaceholders: { mercedes: 'z. B. C-Klasse', audi: 'z. B. A4' } }),
    yearField(),
    mileageField(),
    phoneField(),
  ]),
  student: leadForm('student', [
    textField('vehicle', 'Marke und Modell', 'z. B. VW Polo'),
    yearField(),
    mileageField(),
    phoneField('Telefon oder WhatsApp'),
    selectField('appointment', 'Wunschtermin', STUDENT_APPOINTMENTS),
  ]),
  'used-car-enquiry': leadForm('used-car-enquiry', [
    textField('desiredVehicle', 'Wunschfahrzeug', 'z. B. BMW 3er Touring'),
    priceField('priceFrom', 'Preis von (€)', 'z. B. 10.000'),
    priceField('priceTo', 'Preis bis (€)', 'z. B. 20.000'),
    phoneField(),
  ]),
  export: leadForm('export', [
    selectField('vehicleType', 'Fahrzeugtyp', EXPORT_VEHICLE_TYPES),
    // No autocomplete: the destination is no fact about the visitor, whose own country autofill would offer (WCAG 1.3.5).
    textField('country', 'Zielland', 'z. B. Polen'),
    textField('make', 'Marke', 'z. B. Mercedes-Benz'),
    yearField(),
    phoneField(),
  ]),
  'dealer-registration': {
    ...leadForm('dealer-registration', [
      textField('company', 'Firmenname', 'Ihr Firmenname', { required: true, autoComplete: 'organization' }),
      textField('location', 'Standort', 'z. B. Essen', { autoComplete: 'address-level2' }),
      selectField('vehiclesPerYear', 'Fahrzeuge pro Jahr', DEALER_VEHICLES_PER_YEAR),
      selectField('specialisation', 'Spezialisierung', DEALER_SPECIALISATIONS),
      phoneField(),
    ]),
    // Names what was sent, as the button „REGISTRIERUNG SENDEN“ does.
    texts: { ...leadForm('dealer-registration', []).texts, success: { ...LEAD_TOASTS.success, title: 'Registrierung gesendet!' } },
  },
} satisfies Partial<Record<LeadKind, FormDefinition<LeadKind>>>

export type ContentLeadKind = keyof typeof CONTENT_LEAD_FORMS

export function isContentLeadKind(value: string | undefined): value is ContentLeadKind {
  return value !== undefined && Object.hasOwn(CONTENT_LEAD_FORMS, value)
}
