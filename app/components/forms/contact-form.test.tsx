// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, test, vi } from 'vitest'
import { ContactForm } from '#app/components/forms/contact-form.tsx'
import { Toaster } from '#app/components/ui/toaster.tsx'
import { toast } from '#app/components/ui/toast-region.tsx'
import { mockSubmissionApi } from '#tests/submission-api.ts'
import { CONTACT_TOASTS, FIELD_ERROR_TOAST, HOME_CONTACT_SUBJECTS } from '#app/submissions/forms.ts'
import { EMAIL_PATTERN_SOURCE, inputPattern, PHONE_PATTERN_SOURCE } from '#app/utils/form-rules.ts'

const { received, answerWith, failNetwork } = mockSubmissionApi('/api/contacts', 'inbox.contact-1')

type ActionData = { status: 'error'; fieldErrors?: Record<string, string[]>; formError?: string; values: Record<string, string> }

async function renderForm({ path = '/', actionData }: { path?: string; actionData?: ActionData } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        action: () => actionData ?? null,
        element: (
          <>
            <ContactForm subjects={HOME_CONTACT_SUBJECTS} rows={5} submitLabel="NACHRICHT SENDEN" />
            <Toaster />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  )
  const view = render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  const form = view.container.querySelector('form')
  if (!form) throw new Error('no form rendered')
  // Hydrated: the form validates by itself from now on.
  await waitFor(() => expect(form.noValidate).toBe(true))
  return { form, router }
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement
const fill = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } })
const submitButton = () => screen.getByRole('button', { name: /NACHRICHT SENDEN|WIRD GESENDET/ })

