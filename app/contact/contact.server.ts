import { data, redirect, type ActionFunctionArgs } from '@remix-run/node'
import { CONTACT_TOASTS, type ContactFieldErrors } from '#app/contact/contact-fields.ts'
import { contactFieldErrors, contactSchema, type ContactInput } from '#app/contact/contact-schema.ts'
import { type ContentLake, createDocument } from '#app/sanity/lake.server.ts'
import { echoFormValues, isHoneypotFilled } from '#app/utils/form-values.ts'
import { BodyTooLargeError, CACHE_CONTROL, mediaType, readBodyText } from '#app/utils/http.server.ts'
import { sameSiteLocation } from '#app/utils/redirect-path.ts'
import { checkSameOrigin, checkSubmissionLimit, TOO_MANY_SUBMISSIONS } from '#app/utils/request-guards.server.ts'

/** Largest accepted contact submission; the longest valid message is 5,000 characters. */
export const CONTACT_BODY_LIMIT = 16 * 1024

/** The form error of a post that did not come from the site's own pages (docs/decisions/008). */
export const FOREIGN_FORM_ERROR =
  'Ihre Nachricht wurde nicht angenommen, weil sie nicht über ein Formular dieser Website gesendet wurde. Bitte laden Sie die Seite neu und versuchen Sie es erneut.'

export type ContactSubmission =
  { kind: 'valid'; input: ContactInput } | { kind: 'spam' } | { kind: 'invalid'; fieldErrors: ContactFieldErrors; values: Record<string, string> }

/** Validates raw submitted fields; a filled honeypot marks the submission as spam. */
export function parseContactSubmission(raw: Record<string, unknown>): ContactSubmission {
  if (isHoneypotFilled(raw)) return { kind: 'spam' }
  const result = contactSchema.safeParse(raw)
  if (result.success) return { kind: 'valid', input: result.data }
  return {
    kind: 'invalid',
    fieldErrors: contactFieldErrors(result.error),
    values: echoFormValues(raw),
  }
}

/**
 * Stores a contact message in the lake. Resolves only after the write is durable.
 * The id lies under the private `inbox.` path: in a public Sanity dataset only authenticated
 * requests can read it (docs/decisions/004-private-inbox-ids.md).
 */
export async function storeContactMessage(lake: ContentLake, input: ContactInput, now = new Date()) {
  const receivedAt = now.toISOString()
  const document = await createDocument(lake, {
    _id: `inbox.contact-${crypto.randomUUID()}`,
    _type: 'contactMessage',
    ...withoutUndefined(input),
    receivedAt,
    status: 'neu',
  })
  return { id: document._id, receivedAt }
}

export type ContactActionData =
  { status: 'error'; fieldErrors: ContactFieldErrors; values: Record<string, string> } | { status: 'error'; formError: string; values: Record<string, string> }

/**
 * The action of every page with a contact form, for posts without JavaScript
 * (with JavaScript the form calls POST /api/contacts). Errors re-render the page with
 * the input kept; success redirects (post/redirect/get) to `?nachricht=gesendet#contact`.
 * Abuse protection (docs/decisions/008): a post from another origin, or without Origin and Referer,
 * is refused with 403; over the submission limit of the client's address with 429.
 */
export async function contactFormAction({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url)
  const noStore = { 'Cache-Control': CACHE_CONTROL.noStore }
  const success = redirect(sameSiteLocation(url.pathname, 'nachricht=gesendet', 'contact'), { status: 303, headers: noStore })
  if (!checkSameOrigin(request, context)) {
    return data<ContactActionData>({ status: 'error', formError: FOREIGN_FORM_ERROR, values: {} }, { status: 403, headers: noStore })
  }
  let raw: Record<string, string>
  try {
    if (mediaType(request) !== 'application/x-www-form-urlencoded') {
      return data<ContactActionData>({ status: 'error', formError: CONTACT_TOASTS.failure.description, values: {} }, { status: 415, headers: noStore })
    }
    raw = Object.fromEntries(new URLSearchParams(await readBodyText(request, CONTACT_BODY_LIMIT)))
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error
    return data<ContactActionData>(
      { status: 'error', formError: 'Ihre Nachricht ist zu lang. Bitte kürzen Sie sie.', values: {} },
      { status: 413, headers: noStore },
    )
  }
  // Counted after reading the (at most 16 KB) body, so that the page keeps the input.
  const limited = checkSubmissionLimit(context, request)
  if (limited) {
    return data<ContactActionData>(
      { status: 'error', formError: TOO_MANY_SUBMISSIONS, values: echoFormValues(raw) },
      { status: 429, headers: { ...noStore, 'Retry-After': String(limited.retryAfterSeconds) } },
    )
  }
  const submission = parseContactSubmission({ ...raw, page: raw.page || url.pathname })
  if (submission.kind === 'spam') return success
  if (submission.kind === 'invalid') {
    return data<ContactActionData>({ status: 'error', fieldErrors: submission.fieldErrors, values: submission.values }, { status: 400, headers: noStore })
  }
  let stored: { id: string }
  try {
    stored = await storeContactMessage(context.lake, submission.input)
  } catch (error) {
    console.error('Storing a contact message failed', error)
    return data<ContactActionData>(
      { status: 'error', formError: CONTACT_TOASTS.failure.description, values: echoFormValues(raw) },
      { status: 503, headers: noStore },
    )
  }
  context.onStored?.(stored.id)
  return success
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
