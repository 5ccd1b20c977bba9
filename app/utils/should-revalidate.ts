import { type ShouldRevalidateFunctionArgs } from '@remix-run/react'
import { SUBJECT_PARAM } from '#app/submissions/forms.ts'

/**
 * `shouldRevalidate` of pages with a contact form: a link such as „FAHRZEUG BEWERTEN“
 * (`?betreff=ankauf#contact`) changes only the form's preselected subject, which no loader reads.
 * Re-running the loaders for it would fetch the page again and re-render its sections (streamed
 * vehicles fall back to their placeholder) while the page scrolls to the form.
 */
export function skipRevalidationForSubject({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate
  const current = new URLSearchParams(currentUrl.search)
  const next = new URLSearchParams(nextUrl.search)
  current.delete(SUBJECT_PARAM)
  next.delete(SUBJECT_PARAM)
  current.sort()
  next.sort()
  return current.toString() === next.toString() ? false : defaultShouldRevalidate
}
