import { type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { expect, test } from 'vitest'
import { LeadForm } from '#app/components/forms/lead-form.tsx'

async function serverHtml(element: ReactNode, url = 'http://localhost/formulare') {
  const handler = createStaticHandler([{ path: '/formulare', element }])
  const context = await handler.query(new Request(url))
  if (context instanceof Response) throw new Error('unexpected response')
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />)
}

// A file of its own in the node environment: the server render must not see a hydrated client.
test('the server HTML validates natively (no JavaScript): required and pattern attributes, no novalidate, the hidden fields', async () => {
  const html = await serverHtml(<LeadForm kind="valuation" variant="muenster" anchor="bewertung-muenster" />)
  // The form validates natively; only the sell-request handoff button skips it (formnovalidate).
  expect(html).not.toMatch(/<form[^>]*novalidate/)
  expect(html).toMatch(/<form method="post" action="\/formulare#bewertung-muenster"/)
  expect(html.match(/required=""/g)).toHaveLength(1)
  expect(html).toContain('<input name="year" type="text" inputMode="numeric" pattern="[0-9]{4}"')
  expect(html).toMatch(/<input type="hidden" name="leadKind" value="valuation"\/>/)
  expect(html).toMatch(/<input type="hidden" name="variant" value="muenster"\/>/)
  expect(html).toMatch(/<input type="hidden" name="anchor" value="bewertung-muenster"\/>/)
  expect(html).toMatch(/<input type="hidden" name="page" value="\/formulare"\/>/)
  // Into the sell request with what was typed, without JavaScript too: a GET to its page, no required field asked.
  const handoff = html.match(/<button [^>]*>MIT FOTOS WEITER<\/button>/)?.[0] ?? ''
  expect(handoff).toMatch(/ type="submit"/)
  expect(handoff).toMatch(/ formaction="\/auto-verkaufen"/i)
  expect(handoff).toMatch(/ formmethod="get"/i)
  expect(handoff).toMatch(/ formnovalidate=""/i)
})

test('the vehicle enquiry: name and message required, phone or e-mail with a note saying one is enough, the pre-filled message in the server HTML', async () => {
  const html = await serverHtml(<LeadForm kind="vehicle-enquiry" vehicle={{ id: '7', make: 'Toyota', model: 'Corolla' }} anchor="fahrzeug-anfrage" />)
  expect(html.match(/required=""/g)).toHaveLength(2)
  // Both fields are described by the note; it shows once, under the phone.
  for (const [field, classes] of [
    ['phone', 'mt-1.5 text-sm text-zinc-600'],
    ['email', 'sr-only'],
  ]) {
    expect(html).toMatch(new RegExp(`<input[^>]* id="fahrzeug-anfrage-${field}"[^>]* aria-describedby="fahrzeug-anfrage-${field}-hint"`))
    expect(html).toContain(`<p id="fahrzeug-anfrage-${field}-hint" class="${classes}">Telefon oder E-Mail: eines von beiden genügt.</p>`)
  }
  expect(html).toMatch(/<input name="phone" type="tel"/)
  expect(html).toContain('Ich interessiere mich für den Toyota Corolla. Bitte kontaktieren Sie mich.</textarea>')
  expect(html).toMatch(/<input type="hidden" name="vehicleId" value="7"\/>/)
})

test('after a post without JavaScript: the confirmation carries the id the redirect names as its fragment, focusable', async () => {
  const html = await serverHtml(
    <LeadForm kind="test-drive" vehicle={{ id: '7', make: 'Toyota', model: 'Corolla' }} anchor="probefahrt" />,
    'http://localhost/formulare?anfrage=gesendet&formular=probefahrt',
  )
  const confirmation = html.match(/<div [^>]*id="probefahrt-bestaetigung"[^>]*>/)?.[0] ?? ''
  expect(confirmation).toMatch(/ tabindex="-1"/)
  expect(html.slice(html.indexOf('id="probefahrt-bestaetigung"'))).toMatch(/^[^<]*>\s*<div role="status"/)
})
