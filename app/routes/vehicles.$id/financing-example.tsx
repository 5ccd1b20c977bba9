import { useEffect, useRef, useState, type FormEvent } from 'react'
import { CONTROL_CLASSES, Field } from '#app/components/ui/field.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { formatDecimal } from '#app/utils/format.ts'
import { readWholeNumber, wholeNumberInputAttributes } from '#app/utils/form-rules.ts'
import { financingRequestPrefill } from '#app/submissions/lead-prefill.ts'
import { useHydrated } from '#app/utils/hydration.tsx'
import { scrollToSection } from '#app/utils/scroll.ts'
import {
  calculateFinancing,
  clampTerm,
  FINANCING_ANCHOR,
  FINANCING_PARAMS,
  FINANCING_REQUEST_ANCHOR,
  formatAdvertisedRate,
  formatEuroCents,
  formatRatePercent,
  lenderLine,
  NO_LOAN_MESSAGES,
  TERM_OPTIONS,
} from '#app/vehicles/financing.ts'

const DOWN_PAYMENT_HINT = 'Bitte geben Sie die Anzahlung in ganzen Euro an, z. B. 5.000.'

/** The calculator's GET form; „Mit diesen Werten anfragen“ below the figures belongs to it. */
const CALCULATOR_FORM_ID = 'finanzierung-rechner'

export interface FinancingExampleProps {
  /** The vehicle's cash price in euros. */
  price: number
  /** The advertised effective annual rate (site settings: claims.financingFromPercent). */
  effectiveRatePercent: number
  /** The inputs from the page's query string (financingInputFromParams). */
  initial: { downPayment: number; termMonths: number }
  /** The page's path: the form's GET target without JavaScript. */
  path: string
  /** The bank that grants the loans, name and address (settings: legal.lender), which the example must name (§ 17 PAngV). */
  lender?: string | null
}

const { notNeeded: NOT_NEEDED_TEXT, belowMinimum: TOO_SMALL_TEXT } = NO_LOAN_MESSAGES
/** How long the figures must rest before the new result is announced. */
const ANNOUNCE_DELAY_MS = 700

/**
 * The financing example under the price (issue 5 §4): down payment and term adjustable, the
 * monthly rate by the annuity formula (app/vehicles/financing.ts), and the figures German price
 * law expects in a financing example. A GET form: without JavaScript 'Neu berechnen' reloads
 * the page with `?anzahlung=…&laufzeit=…` (shareable); with JavaScript every change
 * recalculates at once and the address follows without a reload.
 */
