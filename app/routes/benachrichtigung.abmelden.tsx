import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type HeadersFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ALERT_TOKEN_PARAM } from '#app/alerts/consent.ts'
import { unsubscribeAlert } from '#app/alerts/subscription.server.ts'
import { alertSecret, verifyToken } from '#app/alerts/tokens.server.ts'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { type loader as rootLoader } from '#app/root.tsx'
import { CACHE_CONTROL, routeHeaders } from '#app/utils/http.server.ts'
import { pageMeta } from '#app/utils/page-meta.ts'
import { dealerTitle } from '#app/utils/format.ts'

/*
 * The unsubscribe link in every alert mail's body (issue 38 item 2; docs/decisions/080): one button,
 * no questions, no sign-in. A GET changes nothing (mail scanners open links); the mail client's
 * one-click POST (RFC 8058) goes to /api/benachrichtigung/abmelden and needs no page at all.
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get(ALERT_TOKEN_PARAM) ?? ''
  const valid = verifyToken(await alertSecret(context.lake), 'unsubscribe', token, new Date()).ok
  return data({ valid, token: valid ? token : '' }, { status: valid ? 200 : 404, headers: { 'Cache-Control': CACHE_CONTROL.noStore } })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const outcome = await unsubscribeAlert(context.lake, form.get(ALERT_TOKEN_PARAM), new Date())
  return data({ outcome }, { status: outcome === 'invalid' ? 404 : 200, headers: { 'Cache-Control': CACHE_CONTROL.noStore } })
}

export const headers: HeadersFunction = (args) => routeHeaders(args, CACHE_CONTROL.noStore)

// Titled like every page, with the dealer's name; the path without its token (nothing in the head names it).
export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const site = matches.find((match) => match.id === 'root')?.data
  const dealer = site?.settings.dealerName
  return pageMeta({
    site,
    title: dealerTitle('Benachrichtigung abmelden', dealer),
    path: '/benachrichtigung/abmelden',
    robots: 'noindex, nofollow',
  })
}

export default function UnsubscribePage() {
  const { valid, token } = useLoaderData<typeof loader>()
  const acted = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const done = acted?.outcome === 'unsubscribed' || acted?.outcome === 'already-ended'
  return (
    <div className="bg-zinc-50 py-16 sm:py-20">
      <div className="mx-auto max-w-xl px-4 sm:px-6">
        {done ? (
          <div role="status">
            <h1 className="text-3xl text-zinc-950 sm:text-4xl">Abgemeldet</h1>
            <p className="mt-4 text-lg text-zinc-700">Sie erhalten zu dieser Benachrichtigung keine E-Mails mehr.</p>
          </div>
        ) : valid && acted?.outcome !== 'invalid' ? (
          <>
            <h1 className="text-3xl text-zinc-950 sm:text-4xl">Benachrichtigung abmelden</h1>
            <p className="mt-4 text-lg text-zinc-700">Möchten Sie keine E-Mails mehr zu dieser Benachrichtigung erhalten?</p>
            <Form method="post" className="mt-6">
              <input type="hidden" name={ALERT_TOKEN_PARAM} value={token} />
              <button type="submit" disabled={busy} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
                ABMELDEN
              </button>
            </Form>
          </>
        ) : (
          <div role="status">
            <h1 className="text-3xl text-zinc-950 sm:text-4xl">Link ungültig</h1>
            <p className="mt-4 text-lg text-zinc-700">Dieser Link ist ungültig. Bitte öffnen Sie den Link genau so, wie er in unserer E-Mail steht.</p>
          </div>
        )}
        <p className="mt-8">
          <Link to="/vehicles" className="font-semibold text-zinc-900 underline">
            Zu unseren Fahrzeugen
          </Link>
        </p>
      </div>
    </div>
  )
}
