import { ALERT_KINDS, isAlertKind } from '#app/alerts/consent.ts'
import { domainToASCII } from 'node:url'
import { z } from 'zod'
import { INBOX_ID_PREFIXES } from '#schemas/lib/constants.ts'
import { PUBLIC_VEHICLE_ID_PATTERN } from '#schemas/lib/validation.ts'
import { type ContentLake, createDocument } from '#app/lake/lake.server.ts'
import { echoFormValues } from '#app/utils/form-values.ts'
import { isSameSitePage } from '#app/utils/redirect-path.ts'
import { hasForbiddenCharacters, isValidEmail, isValidPhone, WHOLE_NUMBER_PATTERN_SOURCE, readWholeNumber, tidyPastedText } from '#app/utils/form-rules.ts'
import { FIELD_MESSAGES, missingFieldMessage, numberRangeMessage, tooLongMessage } from './field-messages.ts'
import { type FieldDefinition, type FieldErrors, type FormKind, replyChannel } from './forms.ts'
import { LEAD_LIMITS } from './lead-forms.ts'
import { FORMS } from './form-registry.ts'
import { SLOT_MESSAGES } from './appointment-slots.ts'

/*
 * Server only (zod's core and locales weigh ~90 KB gzipped, too much for the browser): one schema
 * per form, the contact form's included, built from the field definitions in forms.ts (labels,
 * required flags, limits, options, messages), plus the rules between fields and the page the form
 * was sent from. Form posts send strings: '' means absent, numbers are parsed here. The browser
 * checks required fields itself and lets native constraints check formats (the e-mail and phone
 * rules of app/utils/form-rules.ts are also the inputs' `pattern`).
 */

type FieldValue = string | number | boolean | undefined

const SLOT_VALUE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}-\d{2}:\d{2}$/
const CHECKED = new Set(['on', 'true', '1', 'ja'])
const UNCHECKED = new Set(['', 'off', 'false', '0', 'nein'])

/** Adds `message` as the field's issue and yields no value. */
function fail(ctx: z.RefinementCtx, message: string): typeof z.NEVER {
  ctx.addIssue({ code: 'custom', message })
  return z.NEVER
}

function textValue(field: FieldDefinition, kind: FormKind, value: unknown, ctx: z.RefinementCtx): string | undefined {
  if (value !== undefined && value !== null && typeof value !== 'string') return fail(ctx, FIELD_MESSAGES.text(field.label))
  const multiLine = field.type === 'textarea'
  const text = tidyPastedText(value ?? '', { multiLine }).trim()
  if (text === '') return field.required ? fail(ctx, missingFieldMessage(FORMS[kind], field.name)) : undefined
  if (field.maxLength !== undefined && text.length > field.maxLength) return fail(ctx, tooLongMessage(field, field.maxLength))
  // The forms' shared rules (app/utils/form-rules.ts); e-mail and phone are also the inputs' `pattern`.
  if (field.type === 'email' && !isValidEmail(text)) return fail(ctx, FIELD_MESSAGES.emailFormat)
  if (field.type === 'tel' && !isValidPhone(text)) return fail(ctx, FIELD_MESSAGES.phoneFormat)
  if (field.pattern && !new RegExp(`^(?:${field.pattern.source})$`, 'u').test(text)) return fail(ctx, field.pattern.message)
  if (hasForbiddenCharacters(text, { multiLine })) return fail(ctx, FIELD_MESSAGES.forbidden(field.label, { multiLine }))
  if (field.type === 'select' && !field.options?.includes(text)) return fail(ctx, field.messages?.invalid ?? FIELD_MESSAGES.option(field.label))
  if (field.type === 'email' || (FORMS[kind].replyVia?.field === field.name && isValidEmail(text))) {
    return asciiDomainEmail(text) ?? fail(ctx, field.type === 'email' ? FIELD_MESSAGES.emailFormat : (field.pattern?.message ?? FIELD_MESSAGES.emailFormat))
  }
  return text
}

/**
 * An accepted address as it is stored and mailed: a domain with letters beyond ASCII
 * (`info@müller.de`) in its ASCII form (`info@xn--mller-kva.de`), the form Chromium already sends
 * from an e-mail input, so one address is one value whichever browser sent it. Undefined for a
 * domain that has no ASCII form (`a@xn--zz.de`, a label over 63 bytes once encoded).
 */
export function asciiDomainEmail(address: string): string | undefined {
  const at = address.lastIndexOf('@')
  const domain = address.slice(at + 1)
  if (/^[\x21-\x7e]*$/.test(domain)) return address
  const ascii = `${address.slice(0, at)}@${domainToASCII(domain)}`
  return isValidEmail(ascii) && ascii.length <= LEAD_LIMITS.email ? ascii : undefined
}

