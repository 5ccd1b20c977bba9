import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { ALERT_TOKEN_PARAM } from '#app/alerts/consent.ts'
import { unsubscribeAlert } from '#app/alerts/subscription.server.ts'
import { ALERT_PATHS } from '#app/alerts/tokens.server.ts'
import { CACHE_CONTROL, jsonError } from '#app/utils/http.server.ts'

/*
 * RFC 8058 one-click unsubscribe (issue 38 item 2; docs/decisions/080): the address of every alert
 * mail's `List-Unsubscribe` header. The mail client POSTs `List-Unsubscribe=One-Click` from its own
 * servers (no cookies; the same-origin rule lets it through from any origin, decision 008) and the
 * alert ends at once, without a confirmation page. The body is not needed: the signed token in the
 * address is the authority. A GET (a client that opens the address instead) is sent to the page.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  return redirect(`${ALERT_PATHS.unsubscribe}${new URL(request.url).search}`, 303)
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Methode nicht erlaubt. Nur POST.', {}, { Allow: 'POST' })
  const outcome = await unsubscribeAlert(context.lake, new URL(request.url).searchParams.get(ALERT_TOKEN_PARAM), new Date())
  if (outcome === 'invalid') return jsonError(404, 'Unbekannter oder ungültiger Abmeldelink.')
  return Response.json({ status: 'abgemeldet' }, { headers: { 'Cache-Control': CACHE_CONTROL.noStore } })
}
