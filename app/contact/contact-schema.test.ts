import { describe, expect, it } from 'vitest'
import { CONTACT_LIMITS, missingRequiredContactFields } from '~/contact/contact-fields'
import { contactSchema } from '~/contact/contact-schema'

const valid = { name: 'Erika Mustermann', email: 'erika@example.de', message: 'Ich möchte meinen Golf verkaufen.' }

describe('contactSchema', () => {
  it('accepts the required fields alone and trims them', () => {
    const result = contactSchema.parse({ ...valid, name: '  Erika Mustermann ' })
    expect(result).toEqual({ ...valid, phone: undefined, subject: undefined, page: undefined })
  })

  it('accepts every optional field', () => {
    const result = contactSchema.parse({ ...valid, phone: '+49 201 123456', subject: 'termin', page: '/contact' })
    expect(result.subject).toBe('termin')
    expect(result.phone).toBe('+49 201 123456')
  })

  it.each(['name', 'email', 'message'] as const)('requires %s', (field) => {
    const result = contactSchema.safeParse({ ...valid, [field]: '   ' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual([field])
  })

  it('reports one message for an empty field, not a follow-up format error', () => {
    const result = contactSchema.safeParse({ ...valid, email: '  ' })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Bitte geben Sie Ihre E-Mail-Adresse an.'])
  })

  it('rejects an invalid e-mail address with a German message', () => {
    const result = contactSchema.safeParse({ ...valid, email: 'erika(at)example' })
    expect(result.error?.issues[0]?.message).toBe('Bitte geben Sie eine gültige E-Mail-Adresse an.')
  })

  it('rejects subjects outside the list and treats an empty subject as none', () => {
    expect(contactSchema.safeParse({ ...valid, subject: 'spam' }).success).toBe(false)
    expect(contactSchema.parse({ ...valid, subject: '' }).subject).toBeUndefined()
  })

  it('enforces length limits at the boundary', () => {
    expect(contactSchema.safeParse({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message) }).success).toBe(true)
    const tooLong = contactSchema.safeParse({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message + 1) })
    expect(tooLong.error?.issues[0]?.message).toBe('Die Nachricht darf höchstens 5.000 Zeichen lang sein.')
    expect(contactSchema.safeParse({ ...valid, name: 'x'.repeat(CONTACT_LIMITS.name + 1) }).success).toBe(false)
  })

  it('rejects phone numbers without digits and pages that are not paths', () => {
    expect(contactSchema.safeParse({ ...valid, phone: 'ruf mich an' }).success).toBe(false)
    expect(contactSchema.safeParse({ ...valid, page: 'https://evil.example' }).success).toBe(false)
  })

  it('rejects non-string values', () => {
    expect(contactSchema.safeParse({ ...valid, name: 42 }).success).toBe(false)
    expect(contactSchema.safeParse({ ...valid, message: null }).success).toBe(false)
  })
})

describe('missingRequiredContactFields', () => {
  it('lists the empty or missing ones of name, e-mail and message', () => {
    expect(missingRequiredContactFields(valid)).toEqual([])
    expect(missingRequiredContactFields({ ...valid, name: ' ' })).toEqual(['name'])
    expect(missingRequiredContactFields({ email: valid.email })).toEqual(['name', 'message'])
  })
})
