// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { type ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { toast } from 'sonner'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { LeadForm } from '#app/components/forms/lead-form.tsx'
import { LEAD_FORMS } from '#app/submissions/form-registry.ts'
import { SaleForm } from '#app/components/forms/sale-form.tsx'
import { SearchRequest } from '#app/components/search-request.tsx'
import { PRICE_ALERT_CONSENT } from '#app/alerts/consent.ts'
import { LEAD_TOASTS, PHONE_OR_EMAIL_MESSAGE } from '#app/submissions/lead-forms.ts'
import { Toaster } from '#app/components/ui/toaster.tsx'
import { describedBy } from '#tests/described-by.ts'
import { mockSubmissionApi } from '#tests/submission-api.ts'

const { received, answerWith, failNetwork } = mockSubmissionApi('/api/leads', 'inbox.lead-1')

// jsdom lays nothing out and has no scrollIntoView: a spy records what the form asks the browser to show.
const scrollIntoView = vi.fn()
beforeEach(() => {
  scrollIntoView.mockReset()
  Element.prototype.scrollIntoView = scrollIntoView
})

type ActionData = {
  status: 'error'
  leadKind?: string
  anchor?: string
  fieldErrors?: Record<string, string[]>
  formError?: string
  values: Record<string, string>
}

const VEHICLE = { id: '1', make: 'BMW', model: '320d Touring' }
const PREFILLED = 'Ich interessiere mich für den BMW 320d Touring. Bitte kontaktieren Sie mich.'

type RenderOptions = { path?: string; actionData?: ActionData; /** The root loader's Kennzahl „Bewertung innerhalb (Stunden)“. */ valuationHours?: number }

async function renderForms(element: ReactNode, { path = '/formulare', actionData, valuationHours }: RenderOptions = {}) {
  const page = {
    path: '/formulare',
    action: () => actionData ?? null,
    element: (
      <>
        {element}
        <Toaster />
      </>
    ),
  }
  const routes =
    valuationHours === undefined ? [page] : [{ id: 'root', path: '/', loader: () => ({ settings: { claims: { valuationHours } } }), children: [page] }]
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const view = render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  // The root's loader (valuationHours) runs before the page renders.
  await waitFor(() => expect(view.container.querySelector('form')).not.toBeNull())
  const forms = [...view.container.querySelectorAll('form')]
  // Hydrated: the forms validate by themselves from now on.
  await waitFor(() => expect(forms.every((form) => form.noValidate)).toBe(true))
  return { forms, router }
}

const renderForm = (element: ReactNode, options?: RenderOptions) => renderForms(element, options).then(({ forms, router }) => ({ form: forms[0]!, router }))

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement
const fill = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } })
const submitButton = () => screen.getByRole('button', { name: /ANFRAGE SENDEN|WIRD GESENDET/ })
const hidden = (form: HTMLFormElement, name: string) => form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)?.value

