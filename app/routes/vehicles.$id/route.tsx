import { type MetaFunction, type HeadersFunction } from '@remix-run/node'
import { Fragment } from 'react'
import { isRouteErrorResponse, Link, useLoaderData, useLocation, useRouteError, useRouteLoaderData } from '@remix-run/react'
import { HydrationBoundary } from '#app/utils/hydration.tsx'
import { ArrowRightIcon } from '#app/components/icons.tsx'
import { type loader as rootLoader } from '#app/root.tsx'
import { submissionPageAction } from '#app/submissions/actions.server.ts'
import { RESERVED_MEANING } from '#app/submissions/vehicle-lead-forms.ts'
import { CACHE_CONTROL, routeHeaders } from '#app/utils/http.server.ts'
import { askingPrice, displayYear, formatMileage, fuelLabel, parseAmount, telHref, transmissionLabel, dealerTitle } from '#app/utils/format.ts'
import { pageMeta } from '#app/utils/page-meta.ts'
import { useSiteSettings } from '#app/utils/site-settings.ts'
import { effectiveRateOf } from '#app/vehicles/financing.ts'
import { whatsappMessage } from '#app/vehicles/contact-links.ts'
import { whatsappHref } from '#app/components/whatsapp.tsx'
import { listReturnHref } from '#app/vehicles/list-return.ts'
import { ContactBar } from './contact-bar'
import { loadVehicleDetail, type VehicleNotFoundData } from './data.server'
import { FinancingExample } from './financing-example'
import { PriceBox } from './price-box'
import { PrintLetterhead } from './print-letterhead'
import { vehicleName } from './vehicle-facts'
import { VehicleDetails } from './vehicle-details'
import { VehicleForms } from './vehicle-forms'
import { GALLERY_IMAGE_SIZES, VehicleGallery } from './vehicle-gallery'
import { VehicleNotFound } from './vehicle-not-found'
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
  const sold = vehicle.status === 'sold'
  const { title, description } = data.searchResult
  const path = `/vehicles/${encodeURIComponent(vehicle.id)}`
  return [
    ...pageMeta({
      site,
      title,
      description,
      image: vehicle.images?.[0],
      type: 'product',
      lcpImage: { image: vehicle.images?.find((image) => image.asset?.url), sizes: GALLERY_IMAGE_SIZES },
      path,
      // Its breadcrumbs and the Car node come made from the loader (their rules stay out of the browser's script).
      structuredData: data.structuredData,
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
  const { vehicle, similar, alternatives, financing, today, facts, netPrice, slots, sentSlot, priceReduced } = useLoaderData<typeof loader>()
  const settings = useSiteSettings()
  const { siteUrl } = useRouteLoaderData<typeof rootLoader>('root') ?? {}
  const { pathname, search } = useLocation()
  const name = vehicleName(vehicle)
  const sold = vehicle.status === 'sold'
  const reserved = vehicle.status === 'reserved'
  const price = parseAmount(vehicle.price)
  const hasPrice = price !== null && askingPrice(price) !== null
  const rate = effectiveRateOf(settings)
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
      <div className="mx-auto max-w-7xl px-4 pt-6 pb-16 sm:px-6 sm:pt-8 lg:px-8 print:p-0">
        <PrintLetterhead settings={settings} path={pathname} />
        {/* Back to the list with the filters and page it was opened from (app/vehicles/list-return.ts). */}
        <Link to={listReturnHref(search)} prefetch="intent" className={`${BACK_LINK} print:hidden`}>
          <ArrowRightIcon className="size-4 rotate-180" />
          Zurück zur Übersicht
        </Link>

        <div className="mt-4 flex flex-wrap items-start gap-x-4 gap-y-2">
          {/* Model names keep their case (320d, C 220 d), unlike section headings. */}
          <h1 className="text-3xl text-zinc-950 normal-case sm:text-4xl print:text-2xl">{name}</h1>
          {sold ? <span className="rounded-full bg-zinc-900 px-3 py-1 text-sm font-bold text-white uppercase">Verkauft</span> : null}
          {reserved ? <span className="rounded-full bg-amber-300 px-3 py-1 text-sm font-bold text-zinc-950 uppercase">Reserviert</span> : null}
        </div>
        {/* Each fact whole on its line, „68.500 km“ and „EZ 03/2020“ never split; the dot ends a line, never starts one. */}
        <p className="mt-2 text-zinc-700">
          {subline.map((part, index) => (
            <Fragment key={index}>
              {index > 0 ? ' ' : null}
              <span className="whitespace-nowrap">{index < subline.length - 1 ? `${part}\u00a0·` : part}</span>
            </Fragment>
          ))}
        </p>

        {sold ? (
          <div role="status" className="mt-6 rounded-xl border border-zinc-300 bg-zinc-100 p-5 text-zinc-900 print:mt-3 print:p-3 print:text-sm">
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
          <div role="status" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5 text-zinc-900 print:mt-3 print:p-3 print:text-sm">
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
              stays in view below the header while it fits the screen (PriceBox). */}
          <div className={`print:row-span-1 ${!sold && hasPrice ? 'lg:row-span-3' : 'lg:row-span-2'}`}>
            <PriceBox
              vehicle={vehicle}
              name={name}
              facts={facts}
              netPrice={netPrice}
              price={hasPrice ? price : null}
              rate={rate}
              priceReduced={priceReduced}
              tel={tel}
              phone={settings.phone}
            />
          </div>
          {!sold && hasPrice ? (
            // Beside the price on phones and tablets (the order of the page), under the photos from lg.
            <div className="lg:col-span-2 print:hidden">
              <HydrationBoundary>
                <FinancingExample
                  key={vehicle.id}
                  price={price}
                  effectiveRatePercent={rate}
                  initial={financing}
                  path={pathname}
                  lender={settings.legal?.lender}
                />
              </HydrationBoundary>
            </div>
          ) : null}

          <HydrationBoundary>
            <VehicleDetails vehicle={vehicle} today={today} />
          </HydrationBoundary>
        </div>

        <VehicleForms vehicle={vehicle} name={name} hasPrice={hasPrice} financing={financing} slots={slots} sentSlot={sentSlot} />

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
      {/* Fixed at the bottom of a phone's screen, and last in the page's order: read and tabbed to after the car, not before it. */}
      {!sold ? <ContactBar tel={tel} whatsapp={whatsapp} /> : null}
    </div>
  )
}
