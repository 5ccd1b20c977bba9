/*
 * What a lead form starts with on a vehicle page: the enquiry's message naming the car, the financing
 * request's term and down payment from the calculator. A module of its own, so that a content page
 * showing a lead form (LeadForm) loads these few lines, not the vehicle page's five form definitions
 * (vehicle-lead-forms.ts, about 1 KB of gzip; decision 094).
 */
import { formatDecimal } from '#app/utils/format.ts'
import { TERM_OPTIONS } from '#app/vehicles/financing-terms.ts'

/** The interest text the vehicle enquiry's message starts with. */
export function vehicleEnquiryMessage(make: string, model: string): string {
  return `Ich interessiere mich für den ${make} ${model}. Bitte kontaktieren Sie mich.`
}

/** The terms a financing request offers: the calculator's, as the dealer reads them („48 Monate“). */
export const FINANCING_TERMS = TERM_OPTIONS.map((months) => `${months} Monate`)

/** The financing request's values from the calculator's (financingInputFromParams): „48 Monate“, whole euros. */
export function financingRequestPrefill(input: { termMonths: number; downPayment: number }): Record<string, string> {
  const term = `${input.termMonths} Monate`
  return { ...(FINANCING_TERMS.includes(term) ? { term } : {}), downPayment: formatDecimal(Math.max(0, Math.round(input.downPayment))) }
}
