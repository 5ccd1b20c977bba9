import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SaleForm } from '#app/components/forms/sale-form.tsx'
import { PhoneIcon } from '#app/components/icons.tsx'
import { PageHeader } from '#app/components/sections/page-header.tsx'
import { type loader as rootLoader } from '#app/root.tsx'
import { SALE_ANCHOR, SENT } from '#app/submissions/forms.ts'
import { SALE_PATH } from '#schemas/lib/constants.ts'
import { readSaleConfirmation } from '#app/submissions/sale-appointment.server.ts'
import { pageStructuredData } from '#app/seo/page-graph.ts'
import { submissionPageAction } from '#app/submissions/actions.server.ts'
import { salePrefill } from '#app/submissions/sale-prefill.server.ts'
import { tradeInHandoff, tradeInVehicle } from '#app/submissions/trade-in.server.ts'
import { telHref, dealerTitle } from '#app/utils/format.ts'
import { whatsappHref } from '#app/components/whatsapp.tsx'
import { redirectToPagePath } from '#app/utils/http.server.ts'
import { pageMeta } from '#app/utils/page-meta.ts'
import { useSiteSettings } from '#app/utils/site-settings.ts'

/*
 * „Auto verkaufen“ (issue 26): the seller's one flow, from the main navigation, the footer, the
 * home page's contact section, /services/autoankauf and every page with a valuation form.
 */

export const SALE_TITLE = 'Auto verkaufen'

// A valuation form's „MIT FOTOS WEITER“ (or any link) may fill the form in; each value passes its field's rule first.
// A vehicle page's „Fahrzeug in Zahlung geben?“ names the car the seller wants to buy (trade-in.server.ts).
export async function loader({ request, context }: LoaderFunctionArgs) {
  redirectToPagePath(request, SALE_PATH)
  const params = new URL(request.url).searchParams
  const tradeIn = (await tradeInVehicle(context, params)) ?? null
  // After a test drive with a trade-in (its cookie, never the address): the person is filled in, the lead referred to.
  const handoff = tradeIn ? await tradeInHandoff(context, request) : undefined
  const handedOver = salePrefill(params)
  const prefill = { ...handoff?.contact, ...handedOver.values }
  // After the request (its cookie, never the address): the estimate's deadline and the Besichtigungstermin (issue 38).
  const sent = params.get(SENT.lead.param) === SENT.lead.value
  const confirmation = sent ? ((await readSaleConfirmation(context, request)) ?? null) : null
  // A fresh key per rendering (the page is never cached): a post sent again after a time-out stores one lead.
  return {
    prefill,
    prefillErrors: handedOver.errors,
    tradeIn,
    testDriveLead: handoff?.testDriveLead ?? null,
    submissionKey: crypto.randomUUID(),
    confirmation,
    sourcePage: sourcePageOf(request),
    structuredData: pageStructuredData(context, [{ name: SALE_TITLE, path: SALE_PATH }]),
  }
}

/**
 * The page of this site the seller came from (a city page's seller button), from the Referer the
 * browser sends within the site (Referrer-Policy strict-origin-when-cross-origin): which page brings
 * sellers (issue 38). Only its path; none from another site or from this page itself.
 */
function sourcePageOf(request: Request): string | null {
  const referer = request.headers.get('referer')
  if (!referer) return null
  try {
    const from = new URL(referer)
    if (from.origin !== new URL(request.url).origin || from.pathname === SALE_PATH) return null
    return from.pathname
  } catch {
    return null
  }
}

// The one door of every form (app/submissions/actions.server.ts); the photos are a field of the sell form's definition.
export const action = (args: ActionFunctionArgs) => submissionPageAction(args)

// Answers with the visitor's own input (prefill, errors): never shared by a cache.
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) => {
  const site = matches.find((match) => match.id === 'root')?.data
  const dealer = site?.settings?.dealerName
  return pageMeta({
    site,
    title: dealerTitle('Auto verkaufen: kostenlose Bewertung mit Fotos', dealer),
    description: 'Auto verkaufen in Essen und im Ruhrgebiet: Fahrzeugdaten, Zustand und Fotos senden, eine erste Einschätzung erhalten, sofort bezahlt werden.',
    path: SALE_PATH,
    structuredData: data?.structuredData,
  })
}

export default function SellPage() {
  const { prefill, prefillErrors, tradeIn, testDriveLead, submissionKey, confirmation, sourcePage } = useLoaderData<typeof loader>()
  const settings = useSiteSettings()
  // Sellers like to send photos by chat: the dealer's WhatsApp beside the phone.
  const whatsapp = whatsappHref(settings.whatsapp, 'Hallo, ich möchte mein Auto verkaufen.')
  return (
    <>
      <PageHeader
        title={SALE_TITLE}
        intro="Sagen Sie uns, welches Auto Sie verkaufen möchten, und schicken Sie gern ein paar Fotos mit. Wir melden uns mit einer ersten Einschätzung und einem Termin zur Besichtigung – kostenlos und unverbindlich."
      />
      <section id={SALE_ANCHOR} aria-labelledby="verkaufen-heading" className="bg-zinc-50 py-10 sm:py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <h2 id="verkaufen-heading" className="text-2xl font-extrabold text-zinc-950">
            Ihre Verkaufsanfrage
          </h2>
          {/* The seller who would rather call: the number and WhatsApp are 44 px high to tap, within the line. */}
          {settings.phone ? (
            <p className="mt-2 flex items-start gap-2 text-zinc-700">
              <PhoneIcon className="mt-3.5 size-4 shrink-0 text-amber-600" />
              <span>
                Lieber anrufen?{' '}
                <a
                  href={telHref(settings.phone)}
                  className="inline-flex min-h-11 items-center font-semibold whitespace-nowrap text-zinc-950 underline underline-offset-4"
                >
                  {settings.phone}
                </a>
                {whatsapp ? (
                  <>
                    {' '}
                    oder{' '}
                    <a
                      href={whatsapp}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex min-h-11 items-center font-semibold whitespace-nowrap text-zinc-950 underline underline-offset-4"
                    >
                      per WhatsApp<span className="sr-only"> (öffnet in neuem Tab)</span>
                    </a>
                  </>
                ) : null}
              </span>
            </p>
          ) : null}
          <div className="mt-6 rounded-xl border border-zinc-200 bg-white p-4 shadow-lg sm:p-8">
            <SaleForm
              prefill={prefill}
              prefillErrors={prefillErrors}
              tradeIn={tradeIn ?? undefined}
              testDriveLead={testDriveLead ?? undefined}
              submissionKey={submissionKey}
              confirmation={confirmation ?? undefined}
              sourcePage={sourcePage ?? undefined}
            />
          </div>
        </div>
      </section>
    </>
  )
}
