import { redirect } from '@remix-run/node'

/** Spec §4: /services/finanzierung redirects at once to /services; permanently, so search engines follow. */
export function loader() {
  return redirect('/services', 301)
}

// A component keeps this a page route: client-side links to it then follow the redirect too,
// instead of fetching a resource route's response as page data.
export default function FinanzierungRedirect() {
  return null
}