export function FinancingExample({ price, effectiveRatePercent, initial, path, lender }: FinancingExampleProps) {
  const hydrated = useHydrated()
  const [downText, setDownText] = useState(formatDecimal(initial.downPayment))
  // What the browser's check makes of the typed amount: a decimal or a minus is said at the field, and
  // the example keeps the last whole amount instead of reading another.
  const [downValid, setDownValid] = useState(true)
  const [downPayment, setDownPayment] = useState(initial.downPayment)
  const [term, setTerm] = useState(clampTerm(initial.termMonths))
  const example = calculateFinancing({ price, downPayment, termMonths: term, effectiveAnnualRatePercent: effectiveRatePercent })
  // What a screen reader hears of a new result: one sentence, once the typing has paused (the figures
  // below, read out as they change, were six amounts without their labels on every keystroke).
  const summary =
    example.status === 'financed'
      ? `Monatliche Rate ${formatEuroCents(example.monthlyPayment)} bei ${example.termMonths} Monaten`
      : example.status === 'not-needed'
        ? NOT_NEEDED_TEXT
        : TOO_SMALL_TEXT
  const [announced, setAnnounced] = useState('')
  // The result the page opened with is on the page to read, not news: only a changed one is announced.
  const lastAnnounced = useRef(summary)
  useEffect(() => {
    if (summary === lastAnnounced.current) return
    const timer = setTimeout(() => {
      lastAnnounced.current = summary
      setAnnounced(summary)
    }, ANNOUNCE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [summary])
  const lenderText = lenderLine(lender)
  const terms = TERM_OPTIONS.includes(term as (typeof TERM_OPTIONS)[number]) ? TERM_OPTIONS : [...TERM_OPTIONS, term].sort((a, b) => a - b)

  const syncAddress = (down: string, months: number) => {
    const url = new URL(window.location.href)
    const amount = readWholeNumber(down)
    if (amount === null) url.searchParams.delete(FINANCING_PARAMS.downPayment)
    else url.searchParams.set(FINANCING_PARAMS.downPayment, String(amount))
    url.searchParams.set(FINANCING_PARAMS.term, String(months))
    // The router's state stays as it is: this only makes the address shareable, no navigation.
    window.history.replaceState(window.history.state, '', url)
  }
  // „Mit diesen Werten anfragen“ with JavaScript: these figures into the request form below (its term and
  // down payment fields), then there; without, the button's GET loads the page with them at the form.
  const requestFinancing = () => {
    const form = document.querySelector<HTMLFormElement>(`#${FINANCING_REQUEST_ANCHOR} form`)
    const figures = financingRequestPrefill({ termMonths: term, downPayment })
    for (const [name, value] of Object.entries(figures)) {
      const field = form?.elements.namedItem(name)
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = value
    }
    scrollToSection(FINANCING_REQUEST_ANCHOR)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // With JavaScript the figures are already current; Enter in the field must not reload the page.
    event.preventDefault()
  }

  return (
    <section
      id={FINANCING_ANCHOR}
      aria-labelledby="finanzierung-heading"
      className="scroll-mt-24 rounded-xl print:hidden border border-zinc-200 bg-zinc-50 p-5 sm:p-6"
    >
      <h2 id="finanzierung-heading" className="text-xl text-zinc-950">
        Finanzierung ab {formatAdvertisedRate(effectiveRatePercent)} eff. Jahreszins
      </h2>
      <p className="mt-1 text-sm font-semibold text-zinc-700">Unverbindliches Finanzierungsbeispiel</p>

      <form
        id={CALCULATOR_FORM_ID}
        method="get"
        action={`${path}#${FINANCING_ANCHOR}`}
        onSubmit={hydrated ? onSubmit : undefined}
        className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2"
      >
        <Field id="finanzierung-anzahlung" name={FINANCING_PARAMS.downPayment} label="Anzahlung (€)" errors={downValid ? null : [DOWN_PAYMENT_HINT]}>
          {(props) => (
            <input
              {...props}
              {...wholeNumberInputAttributes(DOWN_PAYMENT_HINT, hydrated)}
              value={downText}
              onChange={(event) => {
                const { value, validity } = event.target
                setDownText(value)
                setDownValid(validity.valid)
                if (!validity.valid) return
                setDownPayment(readWholeNumber(value) ?? 0)
                syncAddress(value, term)
              }}
              className={CONTROL_CLASSES}
            />
          )}
        </Field>
        <div>
          <label htmlFor="finanzierung-laufzeit" className="mb-1.5 block text-sm font-semibold text-zinc-900">
            Laufzeit
          </label>
          <select
            id="finanzierung-laufzeit"
            name={FINANCING_PARAMS.term}
            value={term}
            onChange={(event) => {
              const months = clampTerm(Number(event.target.value))
              setTerm(months)
              syncAddress(String(downPayment), months)
            }}
            className={`${CONTROL_CLASSES} appearance-auto`}
          >
            {terms.map((months) => (
              <option key={months} value={months}>
                {months} Monate
              </option>
            ))}
          </select>
        </div>
        {hydrated ? null : (
          <div className="sm:col-span-2">
            <button type="submit" className={buttonClasses({ variant: 'dark', className: 'w-full sm:w-auto' })}>
              Neu berechnen
            </button>
          </div>
        )}
      </form>

      <p role="status" className="sr-only">
        {announced}
      </p>
      <div className="mt-5" data-testid="financing-result">
        {example.status === 'financed' ? (
          <>
            <p className="text-zinc-700">
              Monatliche Rate{' '}
              <strong className="block text-3xl font-extrabold tracking-tight whitespace-nowrap text-zinc-950">
                {formatEuroCents(example.monthlyPayment)}
              </strong>
            </p>
            {/* Labels hyphenate where they must break (narrow phones): never a word cut without a hyphen. */}
            <dl className="mt-4 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1.5 text-sm text-zinc-800 hyphens-auto">
              <dt>Fahrzeugpreis (Barzahlungspreis)</dt>
              <dd className="text-right whitespace-nowrap">{formatEuroCents(example.price)}</dd>
              <dt>Anzahlung</dt>
              <dd className="text-right whitespace-nowrap">{formatEuroCents(example.downPayment)}</dd>
              <dt>Nettodarlehensbetrag</dt>
              <dd className="text-right whitespace-nowrap">{formatEuroCents(example.netLoanAmount)}</dd>
              <dt>Sollzinssatz (gebunden) p.{'\u00a0'}a.</dt>
              <dd className="text-right whitespace-nowrap">{formatRatePercent(example.nominalRatePercent)}</dd>
              <dt>Effektiver Jahreszins</dt>
              <dd className="text-right whitespace-nowrap">{formatRatePercent(example.effectiveAnnualRatePercent)}</dd>
              <dt>Laufzeit</dt>
              <dd className="text-right whitespace-nowrap">{example.termMonths} Monate</dd>
              {/* The rates add up to the total as written: „47 × …“ and the last one, when it differs. */}
              <dt>Monatliche Rate</dt>
              <dd className="text-right whitespace-nowrap">
                {example.finalPayment === example.monthlyPayment ? example.termMonths : example.termMonths - 1} × {formatEuroCents(example.monthlyPayment)}
              </dd>
              {example.finalPayment !== example.monthlyPayment ? (
                <>
                  <dt>letzte Rate</dt>
                  <dd className="text-right whitespace-nowrap">{formatEuroCents(example.finalPayment)}</dd>
                </>
              ) : null}
              <dt className="font-semibold">Gesamtbetrag</dt>
              <dd className="text-right font-semibold whitespace-nowrap">{formatEuroCents(example.totalAmount)}</dd>
            </dl>
          </>
        ) : example.status === 'not-needed' ? (
          <p className="font-semibold text-zinc-900">{NOT_NEEDED_TEXT}</p>
        ) : (
          <p className="font-semibold text-zinc-900">{TOO_SMALL_TEXT}</p>
        )}
      </div>

      {/* Without JavaScript a GET of this page with the fields, landing at the request form (issue 38 item 3). */}
      {example.status === 'financed' ? (
        <div className="mt-5">
          <button
            type={hydrated ? 'button' : 'submit'}
            form={CALCULATOR_FORM_ID}
            formAction={hydrated ? undefined : `${path}#${FINANCING_REQUEST_ANCHOR}`}
            onClick={hydrated ? requestFinancing : undefined}
            className={buttonClasses({ variant: 'primary', surface: 'light', className: 'w-full sm:w-auto' })}
          >
            {/* Not „Finanzierung anfragen“: that is the request form's button, which sends; this one only takes the figures there. */}
            Mit diesen Werten anfragen
          </button>
        </div>
      ) : null}
      <p className="mt-4 text-xs leading-relaxed text-zinc-600">
        {lenderText
          ? `Unverbindliches Finanzierungsbeispiel; ${lenderText}. Bonität vorausgesetzt.`
          : 'Unverbindliches Finanzierungsbeispiel einer unserer Partnerbanken, Bonität vorausgesetzt.'}{' '}
        Sollzinssatz gebunden für die gesamte Laufzeit; gleichbleibende monatliche Raten, die letzte Rate gleicht Rundungen aus. Kein Angebot: Die Konditionen
        Ihrer Finanzierung hängen von Ihrer Bonität, der Anzahlung und der Laufzeit ab. Wir beraten Sie gern.
      </p>
    </section>
  )
}
