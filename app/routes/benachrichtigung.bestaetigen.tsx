import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type HeadersFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { vehicleTitle } from '#app/alerts/alert-mail.server.ts'
import { ACTIVE_ALERTS_PER_ADDRESS, ALERT_TOKEN_PARAM } from '#app/alerts/consent.ts'
import { checkConfirmToken, confirmAlert, type ConfirmOutcome } from '#app/alerts/subscription.server.ts'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { type loader as rootLoader } from '#app/root.tsx'
import { CACHE_CONTROL, routeHeaders } from '#app/utils/http.server.ts'
import { pageMeta } from '#app/utils/page-meta.ts'
import { dealerTitle } from '#app/utils/format.ts'

/*
 * The double opt-in's second step (issue 38 item 2; docs/decisions/080): the link of the
 * confirmation mail opens this page, and its button confirms. A GET changes nothing, so a mail
 * scanner that opens every link cannot consent for anybody. Works without JavaScript (a plain post).
 */

const STATUS: Record<ConfirmOutcome, number> = { confirmed: 200, 'already-confirmed': 200, ended: 200, capped: 409, expired: 410, invalid: 404, busy: 503 }

const TEXTS: Record<Exclude<ConfirmOutcome, 'confirmed'>, { title: string; text: string }> = {
  'already-confirmed': { title: 'Schon bestätigt', text: 'Diese Benachrichtigung ist bereits bestätigt. Sie müssen nichts weiter tun.' },
  ended: {
    title: 'Abgemeldet',
    text: 'Diese Benachrichtigung haben Sie abgemeldet. Möchten Sie wieder benachrichtigt werden, fordern Sie sie bitte erneut an.',
  },
  capped: {
    title: 'Zu viele Benachrichtigungen',
    text: `Für diese E-Mail-Adresse sind schon ${ACTIVE_ALERTS_PER_ADDRESS} Benachrichtigungen aktiv. Melden Sie bitte zuerst eine ab (Link in jeder Benachrichtigung) und öffnen Sie dann diesen Link noch einmal.`,
  },
  expired: {
    title: 'Link abgelaufen',
    text: 'Dieser Bestätigungslink ist abgelaufen. Bitte fordern Sie die Benachrichtigung auf der Fahrzeugseite oder bei Ihrer Suche erneut an.',
  },
  invalid: { title: 'Link ungültig', text: 'Dieser Link ist ungültig. Bitte öffnen Sie den Link genau so, wie er in unserer E-Mail steht.' },
  busy: {
    title: 'Gerade nicht möglich',
    text: 'Ihre Bestätigung konnte gerade nicht gespeichert werden. Bitte öffnen Sie den Link aus unserer E-Mail in einer Minute noch einmal.',
  },
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get(ALERT_TOKEN_PARAM)
  const checked = await checkConfirmToken(context.lake, token, new Date())
  const headers = { 'Cache-Control': CACHE_CONTROL.noStore }
  if (!checked.ok) return data({ state: checked.outcome, token: '', what: '', consentText: '' }, { status: STATUS[checked.outcome], headers })
  const { lead } = checked
  const status = lead.alert?.status
  const state: ConfirmOutcome | 'ask' = status === 'active' ? 'already-confirmed' : status === 'ended' ? 'ended' : 'ask'
  const what =
    lead.kind === 'price-alert'
      ? `eine E-Mail erhalten, sobald der Preis des ${vehicleTitle(lead.vehicleInfo)} sinkt`
      : 'eine E-Mail erhalten, sobald ein Fahrzeug in unseren Bestand kommt, das zu Ihrer Suche passt'
  return data({ state, token: token ?? '', what, consentText: lead.alert?.consentText ?? '' }, { headers })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const outcome = await confirmAlert(context.lake, form.get(ALERT_TOKEN_PARAM), new Date())
  return data({ outcome }, { status: STATUS[outcome], headers: { 'Cache-Control': CACHE_CONTROL.noStore } })
}

export const headers: HeadersFunction = (args) => routeHeaders(args, CACHE_CONTROL.noStore)

// Titled like every page, with the dealer's name; the path without its token (nothing in the head names it).
export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const site = matches.find((match) => match.id === 'root')?.data
  const dealer = site?.settings.dealerName
  return pageMeta({
    site,
    title: dealerTitle('Benachrichtigung bestätigen', dealer),
    path: '/benachrichtigung/bestaetigen',
    robots: 'noindex, nofollow',
  })
}

export default function ConfirmAlertPage() {
  const loaded = useLoaderData<typeof loader>()
  const acted = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const state = acted?.outcome ?? loaded.state
  return (
    <div className="bg-zinc-50 py-16 sm:py-20">
      <div className="mx-auto max-w-xl px-4 sm:px-6">
        {state === 'ask' ? (
          <>
            <h1 className="text-3xl text-zinc-950 sm:text-4xl">Benachrichtigung bestätigen</h1>
            <p className="mt-4 text-lg text-zinc-700">Sie möchten {loaded.what}. Bitte bestätigen Sie das:</p>
            <Form method="post" className="mt-6">
              <input type="hidden" name={ALERT_TOKEN_PARAM} value={loaded.token} />
              <p className="rounded-lg border border-zinc-200 bg-white p-4 text-sm text-zinc-700">{loaded.consentText}</p>
              <button type="submit" disabled={busy} className={buttonClasses({ className: 'mt-6 w-full sm:w-auto' })}>
                JA, BENACHRICHTIGUNG BESTÄTIGEN
              </button>
            </Form>
          </>
        ) : state === 'confirmed' ? (
          <div role="status">
            <h1 className="text-3xl text-zinc-950 sm:text-4xl">Benachrichtigung bestätigt</h1>
            <p className="mt-4 text-lg text-zinc-700">
              Vielen Dank! Wir schreiben Ihnen, sobald es etwas Neues gibt. Abmelden können Sie sich jederzeit mit einem Klick in jeder dieser E-Mails.
            </p>
          </div>
        ) : (
          <div role="status">
            <h1 className="text-3xl text-zinc-950 sm:text-4xl">{TEXTS[state].title}</h1>
            <p className="mt-4 text-lg text-zinc-700">{TEXTS[state].text}</p>
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
