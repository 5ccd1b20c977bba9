import { FORM_KIND_FIELD } from './forms.ts'
import { LEAD_FORMS } from './form-registry.ts'
import { parseSubmission } from './schema.server.ts'

/*
 * What a valuation form hands to the sell request (issue 26): its „MIT FOTOS WEITER“ button sends
 * the form's fields by GET to /auto-verkaufen, whose loader fills the sell request in with them.
 * The query is anyone's to write, so each value must pass the sell request's own field rules
 * (schema.server.ts) or is dropped; React escapes what is shown.
 */

/** The valuation forms' field names that the sell request calls otherwise (the student form's „Marke und Modell“ is the model). */
const ALIASES: Readonly<Record<string, string>> = { brand: 'make', vehicle: 'model' }

/** The make of the forms that do not ask for one: their page is about a single make. */
const MAKE_OF_FORM: Readonly<Record<string, string>> = {
  'valuation-bmw': 'BMW',
  'brand-purchase:mercedes': 'Mercedes-Benz',
  'brand-purchase:audi': 'Audi',
}

const SALE_FIELD_NAMES = new Set(LEAD_FORMS['vehicle-sale'].fields.map((field) => field.name))

/** A value longer than this is no one's typing; it is not even checked. */
const MAX_PARAM_LENGTH = 500

/** The sell request's initial values from a query: known fields that pass their rules, nothing else. */
export function salePrefill(params: URLSearchParams): Record<string, string> {
  const candidate: Record<string, string> = {}
  const kind = params.get(FORM_KIND_FIELD)
  const variant = params.get('variant')
  const make = kind ? MAKE_OF_FORM[variant ? `${kind}:${variant}` : kind] : undefined
  if (make) candidate.make = make
  for (const [key, value] of params) {
    const name = ALIASES[key] ?? key
    const text = value.trim()
    if (text === '' || text.length > MAX_PARAM_LENGTH || candidate[name] !== undefined) continue
    candidate[name] = text
  }
  const result = parseSubmission('vehicle-sale', candidate)
  // Valid as a whole is rare (name, postcode … are still to come): keep each field that passed its own check.
  const refused = result.kind === 'invalid' ? result.fieldErrors : {}
  const prefill: Record<string, string> = {}
  for (const [name, value] of Object.entries(candidate)) {
    if (SALE_FIELD_NAMES.has(name) && !refused[name]?.length) prefill[name] = value
  }
  return prefill
}
