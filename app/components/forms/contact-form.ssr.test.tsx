import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { expect, test } from 'vitest'
import { ContactForm } from '#app/components/forms/contact-form.tsx'
import { HOME_CONTACT_SUBJECTS } from '#app/submissions/forms.ts'

// A file of its own in the node environment: the server render must not see a hydrated client.
test('the server HTML validates natively (no JavaScript): required attributes, no novalidate', async () => {
  const routes = [{ path: '/', element: <ContactForm subjects={HOME_CONTACT_SUBJECTS} submitLabel="NACHRICHT SENDEN" /> }]
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request('http://localhost/'))
  if (context instanceof Response) throw new Error('unexpected response')
  const html = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />)
  expect(html).not.toContain('novalidate')
  // A refused post comes back to the error summary, which the browser focuses (review L12).
  expect(html).toMatch(/<form method="post" action="\/#contact-fehler"/)
  expect(html.match(/required=""/g)).toHaveLength(3)
})
