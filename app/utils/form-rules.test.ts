import { domainToASCII } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  EMAIL_PATTERN_SOURCE,
  hasForbiddenCharacters,
  isValidEmail,
  isValidPhone,
  PHONE_PATTERN_SOURCE,
  readWholeNumber,
  tidyPastedText,
  WHOLE_NUMBER_PATTERN_SOURCE,
} from '#app/utils/form-rules.ts'

/** The HTML standard's "valid e-mail address": what an `<input type="email">` accepts. */
const HTML_EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/
/** How browsers compile a `pattern` attribute. */
const asPattern = (source: string) => new RegExp(`^(?:${source})$`, 'v')
/** The address with its domain in ASCII, as browsers check an e-mail input (an unencodable domain becomes empty). */
const asciiForm = (value: string) => value.replace(/@([^@]*)$/, (_, domain: string) => `@${/^[\x21-\x7e]*$/.test(domain) ? domain : domainToASCII(domain)}`)
/**
 * What a browser lets through an e-mail input: its own check of the ASCII form, and the input's
 * pattern on the value it keeps: the ASCII form in Chromium, the address as typed in Firefox.
 */
const browserAccepts = (value: string) =>
  HTML_EMAIL.test(asciiForm(value)) && asPattern(EMAIL_PATTERN_SOURCE).test(asciiForm(value)) && asPattern(EMAIL_PATTERN_SOURCE).test(value)

const ACCEPTED = [
  'erika@example.de',
  'max.mustermann+auto@web.de',
  "o'neil@mail.example.co.uk",
  'a@b.de',
  'x_y-z@sub-domain.example.com',
  'info@xn--mller-kva.de',
  'info@müller.de',
  'verkauf@autohaus-größe.de',
  'anna@bücher.köln',
]
const REFUSED = [
  'max@',
  'name@web',
  '@example.de',
  'erika(at)example',
  'erika@example',
  'erika@example.d',
  'erika@.de',
  'erika@example..de',
  'erika@-example.de',
  'erika@example.de.',
  'a b@example.de',
  'erika@exam_ple.de',
  'erika@example.123',
  'a@b.de\r\nBcc: x@evil.example',
  'müller@example.de',
  'erika@müller_.de',
  'erika@müller.1de',
  '',
]

describe('the e-mail rule', () => {
  it.each(ACCEPTED)('accepts %s, in the browser and on the server', (value) => {
    expect(isValidEmail(value)).toBe(true)
    expect(browserAccepts(value)).toBe(true)
  })

  it.each(REFUSED)('refuses %j, in the browser and on the server', (value) => {
    expect(isValidEmail(value)).toBe(false)
    expect(browserAccepts(value)).toBe(false)
  })

  it('never accepts what the browser refuses (the pattern narrows type="email", never widens it)', () => {
    for (const value of [...ACCEPTED, ...REFUSED, 'a!#$%&*/=?^`{|}~@example.de', '.dot@example.de', 'x@1.2.3.de', 'x@-müller.de', 'x@xn--zz.de']) {
      expect(isValidEmail(value), value).toBe(browserAccepts(value))
      if (isValidEmail(value)) expect(HTML_EMAIL.test(asciiForm(value)), value).toBe(true)
    }
  })
})

describe('readWholeNumber', () => {
  it.each([
    ['123456', 123_456],
    ['123.456', 123_456],
    ['1 234 567', 1_234_567],
    ['20.000 €', 20_000],
    ['20.000\u00a0€', 20_000],
    ['85.000 km', 85_000],
    ['2.500,50', 2501],
    ['300,49', 300],
    ['0', 0],
  ])('reads %j as %d', (text, number) => {
    expect(readWholeNumber(text)).toBe(number)
  })

  it.each(['', 'viel', '-5', '1e9', '12.34', '1.2.3', '2,5,0', '1.23.456', '0x10', ',5'])('reads %j as nothing', (text) => {
    expect(readWholeNumber(text)).toBeNull()
  })

  it('reads every text the number inputs let through as the digits typed', () => {
    for (const text of ['7', '123456', '1.234', '12.345.678', '1 234', '999 999 999']) {
      expect(asPattern(WHOLE_NUMBER_PATTERN_SOURCE).test(text), text).toBe(true)
      expect(readWholeNumber(text), text).toBe(Number(text.replace(/\D/g, '')))
    }
  })
})