describe('LeadForm', () => {
  test('renders the valuation fields of Münster: labels, native constraints, the checkbox, honeypot and hidden fields', async () => {
    const { form } = await renderForm(<LeadForm form={LEAD_FORMS['valuation']} variant="muenster" anchor="bewertung-muenster" />)
    expect([...form.querySelectorAll('label')].map((label) => label.textContent)).toEqual([
      'Marke',
      'Modell',
      'Baujahr',
      'Kilometerstand (km)',
      'Telefon*',
      'Schnelle Abwicklung gewünscht',
      'Bitte leer lassen',
    ])
    expect(field(/^Marke/).placeholder).toBe('z. B. VW')
    // Numbers are text inputs, so that „123.456“ can be typed; the pattern checks the format, the server the range.
    expect(field(/^Baujahr/).type).toBe('text')
    expect(field(/^Baujahr/).inputMode).toBe('numeric')
    expect(field(/^Baujahr/).pattern).toBe('\\s*(?:[0-9]{4})\\s*')
    expect(field(/^Kilometerstand/).inputMode).toBe('numeric')
    // Hydrated, the form checks itself: no pattern `title` read out as the field's description (review L3).
    expect(field(/^Kilometerstand/).hasAttribute('title')).toBe(false)
    expect(field(/^Telefon/).hasAttribute('title')).toBe(false)
    expect(field(/^Telefon/).type).toBe('tel')
    expect(field(/^Telefon/).required).toBe(true)
    expect(field(/^Telefon/).id).toBe('bewertung-muenster-phone')
    expect(field(/^Schnelle Abwicklung/).type).toBe('checkbox')

    const honeypot = form.querySelector<HTMLInputElement>('input[name="website"]')
    expect(honeypot?.tabIndex).toBe(-1)
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull()
    expect(hidden(form, 'leadKind')).toBe('valuation')
    expect(hidden(form, 'variant')).toBe('muenster')
    expect(hidden(form, 'page')).toBe('/formulare')
    expect(hidden(form, 'anchor')).toBe('bewertung-muenster')
    expect(hidden(form, 'vehicleId')).toBeUndefined()
    // Without JavaScript a refused post comes back to the error summary, which the browser focuses (review L12).
    expect(form.getAttribute('action')).toBe('/formulare#bewertung-muenster-fehler')
  })

  test('other valuation pages have no checkbox; selects start with "Bitte wählen"', async () => {
    await renderForms(
      <>
        <LeadForm form={LEAD_FORMS['valuation']} variant="sonsbeck" anchor="bewertung-sonsbeck" />
        <LeadForm form={LEAD_FORMS['student']} anchor="studenten-ankauf" />
      </>,
    )
    expect(screen.queryByLabelText(/Schnelle Abwicklung/)).toBeNull()
    const appointment = screen.getByLabelText(/^Wunschtermin/) as HTMLSelectElement
    expect([...appointment.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Bitte wählen'],
      ['Flexibel', 'Flexibel'],
      ['Abends nach 18 Uhr', 'Abends nach 18 Uhr'],
      ['Wochenende', 'Wochenende'],
      ['Zwischen Vorlesungen', 'Zwischen Vorlesungen'],
    ])
    expect(field(/^Telefon oder WhatsApp/).required).toBe(true)
  })

  test('the vehicle enquiry: name and message required, phone or e-mail, the message pre-filled, the vehicle id hidden', async () => {
    const { form } = await renderForm(<LeadForm form={LEAD_FORMS['vehicle-enquiry']} vehicle={VEHICLE} anchor="fahrzeug-anfrage" />)
    expect(field(/^Name/).required).toBe(true)
    expect(field(/^E-Mail/).type).toBe('email')
    expect(field(/^E-Mail/).required).toBe(false)
    expect(field(/^Telefon/).type).toBe('tel')
    expect(field(/^Telefon/).required).toBe(false)
    expect(field(/^Nachricht/).value).toBe(PREFILLED)
    expect(hidden(form, 'vehicleId')).toBe('1')
  })

  test('missing required fields: destructive toast, inline message, focus, nothing sent', async () => {
    answerWith(201)
    await renderForm(<LeadForm form={LEAD_FORMS['dealer-registration']} anchor="haendler-registrierung" />)
    fill(/^Standort/, 'Essen')
    fill(/^Telefon/, '0201 123')
    fireEvent.click(submitButton())

    expect(await screen.findByText(LEAD_TOASTS.missing.title)).toBeTruthy()
    expect(screen.getByText(LEAD_TOASTS.missing.description)).toBeTruthy()
    expect(received).toEqual([])
    expect(document.activeElement).toBe(field(/^Firmenname/))
    expect(field(/^Firmenname/).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Bitte geben Sie Ihren Firmennamen an.')).toBeTruthy()
    expect(field(/^Standort/).value).toBe('Essen')

    // Filled in and sent: the confirmation names what was sent (copy review 2026-11-29, L10).
    fill(/^Firmenname/, 'Auto Jansen GmbH')
    fireEvent.click(submitButton())
    await waitFor(() => expect(screen.getAllByText('Registrierung gesendet!')).toHaveLength(2))
    expect(screen.queryByText('Anfrage gesendet!')).toBeNull()
    expect(received.at(-1)).toMatchObject({ kind: 'dealer-registration', company: 'Auto Jansen GmbH' })
  })

  test.each(['max@', 'name@web'])('the e-mail %s: the message at the field and one toast naming it; not sent', async (email) => {
    answerWith(201)
    await renderForm(<LeadForm form={LEAD_FORMS['vehicle-enquiry']} vehicle={VEHICLE} anchor="fahrzeug-anfrage" />)
    fill(/^Name/, 'Erika')
    fill(/^E-Mail/, email)
    fireEvent.click(submitButton())
    expect(await screen.findByText('E-Mail: Bitte geben Sie eine gültige E-Mail-Adresse an.')).toBeTruthy()
    expect(screen.getByText(LEAD_TOASTS.invalid.title)).toBeTruthy()
    // Shown below phone and e-mail, told with the e-mail only.
    expect(document.getElementById('fahrzeug-anfrage-phone-email-error-0')?.textContent).toBe('Bitte geben Sie eine gültige E-Mail-Adresse an.')
    expect(field(/^E-Mail/).getAttribute('aria-invalid')).toBe('true')
    expect(field(/^E-Mail/).getAttribute('aria-describedby')).toContain('fahrzeug-anfrage-phone-email-error-0')
    expect(field(/^Telefon/).getAttribute('aria-invalid')).toBeNull()
    expect(field(/^Telefon/).getAttribute('aria-describedby')).not.toContain('error')
    expect(screen.queryByText(LEAD_TOASTS.missing.title)).toBeNull()
    expect(screen.queryByText(LEAD_TOASTS.failure.title)).toBeNull()
    expect(received).toEqual([])
  })

  test('vehicle enquiry with neither phone nor e-mail: the German message once for both, told with each, focus on the phone, nothing sent; a phone alone is sent', async () => {
    answerWith(201)
    await renderForm(<LeadForm form={LEAD_FORMS['vehicle-enquiry']} vehicle={VEHICLE} anchor="fahrzeug-anfrage" />)
    fill(/^Name/, 'Erika')
    fireEvent.click(submitButton())
    const eitherWay = 'Bitte geben Sie eine Telefonnummer oder eine E-Mail-Adresse an, damit wir Ihnen antworten können.'
    await waitFor(() => expect(screen.getByText(eitherWay).id).toBe('fahrzeug-anfrage-phone-email-error-0'))
    expect(screen.getAllByText(eitherWay)).toHaveLength(1)
    for (const name of [/^Telefon/, /^E-Mail/]) {
      expect(field(name).getAttribute('aria-invalid')).toBe('true')
      expect(field(name).getAttribute('aria-describedby')).toBe('fahrzeug-anfrage-phone-email-hint fahrzeug-anfrage-phone-email-error-0')
    }
    expect(document.activeElement).toBe(field(/^Telefon/))
    expect(received).toEqual([])

    fill(/^Telefon/, '0176 1234567')
    fireEvent.click(submitButton())
    await waitFor(() => expect(received).toHaveLength(1))
    expect(received[0]).toEqual({ kind: 'vehicle-enquiry', vehicleId: '1', page: '/formulare', name: 'Erika', phone: '0176 1234567', message: PREFILLED })
  })

  test('a mileage typed the German way („123.456“) is sent; a decimal gets the field’s German message and nothing is sent', async () => {
    answerWith(201)
    await renderForm(<LeadForm form={LEAD_FORMS['valuation']} variant="uedem" anchor="bewertung" />)
    fill(/^Kilometerstand/, '123,5')
    fill(/^Telefon/, '0201 123')
    fireEvent.click(submitButton())
    expect(await screen.findByText('Kilometerstand (km): Bitte geben Sie den Kilometerstand in ganzen Kilometern an, z. B. 85.000.')).toBeTruthy()
    expect(received).toEqual([])

    fill(/^Kilometerstand/, '123.456')
    fireEvent.click(submitButton())
    await waitFor(() => expect(received).toHaveLength(1))
    expect(received[0]).toMatchObject({ mileage: '123.456' })
  })

  test('vehicle enquiry: sending state, then exactly the spec text as a toast and inline, JSON sent', async () => {
    let release: () => void = () => {}
    answerWith(201, { hold: new Promise<void>((resolve) => (release = resolve)) })
    await renderForm(<LeadForm form={LEAD_FORMS['vehicle-enquiry']} vehicle={VEHICLE} anchor="fahrzeug-anfrage" />)
    fill(/^Name/, ' Erika Mustermann ')
    fill(/^E-Mail/, 'erika@example.de')
    fireEvent.click(submitButton())

    const sending = await screen.findByRole('button', { name: 'WIRD GESENDET...' })
    expect(sending.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(sending)

    await act(async () => release())
    // The toast and the inline confirmation that replaced the form.
    await waitFor(() => expect(screen.getAllByText('Ihre Anfrage wurde gesendet! Wir melden uns schnellstmöglich bei Ihnen.')).toHaveLength(2))
    expect(received).toEqual([
      { kind: 'vehicle-enquiry', vehicleId: '1', page: '/formulare', name: 'Erika Mustermann', email: 'erika@example.de', message: PREFILLED },
    ])
    fireEvent.click(screen.getByRole('button', { name: 'Weitere Anfrage senden' }))
    expect(field(/^Name/).value).toBe('')
    expect(field(/^Nachricht/).value).toBe(PREFILLED)
    // The button that had focus is gone: focus goes to the fresh form's first field, its label scrolled into view, not to <body>.
    await waitFor(() => expect(document.activeElement).toBe(field(/^Name/)))
    expect(scrollIntoView.mock.contexts).toEqual([field(/^Name/).parentElement])
    expect(field(/^Name/).parentElement?.querySelector('label')?.htmlFor).toBe(field(/^Name/).id)
    expect(screen.getByRole('button', { name: 'ANFRAGE SENDEN' }).getAttribute('aria-disabled')).toBeNull()
  })

  test('other forms: "Anfrage gesendet!" with the thank-you text; kind and the filled fields go as JSON', async () => {
    answerWith(201)
    await renderForm(<LeadForm form={LEAD_FORMS['used-car-enquiry']} anchor="gebrauchtwagen-anfrage" />, { valuationHours: 24 })
    fill(/^Wunschfahrzeug/, 'BMW 3er Touring')
    fill(/^Telefon/, '0201 123456')
    fireEvent.click(submitButton())

    await waitFor(() => expect(screen.getAllByText(LEAD_TOASTS.success.title)).toHaveLength(2))
    expect(screen.getAllByText(LEAD_TOASTS.success.description)).toHaveLength(2)
    expect(received).toEqual([{ kind: 'used-car-enquiry', page: '/formulare', desiredVehicle: 'BMW 3er Touring', phone: '0201 123456' }])
  })

  test('a valuation: the confirmation promises an answer within the Kennzahl’s hours, as the page does (QA walk 12-04); kind, variant and fields as JSON', async () => {
    answerWith(201)
    await renderForm(<LeadForm form={LEAD_FORMS['valuation']} variant="muenster" anchor="bewertung-muenster" submitLabel="BEWERTUNG ANFORDERN" />, {
      valuationHours: 24,
    })
    fill(/^Marke/, 'VW')
    fill(/^Baujahr/, '2018')
    fill(/^Telefon/, '0251 123456')
    fireEvent.click(field(/^Schnelle Abwicklung/))
    fireEvent.click(screen.getByRole('button', { name: 'BEWERTUNG ANFORDERN' }))

    await waitFor(() => expect(screen.getAllByText(LEAD_TOASTS.success.title)).toHaveLength(2))
    expect(screen.getAllByText('Vielen Dank! Wir melden uns innerhalb von 24 Stunden (an Werktagen) mit einer ersten Einschätzung bei Ihnen.')).toHaveLength(2)
    expect(received).toEqual([{ kind: 'valuation', variant: 'muenster', page: '/formulare', brand: 'VW', year: '2018', phone: '0251 123456', quick: 'on' }])
    fireEvent.click(screen.getByRole('button', { name: 'Weitere Anfrage senden' }))
    expect(field(/^Marke/).value).toBe('')
    await waitFor(() => expect(document.activeElement).toBe(field(/^Marke/)))
    expect(field(/^Schnelle Abwicklung/).checked).toBe(false)
  })

  test('a note under a field describes it: the price alert’s consent text is read with its e-mail field (review L3)', async () => {
    await renderForm(
      <LeadForm
        form={LEAD_FORMS['price-alert']}
        anchor="preis-beobachten"
        vehicle={VEHICLE}
        submitLabel="PREIS BEOBACHTEN"
        fieldNotes={{ email: PRICE_ALERT_CONSENT }}
      />,
    )
    expect(describedBy(screen.getByRole('textbox', { name: /^E-Mail/ }))).toBe(PRICE_ALERT_CONSENT)
  })

  test('„Benachrichtigen, falls wieder frei“: phone and e-mail are described by the rule that one is enough', async () => {
    await renderForm(<LeadForm form={LEAD_FORMS['availability-alert']} anchor="frei" vehicle={VEHICLE} />)
    for (const name of [/^Telefon/, /^E-Mail/]) {
      expect(describedBy(screen.getByRole('textbox', { name }))).toBe('Telefon oder E-Mail: eines von beiden genügt.')
    }
  })

  test('a price alert asks for one thing: its confirmation offers no „Weitere Anfrage senden“', async () => {
    answerWith(201)
    await renderForm(<LeadForm form={LEAD_FORMS['price-alert']} anchor="preis-beobachten" vehicle={VEHICLE} submitLabel="PREIS BEOBACHTEN" />)
    fill(/^E-Mail/, 'erika@example.de')
    fireEvent.click(screen.getByRole('button', { name: 'PREIS BEOBACHTEN' }))
    await waitFor(() => expect(screen.getAllByText('Fast geschafft: Bitte bestätigen Sie Ihre E-Mail-Adresse')).toHaveLength(2))
    expect(received.at(-1)).toMatchObject({ kind: 'price-alert', vehicleId: '1', email: 'erika@example.de' })
    expect(screen.queryByRole('button', { name: 'Weitere Anfrage senden' })).toBeNull()
  })

  test('a valuation form leads into the sell request with what was typed: „MIT FOTOS WEITER“ navigates, the phone beside the address, nothing sent to the API', async () => {
    received.length = 0
    const router = createMemoryRouter(
      [
        { path: '/formulare', element: <LeadForm form={LEAD_FORMS['valuation']} variant="sonsbeck" anchor="bewertung" /> },
        { path: '/auto-verkaufen', element: <SaleForm submissionKey="handover" /> },
      ],
      { initialEntries: ['/formulare'] },
    )
    const view = render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
    await waitFor(() => expect(view.container.querySelector('form')?.noValidate).toBe(true))
    fill(/^Marke/, 'VW')
    fill(/^Modell/, 'Golf')
    fill(/^Kilometerstand/, '85000')
    // The valuation's required name is left empty: the handoff does not ask for it, the sell request does its own checks.
    fill(/^Telefon/, '0201 123456')
    fireEvent.click(screen.getByRole('button', { name: 'MIT FOTOS WEITER' }))

    await screen.findByRole('button', { name: 'VERKAUFSANFRAGE SENDEN' })
    const query = new URLSearchParams(router.state.location.search)
    expect(router.state.location.pathname).toBe('/auto-verkaufen')
    // The router keeps the action's fragment: the page opens at the sell form (its ScrollRestoration scrolls there).
    expect(router.state.location.hash).toBe('#verkaufen')
    // The car in the address; the phone (and any name or e-mail) not, nor an empty field (visitor review 2026-11-29, L3).
    expect(Object.fromEntries(query)).toEqual({
      brand: 'VW',
      model: 'Golf',
      mileage: '85000',
      leadKind: 'valuation',
      variant: 'sonsbeck',
      page: '/formulare',
      anchor: 'bewertung',
    })
    // The sell form has the phone all the same.
    expect((screen.getByLabelText(/^Telefon/) as HTMLInputElement).value).toBe('0201 123456')
    expect(received).toEqual([])
  })

  test("the server's field errors (400) appear at the fields and in one toast naming them, never the failure toast; input kept", async () => {
    const message = 'Bitte geben Sie „Zielland“ in einer Zeile ein.'
    answerWith(400, { json: { error: 'Bitte prüfen Sie Ihre Eingaben.', fieldErrors: { country: [message] } } })
    await renderForm(<LeadForm form={LEAD_FORMS['export']} anchor="export-anfrage" />)
    fireEvent.change(screen.getByLabelText(/^Fahrzeugtyp/), { target: { value: 'LKW' } })
    fill(/^Zielland/, 'Polen\u0085')
    fill(/^Telefon/, '0201 123')
    fireEvent.click(submitButton())

    expect(await screen.findByText(`Zielland: ${message}`)).toBeTruthy()
    expect(screen.getByText(LEAD_TOASTS.invalid.title)).toBeTruthy()
    expect(screen.queryByText(LEAD_TOASTS.failure.title)).toBeNull()
    expect(document.activeElement).toBe(field(/^Zielland/))
    expect(field(/^Zielland/).getAttribute('aria-describedby')).toBe('export-anfrage-country-error')
    expect(field(/^Zielland/).value).toBe('Polen\u0085')
    expect((screen.getByLabelText(/^Fahrzeugtyp/) as HTMLSelectElement).value).toBe('LKW')
  })

  test('server error or network failure: failure toast, input kept, button usable again', async () => {
    answerWith(503)
    await renderForm(<LeadForm form={LEAD_FORMS['used-car-enquiry']} anchor="gebrauchtwagen-anfrage" />)
    fill(/^Wunschfahrzeug/, 'Kombi')
    fill(/^Telefon/, '0201 123456')
    fireEvent.click(submitButton())
    expect(await screen.findByText(LEAD_TOASTS.failure.title)).toBeTruthy()
    expect(field(/^Wunschfahrzeug/).value).toBe('Kombi')
    expect((screen.getByRole('button', { name: 'ANFRAGE SENDEN' }) as HTMLButtonElement).disabled).toBe(false)

    toast.dismiss()
    failNetwork()
    fireEvent.click(submitButton())
    await waitFor(() => expect(screen.getAllByText(LEAD_TOASTS.failure.title).length).toBeGreaterThan(0))
    expect(field(/^Telefon/).value).toBe('0201 123456')
  })

  test('after a post without JavaScript: errors, summary and input in the form that was sent only', async () => {
    const { forms, router } = await renderForms(
      <>
        <LeadForm form={LEAD_FORMS['valuation']} variant="sonsbeck" anchor="bewertung-sonsbeck" />
        <LeadForm form={LEAD_FORMS['valuation']} variant="uedem" anchor="bewertung-uedem" />
      </>,
      {
        actionData: {
          status: 'error',
          leadKind: 'valuation',
          anchor: 'bewertung-uedem',
          fieldErrors: { year: ['„Baujahr“ muss zwischen 1950 und 2027 liegen.'] },
          values: { model: 'A4', year: '1800', phone: '0201 123456' },
        },
      },
    )
    await act(() => router.navigate('/formulare', { formMethod: 'post', formData: new FormData() }))

    const alert = await screen.findByRole('alert')
    expect(forms[1]!.contains(alert)).toBe(true)
    expect(within(alert).getByText('Bitte prüfen Sie Ihre Eingaben:')).toBeTruthy()
    expect(within(alert).getByRole('link', { name: '„Baujahr“ muss zwischen 1950 und 2027 liegen.' }).getAttribute('href')).toBe('#bewertung-uedem-year')
    const uedemYear = forms[1]!.querySelector<HTMLInputElement>('#bewertung-uedem-year')!
    expect(uedemYear.value).toBe('1800')
    expect(uedemYear.getAttribute('aria-invalid')).toBe('true')
    expect(forms[0]!.querySelector<HTMLInputElement>('#bewertung-sonsbeck-year')!.value).toBe('')
  })

  test('after a post without JavaScript with neither phone nor e-mail: the summary and the pair name it once, both fields carry it', async () => {
    const { form, router } = await renderForm(<LeadForm form={LEAD_FORMS['vehicle-enquiry']} vehicle={VEHICLE} anchor="fahrzeug-anfrage" />, {
      actionData: {
        status: 'error',
        leadKind: 'vehicle-enquiry',
        anchor: 'fahrzeug-anfrage',
        fieldErrors: { phone: [PHONE_OR_EMAIL_MESSAGE], email: [PHONE_OR_EMAIL_MESSAGE], message: ['Bitte schreiben Sie uns eine Nachricht.'] },
        values: { name: 'Erika' },
      },
    })
    await act(() => router.navigate('/formulare', { formMethod: 'post', formData: new FormData() }))

    const alert = await screen.findByRole('alert')
    expect(
      within(alert)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      [PHONE_OR_EMAIL_MESSAGE, '#fahrzeug-anfrage-phone'],
      ['Bitte schreiben Sie uns eine Nachricht.', '#fahrzeug-anfrage-message'],
    ])
    // Once in the summary, once below the pair.
    expect(
      within(form)
        .getAllByText(PHONE_OR_EMAIL_MESSAGE)
        .map((element) => element.tagName),
    ).toEqual(['A', 'P'])
    // A screen reader hears the message at either field.
    for (const name of ['phone', 'email']) {
      const control = form.querySelector<HTMLInputElement>(`#fahrzeug-anfrage-${name}`)!
      expect(control.getAttribute('aria-invalid'), name).toBe('true')
      const described = control
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
      expect(described, name).toContain(PHONE_OR_EMAIL_MESSAGE)
    }
  })

  test('after a failed store without JavaScript: the failure title and the form error', async () => {
    const { router } = await renderForm(<LeadForm form={LEAD_FORMS['student']} anchor="studenten-ankauf" />, {
      actionData: { status: 'error', anchor: 'studenten-ankauf', formError: 'Bitte versuchen Sie es in einigen Minuten erneut.', values: { vehicle: 'Polo' } },
    })
    await act(() => router.navigate('/formulare', { formMethod: 'post', formData: new FormData() }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(LEAD_TOASTS.failure.title)
    expect(alert.textContent).toContain('Bitte versuchen Sie es in einigen Minuten erneut.')
    expect(field(/^Marke und Modell/).value).toBe('Polo')
  })

  test('?anfrage=gesendet&formular=… shows the confirmation in that form only', async () => {
    const { forms } = await renderForms(
      <>
        <LeadForm form={LEAD_FORMS['export']} anchor="export-anfrage" />
        <LeadForm form={LEAD_FORMS['vehicle-enquiry']} vehicle={VEHICLE} anchor="fahrzeug-anfrage" />
      </>,
      { path: '/formulare?anfrage=gesendet&formular=fahrzeug-anfrage' },
    )
    const status = screen.getByRole('status')
    expect(forms[1]!.contains(status)).toBe(true)
    expect(status.textContent).toBe('Ihre Anfrage wurde gesendet! Wir melden uns schnellstmöglich bei Ihnen.')
  })

  // The Suchauftrag's words for the one way back given (copy review 2026-11-29, M16).
  const BY_PHONE = 'Suchauftrag gespeichert!Vielen Dank! Wir rufen Sie an, sobald wir ein passendes Fahrzeug haben.'
  const BY_MAIL =
    'Fast geschafft: Bitte bestätigen Sie Ihre E-Mail-Adresse' +
    'Wir schicken Ihnen eine E-Mail mit einem Bestätigungslink, meist innerhalb weniger Minuten. Erst wenn Sie ihn öffnen und bestätigen, schreiben wir Ihnen, sobald ein passendes Auto kommt.'

  test.each([
    ['0201 123456', BY_PHONE],
    ['erika@example.de', BY_MAIL],
  ])('the Suchauftrag with JavaScript: „abc“ is no address or number; %s is confirmed for that way alone', async (contact, confirmation) => {
    answerWith(201)
    await renderForm(<SearchRequest query="Kombi" />)
    const button = screen.getByRole('button', { name: 'SUCHAUFTRAG SPEICHERN' })
    fill(/^E-Mail oder Telefon/, 'abc')
    fireEvent.click(button)
    expect(await screen.findByText('E-Mail oder Telefon: Bitte geben Sie eine gültige E-Mail-Adresse oder Telefonnummer an.')).toBeTruthy()
    fill(/^E-Mail oder Telefon/, contact)
    fireEvent.click(button)
    await waitFor(() => expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(confirmation))
    expect(received.at(-1)).toMatchObject({ kind: 'search-request', emailOrPhone: contact, query: 'Kombi' })
    expect(document.body.textContent).not.toContain(confirmation === BY_PHONE ? 'Bestätigungslink' : 'rufen Sie an')
  })

  test.each([
    ['telefon', BY_PHONE],
    ['email', BY_MAIL],
  ])('the Suchauftrag without JavaScript: ?antwort=%s confirms that way alone', async (channel, confirmation) => {
    await renderForm(<SearchRequest query="Kombi" />, { path: `/formulare?anfrage=gesendet&formular=suchauftrag&antwort=${channel}` })
    expect(screen.getByRole('status').textContent).toBe(confirmation)
  })

  test('?anfrage=gesendet alone confirms the (only) form', async () => {
    await renderForm(<LeadForm form={LEAD_FORMS['export']} anchor="export-anfrage" />, { path: '/formulare?anfrage=gesendet' })
    expect(screen.getByRole('status').textContent).toBe(`${LEAD_TOASTS.success.title}${LEAD_TOASTS.success.description}`)
  })
})
