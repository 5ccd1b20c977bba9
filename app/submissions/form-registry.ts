/*
 * The registry of every form, for the server (the one door reads a post's form by its kind) and the
 * forms overview /formulare. A page that shows known forms imports them by name instead, so that it
 * loads only those (lead-forms.ts).
 */
import { CONTACT_FORM, type FormDefinition, type FormKind, type LeadKind } from './forms.ts'
import { CONTENT_LEAD_FORMS } from './page-lead-forms.ts'
import { SEARCH_REQUEST_FORM } from './search-request-form.ts'
import { VEHICLE_SALE_FORM } from './sell-request-form.ts'
import { AVAILABILITY_ALERT_FORM, FINANCING_REQUEST_FORM, PRICE_ALERT_FORM, TEST_DRIVE_FORM, VEHICLE_ENQUIRY_FORM } from './vehicle-lead-forms.ts'

/** Every lead form, in the order of spec §3. */
export const LEAD_FORMS: Readonly<Record<LeadKind, FormDefinition<LeadKind>>> = {
  'vehicle-enquiry': VEHICLE_ENQUIRY_FORM,
  'test-drive': TEST_DRIVE_FORM,
  ...CONTENT_LEAD_FORMS,
  'vehicle-sale': VEHICLE_SALE_FORM,
  'search-request': SEARCH_REQUEST_FORM,
  'availability-alert': AVAILABILITY_ALERT_FORM,
  'price-alert': PRICE_ALERT_FORM,
  'financing-request': FINANCING_REQUEST_FORM,
}

/** Every form: the contact form and the lead forms (one per lead kind), all defined alike. */
export const FORMS: Readonly<Record<FormKind, FormDefinition>> = { contact: CONTACT_FORM, ...LEAD_FORMS }

export function isFormKind(value: unknown): value is FormKind {
  return typeof value === 'string' && Object.hasOwn(FORMS, value)
}
