import { type MetaFunction, type HeadersFunction } from '@remix-run/node'
import { type RefObject, useEffect, useRef } from 'react'
import type { Thing } from 'schema-dts'
import { isRouteErrorResponse, Link, useLoaderData, useLocation, useRouteError, useRouteLoaderData } from '@remix-run/react'
import { HydrationBoundary } from '#app/utils/hydration.tsx'
import { AlertIcon, ArrowRightIcon, CalendarIcon, CheckIcon, MailIcon, PhoneIcon } from '#app/components/icons.tsx'
import { LeadForm } from '#app/components/forms/lead-form.tsx'
import { SaveButton } from '#app/components/save-button.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { type loader as rootLoader } from '#app/root.tsx'
import { submissionPageAction } from '#app/submissions/actions.server.ts'
import { RESERVED_MEANING, reservedTestDriveNote } from '#app/submissions/lead-forms.ts'
import { PRICE_ALERT_CONSENT } from '#app/alerts/consent.ts'
import { CACHE_CONTROL, routeHeaders } from '#app/utils/http.server.ts'
import { displayYear, formatEuro, formatMileage, formatPrice, fuelLabel, parseAmount, telHref, transmissionLabel, dealerTitle } from '#app/utils/format.ts'
import { pageMeta } from '#app/utils/page-meta.ts'
import { useSiteSettings } from '#app/utils/site-settings.ts'
import { advertisedMonthlyRate, effectiveRateOf, FINANCING_ANCHOR, FINANCING_REQUEST_ANCHOR } from '#app/vehicles/financing.ts'
import { tradeInHref, whatsappHref, whatsappMessage } from '#app/vehicles/contact-links.ts'
import { listReturnHref } from '#app/vehicles/list-return.ts'
import { INVENTORY_TITLE } from '#app/vehicles/vehicle-search.ts'
import { loadVehicleDetail, type VehicleNotFoundData } from './data.server'
import { FinancingExample } from './financing-example'
import { buyerFacts, consumptionLines, netPriceLabel, technicalData, vehicleName } from './vehicle-facts'
import { GALLERY_IMAGE_SIZES, VehicleGallery } from './vehicle-gallery'
import { VehicleNotFound } from './vehicle-not-found'
import { LeadSection } from './lead-section'
import { AlternativeVehicles, WayOn } from './vehicle-alternatives'

export const loader = loadVehicleDetail

/** Posts of the enquiry form without JavaScript (with JavaScript it calls POST /api/leads). */
export const action = submissionPageAction

export const headers: HeadersFunction = (args) => routeHeaders(args, CACHE_CONTROL.page)

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) => {
  const site = matches.find((match) => match.id === 'root')?.data
  const dealer = site?.settings.dealerName ?? ''
  const vehicle = data?.vehicle
  if (!vehicle) return [{ title: dealerTitle('Fahrzeug nicht gefunden', dealer) }, { name: 'robots', content: 'noindex' }]
  const name = vehicleName(vehicle)
  const sold = vehicle.status === 'sold'
  const { title, description } = data.searchResult
  const path = `/vehicles/${encodeURIComponent(vehicle.id)}`
  return [
    ...pageMeta({
      site,
      title,
      description,
      image: vehicle.images?.[0]?.asset?.url,
      type: 'product',
      lcpImage: { image: vehicle.images?.find((image) => image.asset?.url), sizes: GALLERY_IMAGE_SIZES },
      path,
      breadcrumbs: [
        { name: INVENTORY_TITLE, path: '/vehicles' },
        { name, path },
      ],
      // The Car node comes made from the loader (its rules stay out of the browser's script).
      structuredData: () => (data.structuredData ? [data.structuredData as Thing] : []),
      // A sold vehicle stays reachable for old links but leaves the search index (docs/decisions).
      robots: sold ? 'noindex' : undefined,
    }),
  ]
}

/** Unknown id: the 404 page of spec §8. Anything else (the lake failing) goes on to the root's 500 page. */
export function ErrorBoundary() {
  const error = useRouteError()
  // The loader's 404 body: the way on (decision 101).
  if (isRouteErrorResponse(error) && error.status === 404) return <VehicleNotFound way={error.data as VehicleNotFoundData} />
  throw error
}

