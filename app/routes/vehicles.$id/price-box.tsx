import { type RefObject, useEffect, useRef } from 'react'
import { AlertIcon, CalendarIcon, CheckIcon, PhoneIcon } from '#app/components/icons.tsx'
import { SaveButton } from '#app/components/save-button.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { formatEuro, formatPrice } from '#app/utils/format.ts'
import { advertisedMonthlyRate, FINANCING_ANCHOR } from '#app/vehicles/financing.ts'
import { type PriceReduction } from '#app/vehicles/price-history.ts'
import { type VehicleDetail } from './data.server'
import { type BuyerFact } from './vehicle-facts'

/**
 * The price and what goes with it: a reduction, the monthly rate, the net price, what buyers check before
 * they call (issue 29), and the ways to act (ask, test drive, call, save, watch the price). From lg it has the column beside
 * the photos and stays in view while it fits the screen (useStickyWhileItFits).
 */
export function PriceBox({
  vehicle,
  name,
  facts,
  netPrice,
  price,
  rate,
  priceReduced,
  tel,
  phone,
}: {
  vehicle: Pick<VehicleDetail, 'id' | 'price' | 'status'>
  name: string
  /** What buyers check before they call (issue 29), next to the price they concern: the loader's `buyerFacts`. */
  facts: readonly BuyerFact[]
  /** „31.849,58 € netto (zzgl. 19 % MwSt.)“ for a car whose VAT can be shown, else null: the loader's `netPriceLabel`. */
  netPrice: string | null
  /** The price as a number, null when it is none („Preis auf Anfrage“). */
  price: number | null
  /** The effective rate of the financing example, in per cent. */
  rate: number
  priceReduced: PriceReduction | undefined
  /** The dealer's `tel:` link, empty without a phone number. */
  tel: string
  phone: string | null | undefined
}) {
  const sold = vehicle.status === 'sold'
  const reserved = vehicle.status === 'reserved'
  const hasPrice = price !== null
  // „ab N €/Monat“ as the cards say it (decision 083), pointing down to its example.
  const monthlyRate = !sold && hasPrice ? advertisedMonthlyRate(price, rate) : undefined
  const priceBox = useRef<HTMLDivElement>(null)
  useStickyWhileItFits(priceBox)
  return (
    <div ref={priceBox} className="rounded-xl border border-zinc-200 p-5 shadow-sm sm:p-6 lg:data-fits:sticky lg:data-fits:top-26 print:p-4">
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
      {netPrice ? (
        <p className="mt-1 text-sm text-zinc-700" data-testid="net-price">
          {netPrice}
        </p>
      ) : null}
      {facts.length > 0 ? (
        <ul aria-label="Kaufinformationen" data-testid="buyer-facts" className="mt-3 space-y-1.5 text-sm text-zinc-800 print:mt-2 print:space-y-0.5">
          {facts.map((fact) => (
            <li key={fact.label} className="flex items-start gap-2">
              {fact.caution ? <AlertIcon className="mt-0.5 size-4 shrink-0 text-zinc-600" /> : <CheckIcon className="mt-0.5 size-4 shrink-0 text-amber-700" />}
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
              {/* A number is read as one: never „0201 8512 / 3400“. */}
              <span className="whitespace-nowrap">{phone}</span>
            </a>
          ) : null}
          {/* The two ways to keep the car in mind share a row: one row less keeps the box of a car with its net
              price short enough to stay in view at 1280 × 720. */}
          <div className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2">
            <SaveButton id={vehicle.id} name={name} />
            {/* Without a price („Preis auf Anfrage“) there is nothing to watch. */}
            {hasPrice ? (
              <a href="#preis-beobachten" className="inline-flex min-h-11 items-center text-sm font-semibold text-zinc-900 underline">
                Preis beobachten
              </a>
            ) : null}
          </div>
        </div>
      ) : null}
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
