import { useSiteSettings } from '#app/utils/site-settings.ts'
import { DEFAULT_DOWN_PAYMENT_SHARE, DEFAULT_EFFECTIVE_RATE_PERCENT, DEFAULT_TERM_MONTHS, formatRatePercent } from '#app/vehicles/financing.ts'

/**
 * The footnote of a „ab … €/Monat*“ (PAngV § 17: a rate names its example): the same example the
 * vehicle page computes, whose full figures are one tap away on each car's page.
 */
export function MonthlyRateNote() {
  const settings = useSiteSettings()
  const rate = settings.claims?.financingFromPercent ?? DEFAULT_EFFECTIVE_RATE_PERCENT
  return (
    <p className="mt-6 text-xs leading-relaxed text-zinc-600">
      * Monatliche Rate nach unserem Finanzierungsbeispiel: {Math.round(DEFAULT_DOWN_PAYMENT_SHARE * 100)} % Anzahlung, {DEFAULT_TERM_MONTHS} Monate Laufzeit,
      effektiver Jahreszins {formatRatePercent(rate)}. Das vollständige Beispiel mit allen Angaben steht auf der Seite des jeweiligen Fahrzeugs.
    </p>
  )
}
