import { useSiteSettings } from '#app/utils/site-settings.ts'
// Only the names and formats, not the calculator (decision 094).
import {
  DEFAULT_DOWN_PAYMENT_SHARE,
  DEFAULT_EFFECTIVE_RATE_PERCENT,
  DEFAULT_TERM_MONTHS,
  formatRatePercent,
  lenderSentence,
} from '#app/vehicles/financing-terms.ts'

/**
 * The footnote of the cards' „ab … €/Monat*“ (PAngV § 17: a rate names its example and the lender): the
 * example each car's page computes in full, and the lender as the vehicle page names it. It says how the
 * figures are rounded (decision 083), so „ab 513 €“ beside the page's 512,11 € reads as intended.
 */
export function MonthlyRateNote() {
  const settings = useSiteSettings()
  const rate = settings.claims?.financingFromPercent ?? DEFAULT_EFFECTIVE_RATE_PERCENT
  return (
    <p className="mt-6 text-xs leading-relaxed text-zinc-600">
      * Monatliche Rate nach unserem Finanzierungsbeispiel, auf volle Euro aufgerundet: {Math.round(DEFAULT_DOWN_PAYMENT_SHARE * 100)}&nbsp;% Anzahlung
      (abgerundet auf volle 100&nbsp;€), {DEFAULT_TERM_MONTHS} Monate Laufzeit, effektiver Jahreszins {formatRatePercent(rate)}. Das vollständige Beispiel mit
      allen Angaben steht auf der Seite des jeweiligen Fahrzeugs. {lenderSentence(settings.legal?.lender)}
    </p>
  )
}