describe('the phone rule', () => {
  it.each(['0201 123456', '+49 201 123456', '0201 (12) 34-56', '0172/1234567', '020112', '(0201) 123456', '+49 (0) 171 1234567'])('accepts %s', (value) => {
    expect(isValidPhone(value)).toBe(true)
    expect(asPattern(PHONE_PATTERN_SOURCE).test(value)).toBe(true)
  })

  // Numbers copied from a contact app or a chat (visitor review 12-01): the browser lets them through, the server tidies them first.
  it.each(['+49\u00a0171\u00a01234567', '0201\u202f123456', '\u202a+49 171 1234567\u202c', '\u2066+49 171 1234567\u2069', '\u200e0171 1234567'])(
    'lets the pasted %j through the browser, and the server reads it as typed without its marks',
    (value) => {
      expect(asPattern(PHONE_PATTERN_SOURCE).test(value)).toBe(true)
      const tidied = tidyPastedText(value)
      expect(isValidPhone(tidied)).toBe(true)
      expect(tidied).toMatch(/^[+0-9][0-9 ]+$/)
    },
  )

  it.each(['+49 201\n1234', '+49\t201 1234', 'ruf mich an', '12', '+49 201 1234\u2028', '0176 1', '+49 201', '0201-1', '(0201', '\u202e0201 123456\u202c x'])(
    'refuses %j',
    (value) => {
      expect(isValidPhone(value)).toBe(false)
      expect(asPattern(PHONE_PATTERN_SOURCE).test(value)).toBe(false)
    },
  )
})

describe('hasForbiddenCharacters', () => {
  const forbidden = {
    CR: 'Max\rMuster',
    LF: 'Max\nMuster',
    'CR-LF': 'Müller\r\n\r\n<html>injected body</html>',
    NUL: 'Max\u0000',
    tab: 'Max\tMuster',
    ESC: 'Max\u001b[31m',
    DEL: 'Max\u007f',
    NEL: 'Max\u0085Muster',
    'C1 CSI': 'Max\u009b',
    'line separator': 'Max\u2028Muster',
    'paragraph separator': 'Max\u2029Muster',
    'right-to-left override': 'Max \u202eretsuM',
    'left-to-right embedding': '\u202aMax',
    'first strong isolate': 'Max\u2068',
    'pop directional isolate': 'Max\u2069',
    'lone high surrogate': 'Max\ud83d',
    'lone low surrogate': '\ude00Max',
  }

  it.each(Object.entries(forbidden))('finds %s in a single-line field', (_, value) => {
    expect(hasForbiddenCharacters(value)).toBe(true)
  })

  it('lets names, companies and phone numbers in any script through', () => {
    for (const value of ['Erika Mustermann', 'Jürgen Groß-Öztürk', "O'Neil & Söhne GmbH", 'محمد علي', 'Łukasz Żółć', 'Max 😀', '+49 (0201) 12-34']) {
      expect(hasForbiddenCharacters(value), value).toBe(false)
    }
  })

  it('tidies what other apps paste: no-break spaces, marks and bidi controls in any field; their line breaks in a message (visitor review 12-01)', () => {
    expect(tidyPastedText('Erika\u00a0Mustermann\u200f')).toBe('Erika Mustermann')
    expect(tidyPastedText('Max \u202eretsuM')).toBe('Max retsuM')
    expect(hasForbiddenCharacters(tidyPastedText('Max \u202eretsuM'))).toBe(false)
    const pasted = 'Zeile eins\u2028Zeile zwei\u2029Absatz\u000bWord\u000cSeite\rMac'
    expect(tidyPastedText(pasted, { multiLine: true })).toBe('Zeile eins\nZeile zwei\nAbsatz\nWord\nSeite\nMac')
    expect(hasForbiddenCharacters(tidyPastedText(pasted, { multiLine: true }), { multiLine: true })).toBe(false)
    // A one-line field keeps refusing a line break of any kind, and a message the controls that are no line break.
    expect(hasForbiddenCharacters(tidyPastedText('Max\u2028Muster'))).toBe(true)
    expect(hasForbiddenCharacters(tidyPastedText('Hallo\u0000\u001b[31m', { multiLine: true }), { multiLine: true })).toBe(true)
    expect(tidyPastedText('Hallo,\r\n\tGruß', { multiLine: true })).toBe('Hallo,\r\n\tGruß')
  })

  it('lets a message keep tabs, LF and CR-LF, but nothing else of the above', () => {
    expect(hasForbiddenCharacters('Hallo,\r\n\r\nich möchte\tverkaufen.\nGruß 😀', { multiLine: true })).toBe(false)
    for (const [name, value] of Object.entries(forbidden)) {
      if (['LF', 'CR-LF', 'tab'].includes(name)) continue
      expect(hasForbiddenCharacters(value, { multiLine: true }), name).toBe(true)
    }
  })
})