describe('ContactForm', () => {
  test('renders the spec fields: required markers, e-mail type, home subjects, five rows, honeypot, page', async () => {
    const { form } = await renderForm()
    expect(field(/^Name/).required).toBe(true)
    expect(field(/^E-Mail/).type).toBe('email')
    expect(field(/^E-Mail/).required).toBe(true)
    expect(field(/^Telefon/).type).toBe('tel')
    expect(field(/^Telefon/).required).toBe(false)
    const subject = screen.getByLabelText(/^Betreff/) as HTMLSelectElement
    expect([...subject.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Bitte wählen'],
      ['ankauf', 'Fahrzeug verkaufen'],
      ['verkauf', 'Fahrzeug kaufen'],
      ['lieferung', 'Fahrzeuglieferung'],
      ['beratung', 'Allgemeine Beratung'],
    ])
    expect((screen.getByLabelText(/^Nachricht/) as HTMLTextAreaElement).rows).toBe(5)

    const honeypot = form.querySelector<HTMLInputElement>('input[name="website"]')
    expect(honeypot?.tabIndex).toBe(-1)
    expect(honeypot?.autocomplete).toBe('off')
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull()
    expect(form.querySelector<HTMLInputElement>('input[name="page"]')?.value).toBe('/')
  })

  test('missing required fields: destructive toast, nothing sent, input kept', async () => {
    answerWith(201)
    await renderForm()
    fill(/^E-Mail/, 'erika@example.de')
    fireEvent.click(submitButton())

    expect(await screen.findByText(CONTACT_TOASTS.missing.title)).toBeTruthy()
    expect(screen.getByText(CONTACT_TOASTS.missing.description)).toBeTruthy()
    expect(received).toEqual([])
    expect(field(/^E-Mail/).value).toBe('erika@example.de')
    // The first empty required field gets focus and says what is missing.
    expect(document.activeElement).toBe(field(/^Name/))
    expect(field(/^Name/).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Bitte geben Sie Ihren Namen an.')).toBeTruthy()
  })

  test('a missing field and a refused e-mail are shown in the same pass, not one after the other', async () => {
    answerWith(201)
    await renderForm()
    fill(/^Name/, 'Max')
    fill(/^E-Mail/, 'max@')
    fireEvent.click(submitButton())

    expect(await screen.findByText(CONTACT_TOASTS.missing.title)).toBeTruthy()
    expect(received).toEqual([])
    expect(field(/^Nachricht/).getAttribute('aria-invalid')).toBe('true')
    expect(field(/^E-Mail/).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Bitte geben Sie eine gültige E-Mail-Adresse an.', { selector: '[id$="-error"], [id$="-error"] *' })).toBeTruthy()
    // Focus on the first of them in the form's order.
    expect(document.activeElement).toBe(field(/^E-Mail/))
  })

  test('whitespace only counts as missing', async () => {
    answerWith(201)
    await renderForm()
    fill(/^Name/, '   ')
    fill(/^E-Mail/, 'erika@example.de')
    fill(/^Nachricht/, 'Hallo')
    fireEvent.click(submitButton())

    expect(await screen.findByText(CONTACT_TOASTS.missing.title)).toBeTruthy()
    expect(received).toEqual([])
  })

  test.each(['max@', 'name@web', 'erika-at-example'])(
    'the e-mail %s: the message at the field and one toast naming it; not sent, no "Pflichtfelder fehlen", no "Fehler beim Senden"',
    async (email) => {
      answerWith(201)
      await renderForm()
      fill(/^Name/, 'Erika')
      fill(/^E-Mail/, email)
      fill(/^Nachricht/, 'Hallo')
      fireEvent.click(submitButton())

      expect(await screen.findByText(FIELD_ERROR_TOAST.title)).toBeTruthy()
      expect(screen.getByText('E-Mail: Bitte geben Sie eine gültige E-Mail-Adresse an.')).toBeTruthy()
      expect(document.getElementById('contact-email-error')?.textContent).toBe('Bitte geben Sie eine gültige E-Mail-Adresse an.')
      expect(field(/^E-Mail/).getAttribute('aria-invalid')).toBe('true')
      expect(document.activeElement).toBe(field(/^E-Mail/))
      expect(screen.queryByText(CONTACT_TOASTS.missing.title)).toBeNull()
      expect(screen.queryByText(CONTACT_TOASTS.failure.title)).toBeNull()
      expect(received).toEqual([])
      expect(field(/^E-Mail/).value).toBe(email)
    },
  )

  test("the e-mail and phone inputs carry the server's rules as their pattern", async () => {
    await renderForm()
    expect(field(/^E-Mail/).pattern).toBe(EMAIL_PATTERN_SOURCE)
    // Spaces around the number pass, as the server trims them (inputPattern).
    expect(field(/^Telefon/).pattern).toBe(inputPattern(PHONE_PATTERN_SOURCE))
    fill(/^Telefon/, 'ruf an')
    expect(field(/^Telefon/).validity.patternMismatch).toBe(true)
  })

  test("the server's field errors (400) appear at the fields and in one toast naming them, never 'Fehler beim Senden'; input kept", async () => {
    const message = 'Bitte geben Sie Ihren Namen in einer Zeile ein.'
    answerWith(400, { json: { error: 'Bitte prüfen Sie Ihre Eingaben.', fieldErrors: { name: [message] } } })
    await renderForm()
    fill(/^Name/, 'Max\u0085Muster')
    fill(/^E-Mail/, 'erika@example.de')
    fill(/^Nachricht/, 'Hallo')
    fireEvent.click(submitButton())

    expect(await screen.findByText(`Name: ${message}`)).toBeTruthy()
    expect(screen.getByText(FIELD_ERROR_TOAST.title)).toBeTruthy()
    expect(document.getElementById('contact-name-error')?.textContent).toBe(message)
    expect(screen.queryByText(CONTACT_TOASTS.failure.title)).toBeNull()
    expect(document.activeElement).toBe(field(/^Name/))
    expect(field(/^Name/).getAttribute('aria-describedby')).toBe('contact-name-error')
    expect(field(/^Name/).value).toBe('Max\u0085Muster')
    expect(received).toHaveLength(1)
  })

  test('another refusal (429): the server\'s German message, not "Fehler beim Senden"', async () => {
    answerWith(429, { json: { error: 'Zu viele Anfragen. Bitte versuchen Sie es in einer Minute erneut.' } })
    await renderForm()
    fill(/^Name/, 'Erika')
    fill(/^E-Mail/, 'erika@example.de')
    fill(/^Nachricht/, 'Hallo')
    fireEvent.click(submitButton())

    // In the toast, and at the form until the next try (the toast is gone after 5 s).
    await waitFor(() => expect(screen.getAllByText('Zu viele Anfragen. Bitte versuchen Sie es in einer Minute erneut.')).toHaveLength(2))
    expect(screen.getByRole('alert').textContent).toBe('Zu viele Anfragen. Bitte versuchen Sie es in einer Minute erneut.')
    expect(screen.queryByText(CONTACT_TOASTS.failure.title)).toBeNull()
    expect(field(/^Name/).value).toBe('Erika')
  })

  test('sending state (the button keeps focus), then success: toast, an inline confirmation with focus replaces the form, JSON sent', async () => {
    let release: () => void = () => {}
    answerWith(201, { hold: new Promise<void>((resolve) => (release = resolve)) })
    await renderForm()
    fill(/^Name/, ' Erika Mustermann ')
    fill(/^E-Mail/, 'erika@example.de')
    fill(/^Telefon/, '0201 123456')
    fireEvent.change(screen.getByLabelText(/^Betreff/), { target: { value: 'ankauf' } })
    fill(/^Nachricht/, 'Ich möchte meinen Golf verkaufen.')
    fireEvent.click(submitButton())

    const sending = (await screen.findByRole('button', { name: 'WIRD GESENDET...' })) as HTMLButtonElement
    // aria-disabled, not disabled: a disabled button would drop the focus to <body>.
    expect(sending.getAttribute('aria-disabled')).toBe('true')
    expect(sending.disabled).toBe(false)
    sending.focus()
    expect(document.activeElement).toBe(sending)
    // A second click while sending sends nothing more.
    fireEvent.click(sending)

    await act(async () => release())
    const confirmation = await waitFor(() => {
      const status = screen.getAllByRole('status').find((element) => element.textContent?.includes(CONTACT_TOASTS.success.description))
      if (!status) throw new Error('no inline confirmation')
      return status
    })
    expect(within(confirmation).getByText(CONTACT_TOASTS.success.title)).toBeTruthy()
    await waitFor(() => expect(document.activeElement?.contains(confirmation)).toBe(true))
    expect(received).toEqual([
      { name: 'Erika Mustermann', email: 'erika@example.de', phone: '0201 123456', subject: 'ankauf', message: 'Ich möchte meinen Golf verkaufen.', page: '/' },
    ])
    // The form is gone until the visitor asks for it again, then empty.
    expect(screen.queryByLabelText(/^Name/)).toBeNull()
    Element.prototype.scrollIntoView = vi.fn()
    fireEvent.click(screen.getByRole('button', { name: 'Weitere Nachricht senden' }))
    expect(field(/^Name/).value).toBe('')
    // Focus goes on to the fresh form's first field, not to <body>.
    await waitFor(() => expect(document.activeElement).toBe(field(/^Name/)))
    expect(field(/^Nachricht/).value).toBe('')
    expect(screen.getByRole('button', { name: 'NACHRICHT SENDEN' }).getAttribute('aria-disabled')).toBeNull()
  })

  test('server error: error toast, input kept, button usable again', async () => {
    answerWith(500)
    await renderForm()
    fill(/^Name/, 'Max Mustermann')
    fill(/^E-Mail/, 'max@example.de')
    fill(/^Nachricht/, 'Bitte rufen Sie mich zurück.')
    fireEvent.click(submitButton())

    await waitFor(() => expect(screen.getAllByText(CONTACT_TOASTS.failure.title)).toHaveLength(2))
    // The failure stays at the form, beside the button, after the toast has gone.
    act(() => void toast.dismiss())
    await waitFor(() => expect(screen.getAllByText(CONTACT_TOASTS.failure.title)).toHaveLength(1))
    expect(screen.getByRole('alert').textContent).toBe(`${CONTACT_TOASTS.failure.title}${CONTACT_TOASTS.failure.description}`)
    expect(received).toHaveLength(1)
    expect(field(/^Name/).value).toBe('Max Mustermann')
    expect(field(/^Nachricht/).value).toBe('Bitte rufen Sie mich zurück.')
    expect((screen.getByRole('button', { name: 'NACHRICHT SENDEN' }) as HTMLButtonElement).disabled).toBe(false)
  })

  test('network failure: the same error toast', async () => {
    failNetwork()
    await renderForm()
    fill(/^Name/, 'Max')
    fill(/^E-Mail/, 'max@example.de')
    fill(/^Nachricht/, 'Hallo')
    fireEvent.click(submitButton())

    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(CONTACT_TOASTS.failure.title))
    expect(field(/^Name/).value).toBe('Max')

    // The next try takes the failure away; this one is sent.
    answerWith(201)
    fireEvent.click(submitButton())
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  })

  test('a filled honeypot goes along so the server can drop the message', async () => {
    answerWith(201)
    const { form } = await renderForm()
    fill(/^Name/, 'Bot')
    fill(/^E-Mail/, 'bot@example.de')
    fill(/^Nachricht/, 'Spam')
    fireEvent.change(form.querySelector('input[name="website"]')!, { target: { value: 'https://spam.example' } })
    fireEvent.click(submitButton())

    await screen.findByText(CONTACT_TOASTS.success.title)
    expect(received).toEqual([expect.objectContaining({ website: 'https://spam.example' })])
  })

  test('after a post without JavaScript: field errors, summary and the input are shown', async () => {
    const { router } = await renderForm({
      actionData: {
        status: 'error',
        fieldErrors: { email: ['Bitte geben Sie eine gültige E-Mail-Adresse an.'], message: ['Bitte schreiben Sie uns eine Nachricht.'] },
        values: { name: 'Max', email: 'kein-email', message: '' },
      },
    })
    const body = new FormData()
    body.set('name', 'Max')
    await act(() => router.navigate('/', { formMethod: 'post', formData: body }))

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Bitte prüfen Sie Ihre Eingaben:')).toBeTruthy()
    expect(within(alert).getByRole('link', { name: 'Bitte schreiben Sie uns eine Nachricht.' }).getAttribute('href')).toBe('#contact-message')
    expect(field(/^Name/).value).toBe('Max')
    expect(field(/^E-Mail/).value).toBe('kein-email')
    expect(field(/^E-Mail/).getAttribute('aria-invalid')).toBe('true')
  })

  test('after a failed store without JavaScript: the failure text', async () => {
    const { router } = await renderForm({
      actionData: { status: 'error', formError: CONTACT_TOASTS.failure.description, values: { name: 'Max' } },
    })
    await act(() => router.navigate('/', { formMethod: 'post', formData: new FormData() }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(CONTACT_TOASTS.failure.title)
    expect(alert.textContent).toContain(CONTACT_TOASTS.failure.description)
  })

  test('?nachricht=gesendet (the redirect after a post without JavaScript) shows the confirmation', async () => {
    await renderForm({ path: '/?nachricht=gesendet' })
    const status = screen.getByRole('status')
    expect(status.textContent).toContain(CONTACT_TOASTS.success.description)
  })
})
