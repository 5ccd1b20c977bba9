import { describe, expect, it } from 'vitest'
import { CONTACT_LIMITS, missingRequiredFields } from './forms.ts'
import { formSchemas } from './schema.server.ts'
import { FORMS } from '#app/submissions/form-registry.ts'

/** The contact form's schema, built like every other form's. */
const contactSchema = formSchemas.contact
const missingRequiredContactFields = (values: Record<string, unknown>) => missingRequiredFields(FORMS['contact'], values)

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

  it('takes an address with umlauts in its domain, in the ASCII form Chromium sends', () => {
    expect(contactSchema.parse({ ...valid, email: 'erika@bücher.de' }).email).toBe('erika@xn--bcher-kva.de')
  })

  it('rejects line breaks, other controls, bidi overrides and lone surrogates in name and phone with a German message', () => {
    for (const name of ['Müller\r\n\r\n<html>injected body</html>', 'Max\rMuster', 'Max\u0000', 'Max\u0085', 'Max\u2028Muster', 'Max\ud83d']) {
      const result = contactSchema.safeParse({ ...valid, name })
      expect(
        result.error?.issues.map((issue) => [issue.path, issue.message]),
        JSON.stringify(name),
      ).toEqual([[['name'], 'Bitte geben Sie Ihren Namen in einer Zeile ein.']])
    }
    for (const phone of ['+49 201\n1234', '+49\t201 1234', '0201\u2028123']) {
      expect(contactSchema.safeParse({ ...valid, phone }).error?.issues[0]?.message).toBe('Bitte geben Sie eine gültige Telefonnummer an.')
    }
    expect(contactSchema.safeParse({ ...valid, page: '/contact\r\nx' }).success).toBe(false)
    // Bidi controls and no-break spaces are tidied away, not refused (visitor review 12-01): nothing of them is stored.
    expect(contactSchema.parse({ ...valid, name: 'Max \u202eretsuM\u2066', phone: '\u202a+49\u00a0171\u00a01234567\u202c' })).toMatchObject({
      name: 'Max retsuM',
      phone: '+49 171 1234567',
    })
  })

  it('lets the message keep line breaks and tabs, reads other apps’ line breaks as line breaks, but takes no other controls', () => {
    expect(contactSchema.parse({ ...valid, message: 'Hallo,\r\n\r\nich möchte\tverkaufen.\nGruß' }).message).toBe('Hallo,\r\n\r\nich möchte\tverkaufen.\nGruß')
    expect(contactSchema.parse({ ...valid, message: 'Hallo\rWelt\u2029Absatz\u2028Zeile\u000bWord \u202eEnde' }).message).toBe(
      'Hallo\nWelt\nAbsatz\nZeile\nWord Ende',
    )
    for (const message of ['Hallo\u0000', 'Hallo\u0085Welt', 'Hallo\u001b[31m']) {
      expect(contactSchema.safeParse({ ...valid, message }).error?.issues[0]?.message, JSON.stringify(message)).toBe(
        '„Nachricht“ enthält unsichtbare Sonderzeichen, etwa aus einem kopierten Text. Bitte tippen Sie den Text neu ein, statt ihn einzufügen.',
      )
    }
  })

  it('accepts exactly the e-mail addresses the browser accepts (type="email" and the pattern)', () => {
    for (const email of ['max@', 'name@web', 'erika@example', 'a b@example.de']) {
      expect(contactSchema.safeParse({ ...valid, email }).error?.issues[0]?.message, email).toBe('Bitte geben Sie eine gültige E-Mail-Adresse an.')
    }
    for (const email of ['max@web.de', "o'neil+auto@mail.example.co.uk"]) expect(contactSchema.safeParse({ ...valid, email }).success, email).toBe(true)
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
