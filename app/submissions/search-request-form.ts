/*
 * The Suchauftrag (issue 29): a module of its own so that only the pages that offer it load it (lead-forms.ts).
 */
import { EMAIL_PATTERN_SOURCE, PHONE_PATTERN_SOURCE } from '#app/utils/form-rules.ts'
import { type FormDefinition } from './forms.ts'
import { LEAD_LIMITS, leadForm } from './lead-forms.ts'

export const SEARCH_REQUEST_CONTACT_MESSAGE = 'Bitte geben Sie eine E-Mail-Adresse oder eine Telefonnummer an, damit wir uns bei Ihnen melden können.'
/** Something typed that is neither: not the empty field's message. */
export const SEARCH_REQUEST_INVALID_MESSAGE = 'Bitte geben Sie eine gültige E-Mail-Adresse oder Telefonnummer an.'

/**
 * The Suchauftrag (issue 29): the zero-results box of /vehicles offers it. One field, e-mail or
 * phone; the search travels in a hidden field, so the dealer sees what the buyer looked for.
 */
export const SEARCH_REQUEST_FORM: FormDefinition<'search-request'> = {
  ...leadForm('search-request', [
    {
      name: 'emailOrPhone',
      label: 'E-Mail oder Telefon',
      type: 'text',
      required: true,
      maxLength: LEAD_LIMITS.email,
      // Short enough for the field beside its button at 320 px; the label names both ways.
      placeholder: 'ihre@email.de',
      autoComplete: 'email',
      pattern: { source: `(?:${EMAIL_PATTERN_SOURCE})|(?:${PHONE_PATTERN_SOURCE})`, message: SEARCH_REQUEST_INVALID_MESSAGE },
      messages: { missing: SEARCH_REQUEST_CONTACT_MESSAGE, invalid: SEARCH_REQUEST_INVALID_MESSAGE },
    },
    {
      name: 'query',
      label: 'Gesucht',
      type: 'hidden',
      required: true,
      // The search with its filters in words (describeSearch): the typed text (100) and up to ten filters.
      maxLength: 320,
      placeholder: 'Ihre Suche',
      // Typed by the visitor where the page knows no search (search-request.tsx).
      messages: { missing: 'Bitte geben Sie an, welches Auto Sie suchen.' },
    },
  ]),
  texts: {
    ...leadForm('search-request', []).texts,
    // Only for a confirmation address that names no way back (an old link): replyVia has the words.
    success: { title: 'Suchauftrag gespeichert!', description: 'Vielen Dank! Wir melden uns bei Ihnen, sobald ein passendes Auto kommt.' },
  },
  replyVia: {
    field: 'emailOrPhone',
    success: {
      // As the price alert's: the alert starts once the address is confirmed (decision 080).
      email: {
        title: 'Fast geschafft: Bitte bestätigen Sie Ihre E-Mail-Adresse',
        description:
          'Wir schicken Ihnen eine E-Mail mit einem Bestätigungslink, meist innerhalb weniger Minuten. Erst wenn Sie ihn öffnen und bestätigen, schreiben wir Ihnen, sobald ein passendes Auto kommt.',
      },
      telefon: { title: 'Suchauftrag gespeichert!', description: 'Vielen Dank! Wir rufen Sie an, sobald wir ein passendes Fahrzeug haben.' },
    },
  },
  once: true,
}