function numberValue(field: FieldDefinition, kind: FormKind, value: unknown, ctx: z.RefinementCtx): number | undefined {
  let number: number
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return fail(ctx, FIELD_MESSAGES.numberFormat(field.label, field.number))
    number = value
  } else if (value === undefined || value === null || typeof value === 'string') {
    const text = (value ?? '').trim()
    if (text === '') return field.required ? fail(ctx, missingFieldMessage(FORMS[kind], field.name)) : undefined
    // The input's own pattern (thousands grouped the German way, a year's four digits), as the browser checks it.
    const { source, message } = field.pattern ?? { source: WHOLE_NUMBER_PATTERN_SOURCE, message: FIELD_MESSAGES.numberFormat(field.label, field.number) }
    const read = new RegExp(`^(?:${source})$`, 'u').test(text) ? readWholeNumber(text) : null
    if (read === null) return fail(ctx, message)
    number = read
  } else {
    return fail(ctx, FIELD_MESSAGES.numberFormat(field.label, field.number))
  }
  const outOfRange = numberRangeMessage(field, number)
  return outOfRange ? fail(ctx, outOfRange) : number
}

function checkboxValue(field: FieldDefinition, value: unknown, ctx: z.RefinementCtx): boolean {
  if (value === undefined || value === null || value === false) return false
  if (value === true) return true
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase()
    if (CHECKED.has(text)) return true
    if (UNCHECKED.has(text)) return false
  }
  return fail(ctx, FIELD_MESSAGES.checkbox(field.label))
}

/** A test-drive slot's form (`2026-11-30T09:00-12:00`); whether the dealer is open then, submit.server.ts checks with the hours. */
function slotValue(field: FieldDefinition, kind: FormKind, value: unknown, ctx: z.RefinementCtx): string | undefined {
  const text = textValue(field, kind, value, ctx)
  // Undefined when empty, z.NEVER when textValue refused it already.
  if (typeof text !== 'string') return text
  return SLOT_VALUE_PATTERN.test(text) ? text : fail(ctx, SLOT_MESSAGES.format)
}

/** The zod schema of one field, from its definition. */
function fieldSchema(kind: FormKind, field: FieldDefinition) {
  return z.unknown().transform((value, ctx): FieldValue => {
    if (field.type === 'number') return numberValue(field, kind, value, ctx)
    if (field.type === 'checkbox') return checkboxValue(field, value, ctx)
    if (field.type === 'slot') return slotValue(field, kind, value, ctx)
    return textValue(field, kind, value, ctx)
  })
}

/** The vehicle's public id (`/vehicles/{id}`), sent along by the vehicle enquiry. */
const vehicleIdSchema = z.unknown().transform((value, ctx): string | undefined => {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string' || !PUBLIC_VEHICLE_ID_PATTERN.test(value.trim())) return fail(ctx, FIELD_MESSAGES.vehicleId)
  return value.trim()
})

