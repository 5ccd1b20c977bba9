import { hasForbiddenCharacters } from '#app/utils/form-rules.ts'
import { type FieldErrors, FORM_KIND_FIELD } from './forms.ts'
import { LEAD_FORMS } from './form-registry.ts'
import { parseSubmission } from './schema.server.ts'

/*
 * What a valuation form hands to the sell request (issue 26): its „MIT FOTOS WEITER“ button sends
 * the form's fields by GET to /auto-verkaufen, whose loader fills the sell request in with them.
 * Each value is checked by the sell request's own field rules (schema.server.ts): one they refuse
 * is filled in all the same, with its field's message beside it, so that nothing typed is lost
 * without a word. The query is anyone's to write: only the sell
 * request's fields are taken, none with an invisible control character, and React escapes what is shown.
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

/** The sell request's initial values from a query, and the message of each one its field's rule refuses. */
export interface SalePrefill {
  values: Record<string, string>
  errors: FieldErrors
}

export function salePrefill(params: URLSearchParams): SalePrefill {
  const candidate: Record<string, string> = {}
  const kind = params.get(FORM_KIND_FIELD)
  const variant = params.get('variant')
  const make = kind ? MAKE_OF_FORM[variant ? `${kind}:${variant}` : kind] : undefined
  if (make) candidate.make = make
  for (const [key, value] of params) {
    const name = ALIASES[key] ?? key
    const text = value.trim()
    if (!SALE_FIELD_NAMES.has(name) || text === '' || text.length > MAX_PARAM_LENGTH || candidate[name] !== undefined) continue
    if (hasForbiddenCharacters(text)) continue
    candidate[name] = text
  }
  const result = parseSubmission('vehicle-sale', candidate)
  // Valid as a whole is rare (name, postcode … are still to come): only the messages of what was handed over.
  const refused = result.kind === 'invalid' ? result.fieldErrors : {}
  const errors: FieldErrors = {}
  for (const name of Object.keys(candidate)) {
    const message = refused[name]?.[0]
    if (message) errors[name] = [message]
  }
  return { values: candidate, errors }
}
