import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { expect, test } from 'vitest'
import { NotFound, NotFoundRefresh } from '#app/components/not-found.tsx'

// A file of its own in the node environment: the server render must not see a hydrated client.
async function serverHtml(url: string) {
  const handler = createStaticHandler([
    {
      path: '*',
      element: (
        <>
          <head>
            <NotFoundRefresh />
          </head>
          <NotFound />
        </>
      ),
    },
  ])
  const context = await handler.query(new Request(url))
  if (context instanceof Response) throw new Error('unexpected response')
  const html = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />)
  const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? ''
  return { head, body: html.replace(/<head>[\s\S]*<\/head>/, '') }
}

test('without JavaScript: a meta refresh inside <noscript> for the head, and a link that stops it', async () => {
  const { head, body } = await serverHtml('http://localhost/nirgendwo')
  expect(head).toBe('<noscript><meta http-equiv="refresh" content="10; url=/"/></noscript>')
  // Nothing of the kind in the body, where a <meta> is invalid HTML.
  expect(body).not.toContain('http-equiv')
  expect(body).toContain('Automatische Weiterleitung zur Startseite in 10 Sekunden...')
  expect(body).toMatch(/<noscript><a href="\?weiterleitung=aus"[^>]*>Weiterleitung stoppen<\/a><\/noscript>/)
  // No stop button without a script to stop anything.
  expect(body).not.toContain('<button')
})

test('the stop link leads to the same page without the redirect (WCAG 2.2.1)', async () => {
  const { head, body } = await serverHtml('http://localhost/nirgendwo?weiterleitung=aus')
  expect(head).toBe('')
  expect(body).toContain('Die automatische Weiterleitung ist gestoppt.')
  expect(body).not.toContain('Weiterleitung stoppen')
})

test('a form’s confirmation address on a page deleted meanwhile: it arrived, and no redirect away from it', async () => {
  for (const [query, title] of [
    ['nachricht=gesendet', 'Ihre Nachricht ist angekommen'],
    ['anfrage=gesendet&formular=bewertung', 'Ihre Anfrage ist angekommen'],
  ]) {
    const { head, body } = await serverHtml(`http://localhost/locations/geloescht?${query}`)
    expect(head).toBe('')
    expect(body).toContain(title)
    expect(body).not.toContain('Weiterleitung')
  }
  // Any other query keeps the redirect.
  expect((await serverHtml('http://localhost/nirgendwo?nachricht=x')).head).toContain('http-equiv="refresh"')
})
