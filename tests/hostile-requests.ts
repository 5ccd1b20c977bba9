/** The hostile requests of the security review, shared by the in-process lane and the proxy tests. */

/** Header sets of the review that made Remix render another page than the one the cache stored it as. */
export const CRAFTED: Array<Record<string, string>> = [
  { Host: 'x\\impressum#' },
  { Host: 'x/about#' },
  { Host: 'x/vehicles.data#' },
  { Host: 'x/vehicles?search=ACHTUNG+Betrug#' },
  { 'X-Forwarded-Host': 'x/about#' },
  { 'X-Forwarded-Host': 'x\\impressum#' },
  { 'X-Forwarded-Host': 'x/vehicles.data#' },
  { 'X-Forwarded-Proto': 'http://x/impressum#' },
  { 'X-Forwarded-Host': 'x:99999' },
]

/** Finding 4: form posts (a contact message, a lead) to protocol-relative paths. */
export const REDIRECT_FORMS = [
  new URLSearchParams({ name: 'Umleitung', email: 'umleitung@example.de', message: 'Hallo', website: 'x' }),
  new URLSearchParams({ leadKind: 'valuation', formAnchor: 'x', website: 'x' }),
]
export const REDIRECT_PATHS = ['//evil.example/', '/\\evil.example', '//evil.example/kontakt?x=1']