const LEAD_ID = new RegExp(`^${INBOX_ID_PREFIXES.lead.replace(/\./g, '\\.')}[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

/** Whether a value is a stored lead's id by form (`inbox.lead-<uuid>`), e.g. the test drive a sell request follows. */
export function isLeadId(value: unknown): value is string {
  return typeof value === 'string' && LEAD_ID.test(value)
}

/** Whether a value is a vehicle's public id by form (the vehicle still has to be looked up). */
export function isPublicVehicleId(value: unknown): value is string {
  return typeof value === 'string' && PUBLIC_VEHICLE_ID_PATTERN.test(value)
}

/**
 * The car a sell request is a trade-in for (the vehicle page's link, carried in a hidden field):
 * the seller did not type it, so a malformed id is dropped rather than refusing the request.
 */
const tradeInVehicleIdSchema = z.unknown().transform((value): string | undefined => {
  const id = typeof value === 'string' ? value.trim() : undefined
  return isPublicVehicleId(id) ? id : undefined
})

/** The path of the page the form was sent from (every form): a site path of at most 200 characters. */
const PAGE_FIELD: FieldDefinition = {
  name: 'page',
  label: 'Seite',
  type: 'text',
  required: false,
  maxLength: LEAD_LIMITS.page,
  messages: { tooLong: 'Die Seite darf höchstens 200 Zeichen lang sein.' },
}
const pageSchema = fieldSchema('contact', PAGE_FIELD).refine((value) => value === undefined || (typeof value === 'string' && value.startsWith('/')), {
  error: 'Die Seite muss ein Pfad sein.',
})

function buildSchema(kind: FormKind) {
  const shape: Record<string, z.ZodType<FieldValue>> = {}
  for (const field of FORMS[kind].fields) shape[field.name] = fieldSchema(kind, field)
  shape.page = pageSchema
  if (kind === 'vehicle-enquiry' || kind === 'test-drive' || kind === 'availability-alert' || kind === 'price-alert' || kind === 'financing-request')
    shape.vehicleId = vehicleIdSchema
  if (kind === 'vehicle-sale') {
    shape.vehicleId = tradeInVehicleIdSchema
    // The test drive it follows (trade-in.server.ts): an id the page wrote; anything else is dropped.
    shape.testDriveLead = z.unknown().transform((value): string | undefined => (isLeadId(value) ? value : undefined))
    // The page the seller came from (a city page's seller button, issue 38): written by the page, so anything else is dropped.
    shape.sourcePage = z.unknown().transform((value): string | undefined => (typeof value === 'string' ? sitePath(value.trim()) : undefined))
  }
  const object = z.object(shape).superRefine((values, ctx) => {
    const { priceFrom, priceTo } = values
    if (typeof priceFrom === 'number' && typeof priceTo === 'number' && priceFrom > priceTo) {
      ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.priceRange, path: ['priceFrom'] })
    }
  })
  // Also when other fields failed (`when`), so one answer names every gap: a visitor without JavaScript
  // learns at once that phone or e-mail is missing too.
  const withGroups = object.superRefine(
    (values, ctx) => {
      for (const group of FORMS[kind].anyOf ?? []) {
        if (group.fields.some((name) => values[name] !== undefined)) continue
        for (const name of group.fields) ctx.addIssue({ code: 'custom', message: group.message, path: [name] })
      }
    },
    { when: () => true },
  )
  // A field the post left out is absent (null), so its own check runs: required fields report it.
  return z.preprocess((raw) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw
    const input = raw as Record<string, unknown>
    return Object.fromEntries(Object.keys(shape).map((name) => [name, input[name] ?? null]))
  }, withGroups)
}

/** One schema per form, for the page actions and the JSON APIs alike. */
export const formSchemas = Object.fromEntries(Object.keys(FORMS).map((kind) => [kind, buildSchema(kind as FormKind)])) as Record<
  FormKind,
  ReturnType<typeof buildSchema>
>

export interface FieldEntry {
  name: string
  label: string
  value: string
}

export interface ParsedSubmission {
  kind: FormKind
  /** The filled-in fields in form order, as German label and display value. */
  fields: FieldEntry[]
  /** The parsed values by field name (absent when empty). */
  values: Record<string, string | number | boolean>
  /** How to reach the sender, for the inbox preview and the dealer's e-mail. */
  contact: { name?: string; phone?: string; email?: string }
  /** The path of the page with the form: a path of this site (sitePath), else absent. */
  page?: string
  /** The public id of the enquired vehicle (vehicle enquiry and test drive), or of the car a sell request is a trade-in for. */
  vehicleId?: string
  /** The test drive a sell request follows (issue 36): a lead id, still to be looked up. */
  testDriveLead?: string
  /** The page a sell request's seller came from (issue 38): which page brings sellers. */
  sourcePage?: string
  /** The wished test-drive slot as instants, once submit.server.ts checked it against the opening hours. */
  appointment?: { start: string; end: string }
}

export type SubmissionParse = { kind: 'valid'; parsed: ParsedSubmission } | { kind: 'invalid'; fieldErrors: FieldErrors; values: Record<string, string> }

/**
 * Validates the raw submitted fields of a form. The honeypot is the caller's business
 * (submit.server.ts); it is never echoed back.
 */
export function parseSubmission(kind: FormKind, raw: Record<string, unknown>): SubmissionParse {
  const result = formSchemas[kind].safeParse(raw)
  if (!result.success) {
    return { kind: 'invalid', fieldErrors: z.flattenError(result.error).fieldErrors as FieldErrors, values: echoFormValues(raw) }
  }
  const data = result.data as Record<string, FieldValue>
  const fields: FieldEntry[] = []
  const values: Record<string, string | number | boolean> = {}
  for (const field of FORMS[kind].fields) {
    const value = data[field.name]
    if (value === undefined || value === false) continue
    values[field.name] = value
    fields.push({ name: field.name, label: field.label, value: value === true ? 'Ja' : String(value) })
  }
  const text = (name: string) => (typeof data[name] === 'string' ? (data[name] as string) : undefined)
  // The Suchauftrag's one field is either (its pattern let only an address or a number through).
  const via = FORMS[kind].replyVia
  const either = via ? text(via.field) : undefined
  const channel = replyChannel(FORMS[kind], data)
  const contact = withoutUndefined({
    name: text('name') ?? text('company'),
    phone: text('phone') ?? (channel === 'telefon' ? either : undefined),
    email: text('email') ?? (channel === 'email' ? either : undefined),
  })
  // Kept only as a path of this site: what is stored, and what tells a repeated post from the same fields sent on another page.
  const page = sitePath(text('page'))
  const vehicleId = text('vehicleId')
  const testDriveLead = text('testDriveLead')
  const sourcePage = text('sourcePage')
  return {
    kind: 'valid',
    parsed: {
      kind,
      fields,
      values,
      contact,
      ...(page ? { page } : {}),
      ...(vehicleId ? { vehicleId } : {}),
      ...(testDriveLead ? { testDriveLead } : {}),
      ...(sourcePage ? { sourcePage } : {}),
    },
  }
}

export interface StoreOptions {
  /** `_id` of the enquired vehicle document (a weak reference: the lead outlives the vehicle). */
  vehicleRef?: string
  /** `_id` of the test drive a sell request follows (issue 36; weak, like the vehicle). */
  testDriveRef?: string
  /** False when the client's share of the hour's receipts is spent (receiptsPerClientPerHour): stored without one. */
  receipt?: boolean
  /** More top-level fields of a lead, stored before it by the submission's attachments (the sell request's `photos`). */
  extra?: Record<string, unknown>
  /** The document's id when the submission names its own (a retried post, submit.server.ts); else a fresh one. */
  id?: string
  now?: Date
}

/** A page path worth storing: a path of this site (isSameSitePage) of at most 200 characters without forbidden characters. */
function sitePath(page: string | undefined): string | undefined {
  return page && page.length <= LEAD_LIMITS.page && !hasForbiddenCharacters(page) && isSameSitePage(page) ? page : undefined
}

/**
 * The inbox document of a submission (storage unchanged since the two stacks): a `contactMessage`
 * with the fields at its top level, or a `lead` with `contact`, `fields` and the vehicle reference.
 * Ids lie under the private `inbox.` path (docs/decisions/004-private-inbox-ids.md); `notifiedAt`
 * stays unset until the dealer's e-mail went out (docs/decisions/007).
 */
export function toDocument(parsed: ParsedSubmission, { vehicleRef, testDriveRef, receipt = true, extra, id, now = new Date() }: StoreOptions = {}) {
  const receivedAt = now.toISOString()
  const { page } = parsed
  // The visitor's receipt (Eingangsbestätigung) is due for this submission only, and only with an address (docs/decisions/042).
  const confirmation = receipt && parsed.contact.email ? { confirmationPending: true } : {}
  if (parsed.kind === 'contact') {
    return {
      _id: id ?? `${INBOX_ID_PREFIXES.contactMessage}${crypto.randomUUID()}`,
      _type: 'contactMessage',
      ...parsed.values,
      ...(page ? { page } : {}),
      receivedAt,
      status: 'neu',
      ...confirmation,
    }
  }
  return {
    _id: id ?? `${INBOX_ID_PREFIXES.lead}${crypto.randomUUID()}`,
    _type: 'lead',
    kind: parsed.kind,
    status: 'neu',
    receivedAt,
    ...(page ? { page } : {}),
    ...(parsed.sourcePage ? { sourcePage: parsed.sourcePage } : {}),
    contact: withoutUndefined(parsed.contact),
    fields: parsed.fields.map((field) => ({ _key: field.name, _type: 'leadField', name: field.name, label: field.label, value: field.value })),
    ...(vehicleRef ? { vehicle: { _type: 'reference', _ref: vehicleRef, _weak: true } } : {}),
    ...(testDriveRef ? { testDriveLead: { _type: 'reference', _ref: testDriveRef, _weak: true } } : {}),
    ...extra,
    ...(parsed.appointment ? { appointment: parsed.appointment } : {}),
    ...(parsed.kind === 'test-drive' ? { tradeIn: parsed.values.tradeIn === true } : {}),
    ...alertRequest(parsed, receivedAt),
    ...confirmation,
  }
}

/**
 * A price alert, or a Suchauftrag with an e-mail address, asks for an alert (issue 38, decision 080):
 * it starts unconfirmed, with the consent text the form showed and the request's time as proof; its
 * receipt becomes the double opt-in's confirmation mail. A Suchauftrag with a phone number stays a
 * lead for staff to call back.
 */
function alertRequest(parsed: ParsedSubmission, requestedAt: string) {
  if (!isAlertKind(parsed.kind) || !parsed.contact.email) return {}
  const query = parsed.kind === 'search-request' && typeof parsed.values.query === 'string' ? { query: parsed.values.query } : {}
  return { alert: { status: 'unconfirmed', consentText: ALERT_KINDS[parsed.kind], requestedAt, ...query } }
}

/** Stores a submission in the lake; resolves only after the write is durable. */
export async function storeSubmission(lake: ContentLake, parsed: ParsedSubmission, options: StoreOptions = {}) {
  const document = toDocument(parsed, options)
  const stored = await createDocument(lake, document)
  return { id: stored._id, receivedAt: document.receivedAt }
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}
