// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { CONTACT_FORM, inputAttributes, type FormDefinition } from '#app/submissions/forms.ts'
import { PHONE_OR_EMAIL_MESSAGE } from '#app/submissions/lead-forms.ts'
import { LEAD_FORMS } from '#app/submissions/form-registry.ts'
import { refusedBeforeSending } from './form-values.ts'

const FORM = LEAD_FORMS['vehicle-sale']

/** A form's controls with the attributes the page gives them (required, pattern, min, max, maxLength). */
function formOf(definition: FormDefinition, values: Record<string, string>): HTMLFormElement {
  const form = document.createElement('form')
  for (const field of definition.fields) {
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

const saleForm = (values: Record<string, string>) => formOf(FORM, values)
const clientFieldErrors = (form: HTMLFormElement, values: Record<string, string>) => refusedBeforeSending(FORM, FORM.fields, form, values)?.errors ?? null
const raw = (form: HTMLFormElement) => Object.fromEntries([...new FormData(form)].map(([name, value]) => [name, String(value)]))

describe('every form checks itself before sending, in one pass (accessibility review 2026-11-29, M3 and L11)', () => {
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

  it('names a number out of its range in the same pass, in the server’s words (visitor review 2026-11-30, M2)', () => {
    const nextYear = new Date().getFullYear() + 1
    for (const [year, mileage] of [
      ['2099', '9.999.999'],
      ['1800', '2000001'],
    ] as const) {
      const form = saleForm({ make: 'VW', model: 'Golf', year, mileage })
      const errors = clientFieldErrors(form, raw(form))
      expect(errors?.mileage).toEqual(['„Kilometerstand (km)“ muss zwischen 0 und 2.000.000 km liegen.'])
      expect(errors?.year).toEqual([`„Erstzulassung (Jahr)“ muss zwischen 1950 und ${nextYear} liegen.`])
      expect(errors?.phone).toEqual([PHONE_OR_EMAIL_MESSAGE])
    }
    // The ends of the ranges are fine.
    const edges = saleForm({ make: 'VW', model: 'Golf', year: String(nextYear), mileage: '2.000.000' })
    const errors = clientFieldErrors(edges, raw(edges))
    expect(errors?.year).toBeUndefined()
    expect(errors?.mileage).toBeUndefined()
  })

  it('tells an empty required field (the missing toast) from a refused format alone (the toast naming the fields)', () => {
    const invalidOnly = formOf(CONTACT_FORM, { name: 'Max', email: 'max@', message: 'Hallo' })
    expect(refusedBeforeSending(CONTACT_FORM, CONTACT_FORM.fields, invalidOnly, raw(invalidOnly))).toEqual({
      errors: { email: [CONTACT_FORM.messages.format(CONTACT_FORM.fields.find((field) => field.name === 'email')!)] },
      missing: false,
    })
    // The review's L11 case: the bad address is named in the same pass as the empty message.
    const both = formOf(CONTACT_FORM, { name: 'Max', email: 'max@' })
    const refused = refusedBeforeSending(CONTACT_FORM, CONTACT_FORM.fields, both, raw(both))
    expect(refused?.missing).toBe(true)
    expect(Object.keys(refused?.errors ?? {}).sort()).toEqual(['email', 'message'])
  })

  it('leaves out the fields the form does not show (another variant’s)', () => {
    const form = saleForm({})
    const shown = FORM.fields.filter((field) => field.name !== 'make')
    expect(refusedBeforeSending(FORM, shown, form, raw(form))?.errors.make).toBeUndefined()
  })
})
