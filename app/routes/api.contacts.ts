import { submissionApiAction } from '#app/submissions/actions.server.ts'
import { jsonError } from '#app/utils/http.server.ts'

/** Contact messages are personal data: they are read in the Studio only, never listed here. */
export function loader() {
  return jsonError(405, 'Methode nicht erlaubt. Nachrichten werden nur angenommen (POST).', {}, { Allow: 'POST' })
}

/** POST /api/contacts (spec §7): JSON `{name, email, phone, subject, message, page}` or the same fields form-encoded. */
export const action = submissionApiAction('contacts')
