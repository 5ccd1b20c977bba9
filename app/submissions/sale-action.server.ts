import { data, redirect, type ActionFunctionArgs } from '@remix-run/node'
import { CACHE_CONTROL, mediaType } from '#app/utils/http.server.ts'
import { sameSiteLocation } from '#app/utils/redirect-path.ts'
import { checkSubmissionLimit, TOO_MANY_SUBMISSIONS } from '#app/utils/request-guards.server.ts'
import { echoFormValues } from '#app/utils/form-values.ts'
import { loggerOf } from '#app/server/logging.server.ts'
import { type SubmissionActionData, sentQuery } from './forms.ts'
import { PAGE_FORM_ERRORS } from './actions.server.ts'
import { discard, processPhotos, readSaleUpload } from './photos.server.ts'
import { NO_PHOTO_STORE, type StoredPhoto } from './photo-store.server.ts'
import { PHOTO_FIELD, PHOTO_MESSAGES, SALE_CONFIRMATION_ID } from './photos.ts'
import { submit } from './submit.server.ts'

/** The section of /auto-verkaufen with the form; the confirmation comes back to it. */
export const SALE_ANCHOR = 'verkaufen'
const KIND = 'vehicle-sale'

/**
 * The action of /auto-verkaufen, for both paths (without JavaScript the browser posts the form;
 * with JavaScript the page posts the same multipart body with its resized photos): reads the body
 * streaming (photos to temporary files, limits in photos.ts), counts the post against the
 * submission limit, decodes and re-encodes every photo, then `submit` stores the photos and, only
 * after they are durable, the lead (docs/decisions/041). Success redirects (303) to the
 * confirmation; a refusal re-renders the page with the input kept and, since a browser never keeps
 * chosen files, says to choose the photos again.
 */
export async function salePageAction({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url)
  const noStore = { 'Cache-Control': CACHE_CONTROL.noStore }
  const fail = (status: number, body: Omit<SubmissionActionData, 'status' | 'leadKind' | 'anchor'>, headers: Record<string, string> = {}) =>
    data<SubmissionActionData>({ status: 'error', leadKind: KIND, anchor: SALE_ANCHOR, ...body }, { status, headers: { ...noStore, ...headers } })

  if (mediaType(request) !== 'multipart/form-data') return fail(415, { formError: PAGE_FORM_ERRORS.unsupported, values: {} })
  let upload
  try {
    upload = await readSaleUpload(request)
  } catch (error) {
    loggerOf(context).warn({ reason: error instanceof Error ? error.message : String(error) }, 'Eine Verkaufsanfrage ließ sich nicht lesen')
    return fail(400, { formError: PAGE_FORM_ERRORS.unsupported, values: {} })
  }
  try {
    const { leadKind: _kind, anchor: _anchor, ...fields } = upload.fields
    const values = echoFormValues(fields)
    if (upload.fieldsTooLarge) return fail(413, { formError: PAGE_FORM_ERRORS.tooLarge, values })
    // Counted after reading the body, so that the page keeps the input.
    const limited = checkSubmissionLimit(context, request)
    if (limited) return fail(429, { formError: TOO_MANY_SUBMISSIONS, values }, { 'Retry-After': String(limited.retryAfterSeconds) })

    const processed = upload.photoErrors.length > 0 ? { photos: [], errors: [] } : await processPhotos(upload.photos)
    const photoErrors = [...upload.photoErrors, ...processed.errors]
    const store = context.lake.photos ?? NO_PHOTO_STORE
    let stored: StoredPhoto[] = []
    const outcome = await submit(
      context,
      KIND,
      { ...fields, page: fields.page || url.pathname },
      {
        fieldErrors: photoErrors.length > 0 ? { [PHOTO_FIELD]: photoErrors } : undefined,
        store: async () => {
          const saved = await store.save(processed.photos, { client: context.clientAddress })
          stored = saved.photos
          return saved.leadFields
        },
        discard: () => store.remove(stored),
      },
    )
    switch (outcome.status) {
      case 'stored':
      case 'spam':
        // The confirmation as the fragment: without JavaScript the browser focuses it on arrival (photos.ts).
        // Same-site path like the other forms: only /auto-verkaufen routes here today, but a Location
        // made from the raw path could be protocol-relative (app/utils/redirect-path.ts).
        return redirect(sameSiteLocation(url.pathname, sentQuery(KIND, SALE_ANCHOR), SALE_CONFIRMATION_ID), { status: 303, headers: noStore })
      case 'invalid': {
        const fieldErrors = { ...outcome.fieldErrors }
        // Whatever was refused, the chosen photos are gone from the browser's form.
        if (upload.photos.length > 0 || photoErrors.length > 0) fieldErrors[PHOTO_FIELD] = [...(fieldErrors[PHOTO_FIELD] ?? []), PHOTO_MESSAGES.chooseAgain]
        return fail(400, { fieldErrors, values: outcome.values })
      }
      case 'failed':
        return fail(503, {
          formError: `${PAGE_FORM_ERRORS.unavailable.lead}${upload.photos.length > 0 ? ` ${PHOTO_MESSAGES.chooseAgain}` : ''}`,
          values: outcome.values,
        })
    }
  } finally {
    await discard(upload)
  }
}
