/**
 * Where customers' reviews come from (the Studio's „Quelle“, the site's „auf Google“). Browser-safe:
 * the Studio, the site and the structured data use the same list.
 */
export const REVIEW_SOURCES = [
  { value: 'google', title: 'Google' },
  { value: 'mobile.de', title: 'mobile.de' },
  { value: 'facebook', title: 'Facebook' },
  { value: 'other', title: 'Andere Plattform' },
] as const

/** The source's name as copy writes it, or undefined for an unknown value. */
export function reviewSourceTitle(source: string | null | undefined): string | undefined {
  return REVIEW_SOURCES.find((item) => item.value === source)?.title
}

/** Stars as the site shows an average: one decimal, rounded half up (4,75 → 4,8). */
export function roundRating(average: number): number {
  return Math.round(average * 10) / 10
}
