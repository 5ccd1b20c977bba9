import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { expect, test } from 'vitest'
import { NotFound } from '#app/components/not-found.tsx'

// A file of its own in the node environment: the server render must not see a hydrated client.
test('the server HTML carries a meta refresh for visitors without JavaScript, inside <noscript>', async () => {
  const handler = createStaticHandler([{ path: '*', element: <NotFound /> }])
  const context = await handler.query(new Request('http://localhost/nirgendwo'))
  if (context instanceof Response) throw new Error('unexpected response')
  const html = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />)
  expect(html).toContain('<noscript><meta http-equiv="refresh" content="10;url=/"/></noscript>')
  expect(html.match(/<noscript>/g)).toHaveLength(1)
  // No stop button without a script to stop anything.
  expect(html).not.toContain('Weiterleitung stoppen')
  expect(html).toContain('Automatische Weiterleitung zur Startseite in 10 Sekunden...')
})
