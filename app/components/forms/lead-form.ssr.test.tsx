import { type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { expect, test } from 'vitest'
import { LeadForm } from '#app/components/forms/lead-form.tsx'
import { LEAD_FORMS } from '#app/submissions/form-registry.ts'
import { SaleForm } from '#app/components/forms/sale-form.tsx'
import { PHONE_OR_EMAIL_MESSAGE } from '#app/submissions/lead-forms.ts'

async function serverHtml(element: ReactNode, url = 'http://localhost/formulare') {
  const handler = createStaticHandler([{ path: '/formulare', element }])
  const context = await handler.query(new Request(url))
  if (context instanceof Response) throw new Error('unexpected response')
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />)
}

// A file of its own in the node environment: the server render must not see a hydrated client.
test('the server HTML validates natively (no JavaScript): required and pattern attributes, no novalidate, the hidden fields', async () => {
  const html = await serverHtml(<LeadForm form={LEAD_FORMS['valuation']} variant="muenster" anchor="bewertung-muenster" />)
  // The form validates natively; only the sell-request handoff button skips it (formnovalidate).
  expect(html).not.toMatch(/<form[^>]*novalidate/)
  // A refused post comes back to the error summary (review L12); a success to the confirmation's own fragment.
  expect(html).toMatch(/<form method="post" action="\/formulare#bewertung-muenster-fehler"/)
  expect(html.match(/required=""/g)).toHaveLength(1)
  expect(html).toContain('<input name="year" type="text" inputMode="numeric" pattern="\\s*(?:[0-9]{4})\\s*"')
  // Without JavaScript the browser's bubble says what the pattern wants, in the server's words.
  expect(html).toMatch(/<input name="year"[^>]* title="Bitte geben Sie das Baujahr/)
  expect(html).toMatch(/<input type="hidden" name="leadKind" value="valuation"\/>/)
  expect(html).toMatch(/<input type="hidden" name="variant" value="muenster"\/>/)
  expect(html).toMatch(/<input type="hidden" name="anchor" value="bewertung-muenster"\/>/)
  expect(html).toMatch(/<input type="hidden" name="page" value="\/formulare"\/>/)
  // Into the sell request with what was typed, without JavaScript too: a GET to its page, no required field asked.
  const handoff = html.match(/<button [^>]*>MIT FOTOS WEITER<\/button>/)?.[0] ?? ''
  expect(handoff).toMatch(/ type="submit"/)
  // At the sell form itself (visitor review L9): a GET form keeps its action's fragment.
  expect(handoff).toMatch(/ formaction="\/auto-verkaufen#verkaufen"/i)
  expect(handoff).toMatch(/ formmethod="get"/i)
  expect(handoff).toMatch(/ formnovalidate=""/i)
})

test('the vehicle enquiry: name and message required, phone or e-mail with a note saying one is enough, the pre-filled message in the server HTML', async () => {
  const html = await serverHtml(
    <LeadForm form={LEAD_FORMS['vehicle-enquiry']} vehicle={{ id: '7', make: 'Toyota', model: 'Corolla' }} anchor="fahrzeug-anfrage" />,
  )
  expect(html.match(/required=""/g)).toHaveLength(2)
  // Both fields are described by the note; it shows once, under the pair.
  for (const field of ['phone', 'email']) {
    expect(html).toMatch(new RegExp(`<input[^>]* id="fahrzeug-anfrage-${field}"[^>]* aria-describedby="fahrzeug-anfrage-phone-email-hint"`))
  }
  expect(html.match(/Telefon oder E-Mail: eines von beiden genügt\./g)).toHaveLength(1)
  // No field alone beside an empty column: the name takes the row, phone and e-mail share the next.
  expect(html).toMatch(/<div class="sm:col-span-2"><label for="fahrzeug-anfrage-name"/)
  expect(html).toMatch(/<div class="sm:col-span-2"><div class="grid grid-cols-1 gap-5 sm:grid-cols-2"><div class=""><label for="fahrzeug-anfrage-phone"/)
  expect(html).toMatch(/<input name="phone" type="tel"/)
  expect(html).toContain('Ich interessiere mich für den Toyota Corolla. Bitte kontaktieren Sie mich.</textarea>')
  expect(html).toMatch(/<input type="hidden" name="vehicleId" value="7"\/>/)
})

test('after a post without JavaScript: the confirmation carries the id the redirect names as its fragment, focusable', async () => {
  const html = await serverHtml(
    <LeadForm form={LEAD_FORMS['test-drive']} vehicle={{ id: '7', make: 'Toyota', model: 'Corolla' }} anchor="probefahrt" />,
    'http://localhost/formulare?anfrage=gesendet&formular=probefahrt',
  )
  const confirmation = html.match(/<div [^>]*id="probefahrt-bestaetigung"[^>]*>/)?.[0] ?? ''
  expect(confirmation).toMatch(/ tabindex="-1"/)
  expect(html.slice(html.indexOf('id="probefahrt-bestaetigung"'))).toMatch(/^[^<]*>\s*<div role="status"/)
})

test('the sell request after a refused post without JavaScript: phone and e-mail side by side, their message once, told with both', async () => {
  const fieldErrors = { phone: [PHONE_OR_EMAIL_MESSAGE], email: [PHONE_OR_EMAIL_MESSAGE] }
  const handler = createStaticHandler([
    { path: '/auto-verkaufen', element: <SaleForm submissionKey="k" />, action: () => ({ status: 'error', fieldErrors, values: { name: 'Erika' } }) },
  ])
  const context = await handler.query(new Request('http://localhost/auto-verkaufen', { method: 'POST', body: new FormData() }))
  if (context instanceof Response) throw new Error('unexpected response')
  const html = renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />)
  // The form posts to its summary's id, which the browser focuses on arrival.
  expect(html).toMatch(/<form method="post" action="\/auto-verkaufen#verkaufen-fehler"/)
  expect(html).toMatch(/<div id="verkaufen-fehler" tabindex="-1"[^>]*><div role="alert"/)
  // The fields, without the summary above them or the router's data after the form.
  const form = html.slice(html.indexOf('<fieldset'), html.indexOf('</form>'))
  // The summary names it once, the pair once (before: under each field).
  expect(form.match(new RegExp(PHONE_OR_EMAIL_MESSAGE, 'g'))).toHaveLength(1)
  for (const field of ['phone', 'email']) {
    // Described by the pair's hint (review L3) and by the message they share.
    expect(form).toMatch(
      new RegExp(`<input[^>]* id="verkaufen-${field}"[^>]* aria-invalid="true" aria-describedby="verkaufen-phone-email-hint verkaufen-phone-email-error-0"`),
    )
  }
  // No field alone beside an empty column: „Am besten erreichbar“ takes its row.
  expect(form).toMatch(/<div class="sm:col-span-2"><label for="verkaufen-contactTime"/)
})
