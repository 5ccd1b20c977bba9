import { type LoaderFunctionArgs } from '@remix-run/node'
import { CONFIRMATION_SETTINGS_QUERY } from '#app/sanity/queries/inbox.ts'
import { type CONFIRMATION_SETTINGS_QUERYResult } from '#app/sanity/types.ts'
import { sellerAppointmentCalendar } from '#app/submissions/icalendar.server.ts'
import { readSaleRequest, saleRequestId } from '#app/submissions/sale-appointment.server.ts'
import { CACHE_CONTROL } from '#app/utils/http.server.ts'

/*
 * The seller's Besichtigungstermin as an iCalendar file (issue 38 item 4), linked from the sell
 * confirmation: the lead is the one the seller's own cookie names (HttpOnly, /auto-verkaufen only),
 * so the address carries nothing personal and nobody else's appointment can be read. German text
 * for a person who opens the link without a chosen slot.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = { 'Cache-Control': CACHE_CONTROL.noStore }
  const lead = await readSaleRequest(context, saleRequestId(request))
  const settings = lead?.appointment?.start ? await context.lake.fetch<CONFIRMATION_SETTINGS_QUERYResult>(CONFIRMATION_SETTINGS_QUERY, {}) : null
  const address = settings?.address
  const line = [address?.street, [address?.postalCode, address?.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  const calendar = lead
    ? sellerAppointmentCalendar(lead, {
        name: settings?.dealerName,
        phone: settings?.phone,
        ...(line ? { address: line } : {}),
        domain: new URL(context.env.SITE_URL).hostname,
      })
    : undefined
  if (!calendar) {
    return new Response('Für diese Verkaufsanfrage ist kein Besichtigungstermin gespeichert. Bitte rufen Sie uns an.', {
      status: 404,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  return new Response(calendar.content, {
    headers: { ...headers, 'Content-Type': calendar.contentType, 'Content-Disposition': `attachment; filename="${calendar.filename}"` },
  })
}
