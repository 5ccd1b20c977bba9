// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { inputAttributes } from '#app/submissions/forms.ts'
import { LEAD_FORMS, PHONE_OR_EMAIL_MESSAGE } from '#app/submissions/lead-forms.ts'
import { clientFieldErrors } from './sale-form.tsx'

const FORM = LEAD_FORMS['vehicle-sale']

/** The sell form's controls with the attributes the page gives them (required, pattern, min, max, maxLength). */
function saleForm(values: Record<string, string>): HTMLFormElement {
  const form = document.createElement('form')
  for (const field of FORM.fields) {
    const control = document.createElement(field.type === 'select' ? 'select' : field.type === 'textarea' ? 'textarea' : 'input')
    for (const [name, value] of Object.entries(inputAttributes(field))) if (value !== undefined) control.setAttribute(name.toLowerCase(), String(value))
    if (field.required) control.setAttribute('required', '')
    control.setAttribute('name', field.name)
    if (control instanceof HTMLSelectElement) for (const option of ['', ...(field.options ?? [])]) control.add(new Option(option, option))
    if (values[field.name] !== undefined) control.value = values[field.name]!
    form.append(control)
  }
  return form
}

const raw = (form: HTMLFormElement) => Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, String(value)]))

describe('the sell form checks itself before sending (accessibility review 2026-11-29, M3)', () => {
  it('names every empty required field at once, phone and e-mail as one, in the server’s words', () => {
    const form = saleForm({})
    const errors = clientFieldErrors(form, raw(form))
    const required = FORM.fields.filter((field) => field.required).map((field) => field.name)
    expect(Object.keys(errors ?? {}).sort()).toEqual([...required, 'phone', 'email'].sort())
    expect(errors?.make).toEqual([FORM.messages.missing(FORM.fields.find((field) => field.name === 'make')!)])
    expect(errors?.phone).toEqual([PHONE_OR_EMAIL_MESSAGE])
  })

  it('refuses a filled field its format refuses beside the empty ones, and nothing when all is well', () => {
    const year = FORM.fields.find((field) => field.name === 'year')!
    const form = saleForm({ make: 'VW', year: '18' })
    const errors = clientFieldErrors(form, raw(form))
    expect(errors?.year).toEqual([FORM.messages.format(year)])
    expect(errors?.make).toBeUndefined()
    expect(errors?.model).toBeDefined()

    const filled = Object.fromEntries(
      FORM.fields.filter((field) => field.required).map((field) => [field.name, field.type === 'select' ? field.options![0]! : '']),
    )
    const complete = saleForm({
      ...filled,
      make: 'VW',
      model: 'Golf',
      year: '2018',
      mileage: '85000',
      name: 'Max Muster',
      postcode: '45326',
      phone: '0201 123456',
    })
    expect(clientFieldErrors(complete, raw(complete))).toBeNull()
  })
})
