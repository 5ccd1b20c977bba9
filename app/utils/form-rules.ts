/*
 * The text rules every form shares (contact form and lead forms), in one place for the browser and
 * the server: the e-mail and phone formats (also the inputs' `pattern`, so the browser's check and
 * the server's agree) and the characters a stored field may not hold. Browser-safe, no zod.
 */
import { readGermanNumber } from '#schemas/lib/german-number.ts'

/** The rest of a domain label after its first character: up to 63 in all, no hyphen at its end. */
const domainLabelEnd = '[\\p{L}\\p{M}\\p{N}\\-]{0,61}[\\p{L}\\p{M}\\p{N}]'

/**
 * The e-mail rule: the HTML standard's "valid e-mail address" (what `type="email"` accepts),
 * narrowed to domains with a dot and a top-level label of at least two characters starting with a
 * letter, so that `name@web` (a typo for web.de no one can reply to) is refused by both sides.
 * The domain's labels may hold letters of any script (`info@müller.de`): Chromium hands the
 * pattern the ASCII form (`xn--mller-kva.de`), Firefox the address as typed, a text input (the
 * Suchauftrag's) always as typed; the server stores the ASCII form (schema.server.ts).
 * Written for the `pattern` attribute, which browsers compile with the `v` flag: the
 * class characters `/ { } | ( ) -` are escaped.
 */
export const EMAIL_PATTERN_SOURCE = `[a-zA-Z0-9.!#$%&'*+\\/=?^_\`\\{\\|\\}~\\-]+@(?:[\\p{L}\\p{N}](?:${domainLabelEnd})?\\.)+\\p{L}${domainLabelEnd}`

/** No-break spaces (U+00A0, U+2007, U+202F): a contact app's way of grouping a number. */
const PASTED_SPACES = '\\u00a0\\u2007\\u202f'
/** Direction marks and bidi controls (U+200E/F, U+202A–202E, U+2066–2069): WhatsApp and Android wrap a copied number in them. */
const PASTED_MARKS = '[\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]'

/**
 * What a pasted text brings that is not the visitor's meaning, made plain before any rule reads it:
 * no-break spaces become spaces, direction marks and bidi controls go (so none reorders what the
 * Studio shows), and in a message the line breaks of other apps (U+2028/2029, Word's vertical tab,
 * a form feed, a lone CR) become line feeds. The browser's `pattern` lets the first two through, so
 * a number copied from a chat or a contact app is sent, not refused.
 */
export function tidyPastedText(value: string, { multiLine = false }: { multiLine?: boolean } = {}): string {
  const text = value.replace(new RegExp(`[${PASTED_SPACES}]`, 'g'), ' ').replace(new RegExp(PASTED_MARKS, 'g'), '')
  return multiLine ? text.replace(/\r(?!\n)|[\u000b\u000c\u2028\u2029]/g, '\n') : text
}

/**
 * The phone rule: a plus, a bracket or a digit, then digits, plain spaces, slashes, brackets or hyphens (no
 * tabs or line breaks, which `\s` would let in), with at least six digits in all: a German number
 * with its area code has more, so „0176 1“ is a typo no one can call back; „(0201) 123456“ is how many
 * write an area code. The no-break spaces and marks of a pasted number pass (tidyPastedText removes
 * them before the server checks). `pattern`-ready like the
 * e-mail rule (a lookahead is valid under the `v` flag; `\D*\d` rather than `[^0-9]*`, which the GROQ check reads as a query).
 */
export const PHONE_PATTERN_SOURCE = `(?=(?:\\D*\\d){6})${PASTED_MARKS}{0,4}[+\\(0-9][0-9 \\/\\(\\)\\-${PASTED_SPACES}${PASTED_MARKS.slice(1, -1)}]{3,}`

/**
 * A whole number as Germans type it: digits, or thousands grouped by dots or by spaces, the same
 * throughout (`123456`, `123.456`, `1 234 567`). A comma or a dot before fewer than three digits
 * (`123,5`, `12.34`) is a decimal and refused. `pattern`-ready like the rules above.
 */
export const WHOLE_NUMBER_PATTERN_SOURCE = '[0-9]+|[0-9]{1,3}(?:\\.[0-9]{3})+|[0-9]{1,3}(?: [0-9]{3})+'

/**
 * A rule as an input's `pattern`: spaces before and after are let through (a pasted „ 85.000“, the
 * space a phone keyboard adds after a word), since the server trims before it checks („ 85.000“ was
 * refused, „45326 “ taken).
 */
export const inputPattern = (source: string) => `\\s*(?:${source})\\s*`

/**
 * The attributes of an input for a whole number of euros: text, not type="number", which refuses
 * „20.000“, the German way to write 20000 €; the numeric keyboard; the pattern above. `title` is the
 * browser's own bubble without JavaScript. Once `scripted` the page shows `message` at the field and the
 * title would only be read out as the field's description, as in
 * the forms' inputAttributes.
 */
export function wholeNumberInputAttributes(message: string, scripted: boolean) {
  return { type: 'text', inputMode: 'numeric', pattern: inputPattern(WHOLE_NUMBER_PATTERN_SOURCE), title: scripted ? undefined : message } as const
}

/** A year: four digits, never grouped (2.018 is no year anyone writes). */
export const YEAR_PATTERN_SOURCE = '[0-9]{4}'

/**
 * The one reader of whole numbers that people type or links carry: spaces, „€“ and „km“ are
 * noise, thousands may be grouped by dots (`20.000 €` → 20000), and cents after a comma are
 * rounded (`2.500,50` → 2501). Null for anything else (`12.34`, `1e9`, `-5`, `viel`). Forms that
 * store the number refuse decimals before reading (WHOLE_NUMBER_PATTERN_SOURCE); search and
 * calculator addresses take what a visitor may have typed.
 */
export function readWholeNumber(text: string): number | null {
  const number = readGermanNumber(text)
  return number === null || number < 0 || Object.is(number, -0) ? null : Math.round(number)
}

/** Anchored like the browser anchors a `pattern` (`^(?:…)$`). */
const EMAIL_PATTERN = new RegExp(`^(?:${EMAIL_PATTERN_SOURCE})$`, 'u')
const PHONE_PATTERN = new RegExp(`^(?:${PHONE_PATTERN_SOURCE})$`, 'u')

/** Whether `value` (trimmed by the caller) is an e-mail address the forms accept. */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value)
}

/** Whether `value` (trimmed by the caller) is a phone number the forms accept. */
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value)
}

/**
 * Characters no stored field may hold: C0 and C1 controls (CR, LF and tab included), DEL, the
 * Unicode line and paragraph separators, the bidi embeddings, overrides and isolates
 * (U+202A–202E, U+2066–2069), and lone surrogates. They would add free lines to the dealer's
 * plain-text e-mail or reorder what the Studio shows.
 */
const SINGLE_LINE_FORBIDDEN =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Multi-line texts (messages) may keep tabs, LF and CR-LF line breaks; nothing else of the above. */
const MULTI_LINE_FORBIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\r(?!\n)|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Whether a text holds a character its field may not store (see SINGLE_LINE_FORBIDDEN). */
export function hasForbiddenCharacters(value: string, { multiLine = false }: { multiLine?: boolean } = {}): boolean {
  return (multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value)
}
