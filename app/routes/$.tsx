import { type MetaFunction } from '@remix-run/node'
import { NotFound } from '~/components/not-found'

/** Every path no other route matches answers 404 with the not-found page (spec §2). */
export function loader(): never {
  throw new Response('Seite nicht gefunden', { status: 404 })
}

export const meta: MetaFunction = () => [{ title: 'Seite nicht gefunden' }, { name: 'robots', content: 'noindex' }]

export function ErrorBoundary() {
  return <NotFound />
}

// Never rendered (the loader always throws), but a route without a component would be a
// resource route, answering the 404 as plain text instead of the page.
export default function CatchAll() {
  return <NotFound />
}