const BACK_LINK =
  'inline-flex min-h-11 items-center gap-2 rounded font-semibold text-zinc-800 hover:text-zinc-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900'

export default function VehicleDetailPage() {
  const { vehicle, similar, alternatives, financing, today, slots, priceReduced } = useLoaderData<typeof loader>()
  const settings = useSiteSettings()
  const { siteUrl } = useRouteLoaderData<typeof rootLoader>('root') ?? {}
  const { pathname, search } = useLocation()
  const priceBox = useRef<HTMLDivElement>(null)
  useStickyWhileItFits(priceBox)
  const name = vehicleName(vehicle)
  // What each form sends about the car it asks about.
  const formVehicle = { id: vehicle.id, make: vehicle.make, model: vehicle.model }
  const sold = vehicle.status === 'sold'
  const reserved = vehicle.status === 'reserved'
  const price = parseAmount(vehicle.price)
  const hasPrice = price !== null && Math.round(price) > 0
  const rate = effectiveRateOf(settings)
  // „ab N €/Monat“ as the cards say it (decision 083), next to the price, pointing down to its example.
  const monthlyRate = !sold && hasPrice ? advertisedMonthlyRate(price, rate) : undefined
  const features = (vehicle.features ?? []).filter((feature) => feature.trim() !== '')
  const consumption = consumptionLines(vehicle.consumption)
  const facts = buyerFacts(vehicle, today)
  const net = sold ? null : netPriceLabel(vehicle.vat, price)
  const tel = settings.phone ? telHref(settings.phone) : ''
  const whatsapp = whatsappHref(settings.whatsapp, whatsappMessage(name, `${siteUrl ?? ''}/vehicles/${encodeURIComponent(vehicle.id)}`))
  const subline = [
    vehicle.firstRegistration ? `EZ ${vehicle.firstRegistration}` : String(displayYear(vehicle.year)),
    formatMileage(vehicle.mileage),
    fuelLabel(vehicle.fuelType),
    transmissionLabel(vehicle.transmission),
  ]

  return (
    // data-print: the print stylesheet (app/tailwind.css) leaves the site's header and footer off this page.
    <div data-print="vehicle" className="bg-white">
      {!sold ? <ContactBar tel={tel} whatsapp={whatsapp} /> : null}
      <div className="mx-auto max-w-7xl px-4 pt-6 pb-16 sm:px-6 sm:pt-8 lg:px-8 print:p-0">
        <PrintLetterhead settings={settings} path={pathname} />
        {/* Back to the list with the filters and page it was opened from (app/vehicles/list-return.ts). */}
        <Link to={listReturnHref(search)} prefetch="intent" className={`${BACK_LINK} print:hidden`}>
          <ArrowRightIcon className="size-4 rotate-180" />
          Zurück zur Übersicht
        </Link>

        <div className="mt-4 flex flex-wrap items-start gap-x-4 gap-y-2">
          {/* Model names keep their case (320d, C 220 d), unlike section headings. */}
          <h1 className="text-3xl text-zinc-950 normal-case sm:text-4xl">{name}</h1>
          {sold ? <span className="rounded-full bg-zinc-900 px-3 py-1 text-sm font-bold text-white uppercase">Verkauft</span> : null}
          {reserved ? <span className="rounded-full bg-amber-300 px-3 py-1 text-sm font-bold text-zinc-950 uppercase">Reserviert</span> : null}
        </div>
        <p className="mt-2 text-zinc-700">{subline.join(' · ')}</p>

        {sold ? (
          <div role="status" className="mt-6 rounded-xl border border-zinc-300 bg-zinc-100 p-5 text-zinc-900">
            <p className="font-bold">Dieses Fahrzeug ist bereits verkauft.</p>
            <p className="mt-1">
              {alternatives === 'similar' && similar.length > 0 ? (
                <>
                  Vielleicht passt eines unserer{' '}
                  <a href="#aehnliche-fahrzeuge" className="font-semibold underline underline-offset-4">
                    ähnlichen Fahrzeuge
                  </a>{' '}
                  zu Ihnen – oder Sie sehen sich den{' '}
                  <Link to="/vehicles" className="font-semibold underline underline-offset-4">
                    ganzen Bestand
                  </Link>{' '}
                  an.
                </>
              ) : (
                <>
                  Sehen Sie sich unseren{' '}
                  <Link to="/vehicles" className="font-semibold underline underline-offset-4">
                    aktuellen Bestand
                  </Link>{' '}
                  an – wir suchen auch gern ein passendes Fahrzeug für Sie.
                </>
              )}
            </p>
          </div>
        ) : null}
        {reserved ? (
          // Issue 36: what „Reserviert“ means, and the way to hear when it ends.
          <div role="status" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5 text-zinc-900">
            <p className="font-bold">Dieses Fahrzeug ist reserviert.</p>
            <p className="mt-1">{RESERVED_MEANING}</p>
            <p className="mt-2 print:hidden">
              <a href="#wieder-frei" className="font-semibold underline underline-offset-4">
                Benachrichtigen, falls wieder frei
              </a>
            </p>
          </div>
        ) : null}

        {/* On paper: the photo and the price side by side, the data below, all on one A4 page. */}
        <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-3 lg:gap-10 print:mt-4 print:grid-cols-[3fr_2fr] print:gap-6">
          <div className="lg:col-span-2 print:col-span-1">
            <VehicleGallery key={vehicle.id} images={vehicle.images ?? []} name={name} />
          </div>

          {/* From lg the price box has the column beside the photos, the financing and the data to itself, and
              stays in view below the header while it fits the screen (tablet review Low 9, useStickyWhileItFits). */}
          <div className={`print:row-span-1 ${!sold && hasPrice ? 'lg:row-span-3' : 'lg:row-span-2'}`}>
            <div ref={priceBox} className="rounded-xl border border-zinc-200 p-5 shadow-sm sm:p-6 lg:data-fits:sticky lg:data-fits:top-26">
              <p className="text-sm font-semibold text-zinc-700">{sold ? 'Verkaufspreis' : 'Preis'}</p>
              {/* A figure stays on one line; "Preis auf Anfrage" is words and wraps within the card. */}
              <p
                className={`mt-1 font-extrabold tracking-tight ${hasPrice ? 'text-4xl whitespace-nowrap' : 'text-3xl'} ${sold ? 'text-zinc-500 line-through' : 'text-zinc-950'}`}
              >
                {formatPrice(vehicle.price)}
              </p>
              {priceReduced && !sold ? (
                // PAngV § 11: the former price named is the lowest of the 30 days before the reduction (decision 081).
                <p className="mt-2 text-sm text-zinc-800" data-testid="price-reduced">
                  <span className="mr-2 rounded-full bg-emerald-700 px-2.5 py-0.5 text-xs font-bold text-white uppercase">Preis gesenkt</span>
                  statt <s>{formatPrice(priceReduced.formerPrice)}</s>
                  <span className="block text-xs text-zinc-600">Niedrigster Preis der letzten 30 Tage vor der Senkung</span>
                </p>
              ) : null}
              {monthlyRate ? (
                <p className="mt-1 text-sm text-zinc-800 print:hidden">
                  <a
                    href={`#${FINANCING_ANCHOR}`}
                    data-testid="price-monthly-rate"
                    className="inline-flex min-h-11 max-w-full flex-wrap items-center gap-x-1.5 underline decoration-zinc-400 underline-offset-4 hover:text-zinc-950"
                  >
                    <span className="font-bold whitespace-nowrap text-zinc-950">ab {formatEuro(monthlyRate)}/Monat</span>
                    Finanzierungsbeispiel
                  </a>
                </p>
              ) : null}
              {!sold ? (
                <a href="#preis-beobachten" className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-zinc-900 underline print:hidden">
                  Preis beobachten
                </a>
              ) : null}
              {net ? (
                <p className="mt-1 text-sm text-zinc-700" data-testid="net-price">
                  {net}
                </p>
              ) : null}
              {/* What buyers check before they call (issue 29), next to the price they concern. */}
              {facts.length > 0 ? (
                <ul aria-label="Kaufinformationen" data-testid="buyer-facts" className="mt-3 space-y-1.5 text-sm text-zinc-800">
                  {facts.map((fact) => (
                    <li key={fact.label} className="flex items-start gap-2">
                      {fact.caution ? (
                        <AlertIcon className="mt-0.5 size-4 shrink-0 text-zinc-600" />
                      ) : (
                        <CheckIcon className="mt-0.5 size-4 shrink-0 text-amber-700" />
                      )}
                      {fact.label}
                    </li>
                  ))}
                </ul>
              ) : null}
              {!sold ? (
                <div className="mt-5 flex flex-col gap-3 print:hidden">
                  {reserved ? (
                    <a href="#wieder-frei" className={buttonClasses({ variant: 'primary', surface: 'light' })}>
                      Benachrichtigen, falls wieder frei
                    </a>
                  ) : null}
                  <a href="#anfrage" className={buttonClasses({ variant: reserved ? 'outline-dark' : 'primary', surface: 'light' })}>
                    Fahrzeug anfragen
                  </a>
                  <a href="#probefahrt" className={buttonClasses({ variant: 'outline-dark' })}>
                    <CalendarIcon className="size-4" />
                    Probefahrt vereinbaren
                  </a>
                  {tel ? (
                    <a href={tel} className={buttonClasses({ variant: 'outline-dark' })}>
                      <PhoneIcon className="size-4" />
                      {settings.phone}
                    </a>
                  ) : null}
                  <SaveButton id={vehicle.id} name={name} className="self-center" />
                </div>
              ) : null}
            </div>
          </div>
          {!sold && hasPrice ? (
            // Beside the price on phones and tablets (the order of the page), under the photos from lg.
            <div className="lg:col-span-2 print:hidden">
              <HydrationBoundary>
                <FinancingExample key={vehicle.id} price={price} effectiveRatePercent={rate} initial={financing} path={pathname} />
              </HydrationBoundary>
            </div>
          ) : null}

          <HydrationBoundary>
            <div className="space-y-10 lg:col-span-2 print:col-span-2 print:space-y-4">
              <section aria-labelledby="technische-daten">
                <h2 id="technische-daten" className="text-2xl text-zinc-950 print:text-base">
                  Technische Daten
                </h2>
                <dl className="mt-4 grid grid-cols-1 gap-x-8 sm:grid-cols-2 print:mt-2 print:text-sm">
                  {technicalData(vehicle, today).map((row) => (
                    <div key={row.label} className="flex justify-between gap-4 border-b border-zinc-200 py-2.5 print:py-1">
                      <dt className="text-zinc-700">{row.label}</dt>
                      <dd className="text-right font-semibold text-zinc-950">{row.value}</dd>
                    </div>
                  ))}
                </dl>
              </section>

              {consumption.length > 0 ? (
                <section aria-labelledby="verbrauch">
                  <h2 id="verbrauch" className="text-2xl text-zinc-950 print:text-base">
                    Verbrauch und Emissionen
                  </h2>
                  <ul className="mt-4 space-y-1 text-zinc-800 print:mt-2 print:text-sm">
                    {consumption.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                  <p className="mt-3 text-xs text-zinc-600">Angaben nach WLTP, soweit vom Hersteller bzw. aus der Zulassung bekannt.</p>
                </section>
              ) : null}

              {features.length > 0 ? (
                <section aria-labelledby="ausstattung">
                  <h2 id="ausstattung" className="text-2xl text-zinc-950 print:text-base">
                    Ausstattung
                  </h2>
                  <ul className="mt-4 grid grid-cols-1 gap-x-8 gap-y-2 sm:grid-cols-2 print:mt-2 print:gap-y-0.5 print:text-sm">
                    {features.map((feature) => (
                      <li key={feature} className="flex items-start gap-2 text-zinc-800">
                        <CheckIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}

              {vehicle.description?.trim() ? (
                // The description would take a second sheet; the key data, price and contact fit on one.
                <section aria-labelledby="beschreibung" className="print:hidden">
                  <h2 id="beschreibung" className="text-2xl text-zinc-950 print:text-base">
                    Beschreibung
                  </h2>
                  <p className="mt-4 leading-relaxed whitespace-pre-line text-zinc-800">{vehicle.description.trim()}</p>
                </section>
              ) : null}
            </div>
          </HydrationBoundary>
        </div>

        {reserved ? (
          <LeadSection
            id="wieder-frei"
            highlighted
            className="mt-14"
            heading="Benachrichtigen, falls wieder frei"
            intro={`Der ${name} ist reserviert. Hinterlassen Sie Ihren Namen und Ihre Telefonnummer oder E-Mail-Adresse: Fällt die Reservierung weg, melden wir uns bei Ihnen.`}
          >
            <LeadForm kind="availability-alert" anchor="wieder-frei" vehicle={formVehicle} submitLabel="BENACHRICHTIGEN, FALLS WIEDER FREI" />
          </LeadSection>
        ) : null}

        {!sold ? (
          <LeadSection
            id="anfrage"
            className="mt-14"
            heading="Fahrzeug anfragen"
            intro={`Fragen zum ${name}, Probefahrt oder Finanzierung: Schreiben Sie uns, wir melden uns schnellstmöglich.`}
          >
            <LeadForm kind="vehicle-enquiry" anchor="anfrage" vehicle={formVehicle} />
          </LeadSection>
        ) : null}

        {!sold && hasPrice ? (
          // Issue 38 item 3: the calculator's „Finanzierung anfragen“ lands here with its term and down payment.
          <LeadSection
            id={FINANCING_REQUEST_ANCHOR}
            className="mt-10"
            heading="Finanzierung anfragen"
            intro={
              <>
                Für den {name} zu {formatPrice(vehicle.price)}: Wir rechnen Laufzeit und Anzahlung mit unserer Partnerbank durch und melden uns mit Ihrem
                Angebot. Das{' '}
                <a href={`#${FINANCING_ANCHOR}`} className="font-semibold underline underline-offset-4">
                  Finanzierungsbeispiel
                </a>{' '}
                zeigt die Rate vorab.
              </>
            }
          >
            <LeadForm
              // A new term or down payment from the calculator (a navigation) starts the form with them.
              key={`${financing.termMonths}-${financing.downPayment}`}
              kind="financing-request"
              anchor={FINANCING_REQUEST_ANCHOR}
              vehicle={formVehicle}
              financing={financing}
              submitLabel="FINANZIERUNG ANFRAGEN"
            />
          </LeadSection>
        ) : null}

        {!sold ? (
          <LeadSection
            id="preis-beobachten"
            className="mt-10"
            heading="Preis beobachten"
            intro={`Wir schreiben Ihnen eine E-Mail, sobald der Preis des ${name} sinkt. Vorher bestätigen Sie Ihre Adresse über einen Link, den wir Ihnen schicken.`}
          >
            <LeadForm
              kind="price-alert"
              anchor="preis-beobachten"
              vehicle={formVehicle}
              submitLabel="PREIS BEOBACHTEN"
              fieldNotes={{ email: PRICE_ALERT_CONSENT }}
            />
          </LeadSection>
        ) : null}

        {!sold ? (
          <LeadSection
            id="probefahrt"
            className="mt-10"
            heading="Probefahrt vereinbaren"
            intro={`Wählen Sie Ihren Wunschtermin in unseren Öffnungszeiten. ${
              reserved ? reservedTestDriveNote(name) : `Wir rufen Sie an und bestätigen ihn – der ${name} steht dann für Sie bereit.`
            }`}
          >
            <LeadForm
              kind="test-drive"
              anchor="probefahrt"
              vehicle={formVehicle}
              slots={slots}
              submitLabel="PROBEFAHRT ANFRAGEN"
              fieldNotes={{ tradeIn: <TradeInNote vehicleId={vehicle.id} /> }}
              confirmationNote={
                <>
                  {reserved ? <p className="mb-2 font-semibold">{reservedTestDriveNote(name)}</p> : null}
                  <TradeInNote vehicleId={vehicle.id} />
                </>
              }
            />
          </LeadSection>
        ) : null}

        <HydrationBoundary>
          <AlternativeVehicles vehicles={similar} alternatives={alternatives} />
        </HydrationBoundary>
        {/* A sold car's page is a way on, like an unknown id's (decision 101); its own boundary, so the cars never wait for its chunk. */}
        {sold ? (
          <HydrationBoundary>
            <WayOn query={[vehicle.make, vehicle.model].filter(Boolean).join(' ')} />
          </HydrationBoundary>
        ) : null}
      </div>
    </div>
  )
}

/** Room a sticky price box needs besides its own height: `top-26` (104 px: the 80 px header and 24 px) and 16 px below it. */
const STICKY_ROOM_PX = 120

/**
 * Marks the box `data-fits` while it fits the window below the header, for its `data-fits:sticky`: a
 * sticky box taller than the screen would hide its own end. Checked once hydrated (its content is the
 * server's by then) and whenever the window changes size. Without JavaScript it is not sticky.
 */
function useStickyWhileItFits(ref: RefObject<HTMLElement>) {
  useEffect(() => {
    const box = ref.current
    if (!box) return
    const check = () => box.toggleAttribute('data-fits', box.offsetHeight + STICKY_ROOM_PX <= innerHeight)
    check()
    addEventListener('resize', check)
    return () => removeEventListener('resize', check)
  }, [ref])
}

/** Under the trade-in checkbox and with the confirmation: the way into the sell flow, this car noted. */
function TradeInNote({ vehicleId }: { vehicleId: string }) {
  return (
    <p>
      Sie möchten Ihr jetziges Auto in Zahlung geben?{' '}
      <a href={tradeInHref(vehicleId)} className="font-semibold text-zinc-900 underline underline-offset-4">
        Jetzt Ihr Fahrzeug bewerten lassen
      </a>
    </p>
  )
}

const BAR_LINK =
  'flex min-h-14 flex-col items-center justify-center gap-0.5 text-sm font-semibold text-zinc-900 focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-amber-500'

/**
 * Phones only (hidden from md up): call, WhatsApp and the enquiry, always one tap away. Plain links:
 * no script and no request before a tap. app/tailwind.css gives the page room below it
 * (`data-contact-bar`), so it never covers the end of the page or a toast.
 */
function ContactBar({ tel, whatsapp }: { tel: string; whatsapp: string | undefined }) {
  return (
    <nav
      aria-label="Schnellkontakt"
      data-contact-bar
      className="fixed inset-x-0 bottom-0 z-40 border-t border-zinc-200 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_8px_rgba(0,0,0,0.08)] md:hidden print:hidden"
    >
      <ul className="mx-auto flex max-w-xl divide-x divide-zinc-200">
        {tel ? (
          <li className="flex-1">
            <a href={tel} className={BAR_LINK}>
              <PhoneIcon className="size-5" />
              Anrufen
            </a>
          </li>
        ) : null}
        {whatsapp ? (
          <li className="flex-1">
            <a href={whatsapp} className={BAR_LINK} target="_blank" rel="noopener noreferrer">
              <WhatsAppGlyph />
              WhatsApp
            </a>
          </li>
        ) : null}
        <li className="flex-1">
          <a href="#anfrage" className={BAR_LINK}>
            <MailIcon className="size-5" />
            Anfragen
          </a>
        </li>
      </ul>
    </nav>
  )
}

/** A speech bubble (the site's own drawing: no brand asset is loaded). */
function WhatsAppGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M21 11.5a8.38 8.38 0 0 1-.9 3.8 8.5 8.5 0 0 1-7.6 4.7 8.38 8.38 0 0 1-3.8-.9L3 21l1.9-5.7a8.38 8.38 0 0 1-.9-3.8 8.5 8.5 0 0 1 4.7-7.6 8.38 8.38 0 0 1 3.8-.9h.5a8.48 8.48 0 0 1 8 8v.5z" />
    </svg>
  )
}

/** On paper only: who offers the car and how to reach them, above the vehicle (a printout has no header or footer). */
function PrintLetterhead({ settings, path }: { settings: ReturnType<typeof useSiteSettings>; path: string }) {
  const { siteUrl } = useRouteLoaderData<typeof rootLoader>('root') ?? {}
  const address = settings.address
  const contact = [
    address ? `${address.street}, ${address.postalCode} ${address.city}` : null,
    settings.phone ? `Tel. ${settings.phone}` : null,
    settings.email,
  ].filter(Boolean)
  return (
    <div className="hidden border-b-2 border-black pb-2 print:block">
      <p className="text-lg font-bold">{settings.dealerName}</p>
      <p className="text-sm">{contact.join(' · ')}</p>
      {siteUrl ? <p className="text-sm">{`${siteUrl}${path}`}</p> : null}
    </div>
  )
}
