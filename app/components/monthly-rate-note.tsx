import { useSiteSettings } from '#app/utils/site-settings.ts'
import { type FinancedExample } from '#app/vehicles/financing.ts'
// The footnote's figures come computed from the loader: only the names and formats, not the calculator (decision 094).
import {
  DEFAULT_DOWN_PAYMENT_SHARE,
  DEFAULT_EFFECTIVE_RATE_PERCENT,
  DEFAULT_TERM_MONTHS,
  formatEuroCents,
  formatRatePercent,
  lenderLine,
} from '#app/vehicles/financing-terms.ts'

export interface MonthlyRateNoteProps {
  /**
   * The representative example of the copy's „Finanzierung ab 2,9 %*“ (fetchPageWithFigures): the note
   * is then the page's footnote with all of its figures, after the page's content. Without it, the note
   * of „ab … €/Monat*“, whose example each car's page computes in full.
   */
  example?: FinancedExample | null
}

const NOTE_CLASSES = 'text-xs leading-relaxed text-zinc-600'

/**
 * The footnote of a rate (PAngV § 17: an advertised rate names its example and the lender): the
 * example the vehicle page computes, and the lender as the vehicle page names it.
 */
export function MonthlyRateNote({ example }: MonthlyRateNoteProps) {
  const settings = useSiteSettings()
  const lender = `${lenderLine(settings.legal?.lender) ?? 'Darlehensgeber: eine unserer Partnerbanken'}.`
  if (example) {
    const { termMonths, monthlyPayment, finalPayment } = example
    // Number and amount of the instalments; the last one settles the rounding (financing.ts).
    const instalments =
      finalPayment === monthlyPayment
        ? `${termMonths} monatliche Raten zu je ${formatEuroCents(monthlyPayment)}`
        : `${termMonths - 1} monatliche Raten zu je ${formatEuroCents(monthlyPayment)} und eine letzte Rate von ${formatEuroCents(finalPayment)}`
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <p className={NOTE_CLASSES} data-testid="financing-footnote">
          {`* Repräsentatives Beispiel nach §\u00a017 Abs.\u00a04 PAngV: Barzahlungspreis ${formatEuroCents(example.price)}, Anzahlung ${formatEuroCents(example.downPayment)}, Nettodarlehensbetrag ${formatEuroCents(example.netLoanAmount)}, Laufzeit ${termMonths} Monate, gebundener Sollzinssatz ${formatRatePercent(example.nominalRatePercent)} p.\u00a0a., effektiver Jahreszins ${formatRatePercent(example.effectiveAnnualRatePercent)}, ${instalments}, Gesamtbetrag ${formatEuroCents(example.totalAmount)}. ${lender} Bonität vorausgesetzt.`}
        </p>
      </div>
    )
  }
  const rate = settings.claims?.financingFromPercent ?? DEFAULT_EFFECTIVE_RATE_PERCENT
  return (
    <p className={`mt-6 ${NOTE_CLASSES}`}>
      * Monatliche Rate nach unserem Finanzierungsbeispiel: {Math.round(DEFAULT_DOWN_PAYMENT_SHARE * 100)}&nbsp;% Anzahlung, {DEFAULT_TERM_MONTHS} Monate
      Laufzeit, effektiver Jahreszins {formatRatePercent(rate)}. Das vollständige Beispiel mit allen Angaben steht auf der Seite des jeweiligen Fahrzeugs.{' '}
      {lender}
    </p>
  )
}
