import { submissionApiAction } from '#app/submissions/actions.server.ts'
import { jsonError } from '#app/utils/http.server.ts'

/** Leads are personal data: they are read in the Studio only, never listed here. */
export function loader() {
  return jsonError(405, 'Methode nicht erlaubt. Anfragen werden nur angenommen (POST).', {}, { Allow: 'POST' })
}

/** POST /api/leads: JSON `{kind, variant?, vehicleId?, page?, website?, ...fields}` from the lead forms (app/submissions/forms.ts). */
export const action = submissionApiAction('leads')
