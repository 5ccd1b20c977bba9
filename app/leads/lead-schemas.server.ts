import { z } from 'zod'
import { MAX_MILEAGE_KM, MIN_VEHICLE_YEAR, maxVehicleYear } from '#schemas/lib/validation.ts'
import { HONEYPOT_FIELD } from '#app/contact/contact-fields.ts'
import {
  LEAD_FORMS,
  LEAD_KINDS,
  LEAD_LIMITS,
  LEAD_MESSAGES,
  MAX_PRICE_EUR,
  missingFieldMessage,
  type LeadFieldDefinition,
  type LeadFieldErrors,
  type LeadKind,
} from '#app/leads/lead-forms.ts'
import { type ContentLake, createDocument } from '#app/sanity/lake.server.ts'
import { forbiddenCharactersMessage, hasForbiddenCharacters, isValidEmail, isValidPhone } from '#app/utils/form-rules.ts'

/*
 * Server only (zod stays out of the browser bundle): one schema per lead form, built from the field
 * definitions in lead-forms.ts (labels, required flags, limits, options), plus the rules between
 * fields. Form posts send strings: '' means absent, numbers are parsed here.
 */

type FieldValue = string | number | boolean | undefined

const VEHICLE_ID_PATTERN = /^[A-Za-z0-9-]{1,40}$/
const INTEGER_PATTERN = /^-?\d+$/
const CHECKED = new Set(['on', 'true', '1', 'ja'])
const UNCHECKED = new Set(['', 'off', 'false', '0', 'nein'])

/** Adds `message` as the field's issue and yields no value. */
function fail(ctx: z.RefinementCtx, message: string): typeof z.NEVER {
  ctx.addIssue({ code: 'custom', message })
  return z.NEVER
}

function textValue(field: LeadFieldDefinition, kind: LeadKind, value: unknown, ctx: z.RefinementCtx): string | undefined {
  if (value !== undefined && value !== null && typeof value !== 'string') return fail(ctx, LEAD_MESSAGES.text(field.label))
  const text = (value ?? '').trim()
  if (text === '') return field.required ? fail(ctx, missingFieldMessage(kind, field.name)) : undefined
  if (field.maxLength !== undefined && text.length > field.maxLength) return fail(ctx, LEAD_MESSAGES.tooLong(field.label, field.maxLength))
  // The forms' shared rules (app/utils/form-rules.ts); e-mail and phone are also the inputs' `pattern`.
  if (field.type === 'email' && !isValidEmail(text)) return fail(ctx, LEAD_MESSAGES.emailFormat)
  if (field.type === 'tel' && !isValidPhone(text)) return fail(ctx, LEAD_MESSAGES.phoneFormat)
  const multiLine = field.type === 'textarea'
  if (hasForbiddenCharacters(text, { multiLine })) return fail(ctx, forbiddenCharactersMessage(field.label, { multiLine }))
  if (field.type === 'select' && !field.options?.includes(text)) return fail(ctx, LEAD_MESSAGES.option(field.label))
  return text
}

function numberValue(field: LeadFieldDefinition, kind: LeadKind, value: unknown, ctx: z.RefinementCtx): number | undefined {
  let number: number
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return fail(ctx, LEAD_MESSAGES.notANumber(field.label))
    number = value
  } else if (value === undefined || value === null || typeof value === 'string') {
    const text = (value ?? '').trim()
    if (text === '') return field.required ? fail(ctx, missingFieldMessage(kind, field.name)) : undefined
    if (!INTEGER_PATTERN.test(text)) return fail(ctx, LEAD_MESSAGES.notANumber(field.label))
    number = Number(text)
  } else {
    return fail(ctx, LEAD_MESSAGES.notANumber(field.label))
  }
  switch (field.number) {
    case 'year': {
      const max = maxVehicleYear(new Date())
      return number < MIN_VEHICLE_YEAR || number > max ? fail(ctx, LEAD_MESSAGES.year(max)) : number
    }
    case 'mileage':
      return number < 0 || number > MAX_MILEAGE_KM ? fail(ctx, LEAD_MESSAGES.mileage) : number
    case 'price':
      return number < 0 || number > MAX_PRICE_EUR ? fail(ctx, LEAD_MESSAGES.price) : number
    default:
      return (field.min !== undefined && number < field.min) || (field.max !== undefined && number > field.max)
        ? fail(ctx, LEAD_MESSAGES.notANumber(field.label))
        : number
  }
}

function checkboxValue(field: LeadFieldDefinition, value: unknown, ctx: z.RefinementCtx): boolean {
  if (value === undefined || value === null || value === false) return false
  if (value === true) return true
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase()
    if (CHECKED.has(text)) return true
    if (UNCHECKED.has(text)) return false
  }
  return fail(ctx, LEAD_MESSAGES.checkbox(field.label))
}

/** The zod schema of one field, from its definition. */
function fieldSchema(kind: LeadKind, field: LeadFieldDefinition) {
  return z.unknown().transform((value, ctx): FieldValue => {
    if (field.type === 'number') return numberValue(field, kind, value, ctx)
    if (field.type === 'checkbox') return checkboxValue(field, value, ctx)
    return textValue(field, kind, value, ctx)
  })
}

/** The vehicle's public id (`/vehicles/{id}`), sent along by the vehicle enquiry. */
const vehicleIdSchema = z.unknown().transform((value, ctx): string | undefined => {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string' || !VEHICLE_ID_PATTERN.test(value.trim())) return fail(ctx, LEAD_MESSAGES.vehicleId)
  return value.trim()
})

function buildSchema(kind: LeadKind) {
  const shape: Record<string, z.ZodType<FieldValue>> = {}
  for (const field of LEAD_FORMS[kind].fields) shape[field.name] = fieldSchema(kind, field)
  if (kind === 'vehicle-enquiry') shape.vehicleId = vehicleIdSchema
  const object = z.object(shape).superRefine((values, ctx) => {
    const { priceFrom, priceTo } = values
    if (typeof priceFrom === 'number' && typeof priceTo === 'number' && priceFrom > priceTo) {
      ctx.addIssue({ code: 'custom', message: LEAD_MESSAGES.priceRange, path: ['priceFrom'] })
    }
  })
  // A field the post left out is absent (null), so its own check runs: required fields report it.
  return z.preprocess((raw) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw
    const input = raw as Record<string, unknown>
    return Object.fromEntries(Object.keys(shape).map((name) => [name, input[name] ?? null]))
  }, object)
}

/** One schema per lead form, for the page actions and the JSON API alike. */
export const leadSchemas = Object.fromEntries(LEAD_KINDS.map((kind) => [kind, buildSchema(kind)])) as Record<LeadKind, ReturnType<typeof buildSchema>>

export interface LeadFieldEntry {
  name: string
  label: string
  value: string
}

export interface ParsedLead {
  kind: LeadKind
  /** The filled-in fields in form order, as German label and display value. */
  fields: LeadFieldEntry[]
  /** How to reach the sender, for the inbox preview and the dealer's e-mail. */
  contact: { name?: string; phone?: string; email?: string }
  /** The public id of the enquired vehicle (vehicle enquiry only). */
  vehicleId?: string
}

export type LeadSubmission = { kind: 'valid'; lead: ParsedLead } | { kind: 'invalid'; fieldErrors: LeadFieldErrors; values: Record<string, string> }

/**
 * Validates raw submitted fields of a lead form. The honeypot is the caller's business
 * (as with parseContactSubmission); it is never echoed back.
 */
export function parseLead(kind: LeadKind, raw: Record<string, unknown>): LeadSubmission {
  const result = leadSchemas[kind].safeParse(raw)
  if (!result.success) {
    return { kind: 'invalid', fieldErrors: z.flattenError(result.error).fieldErrors as LeadFieldErrors, values: echoValues(raw) }
  }
  const data = result.data as Record<string, FieldValue>
  const fields: LeadFieldEntry[] = []
  for (const field of LEAD_FORMS[kind].fields) {
    const value = data[field.name]
    if (value === undefined || value === false) continue
    fields.push({ name: field.name, label: field.label, value: value === true ? 'Ja' : String(value) })
  }
  const text = (name: string) => (typeof data[name] === 'string' ? (data[name] as string) : undefined)
  const contact = withoutUndefined({ name: text('name') ?? text('company'), phone: text('phone'), email: text('email') })
  const vehicleId = text('vehicleId')
  return { kind: 'valid', lead: { kind, fields, contact, ...(vehicleId ? { vehicleId } : {}) } }
}

export interface StoreLeadOptions {
  /** Path of the page with the form; kept when it is a site path of at most 200 characters. */
  page?: string
  /** `_id` of the enquired vehicle document (a weak reference: the lead outlives the vehicle). */
  vehicleRef?: string
  now?: Date
}

/**
 * Stores a lead under the private `inbox.` path (docs/decisions/004-private-inbox-ids.md), before
 * anyone is notified: `notifiedAt` stays unset until the dealer's e-mail went out, so a failed
 * notification never loses the lead. Resolves only after the write is durable.
 */
export async function storeLead(lake: ContentLake, lead: ParsedLead, { page, vehicleRef, now = new Date() }: StoreLeadOptions = {}) {
  const receivedAt = now.toISOString()
  const document = await createDocument(lake, {
    _id: `inbox.lead-${crypto.randomUUID()}`,
    _type: 'lead',
    kind: lead.kind,
    status: 'neu',
    receivedAt,
    ...(page && page.startsWith('/') && page.length <= LEAD_LIMITS.page && !hasForbiddenCharacters(page) ? { page } : {}),
    contact: withoutUndefined(lead.contact),
    fields: lead.fields.map((field) => ({ _key: field.name, _type: 'leadField', name: field.name, label: field.label, value: field.value })),
    ...(vehicleRef ? { vehicle: { _type: 'reference', _ref: vehicleRef, _weak: true } } : {}),
  })
  return { id: document._id, receivedAt }
}

/** The submitted text fields to put back into the form (never the honeypot). */
function echoValues(raw: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of Object.entries(raw)) {
    if (key !== HONEYPOT_FIELD && typeof value === 'string') values[key] = value
  }
  return values
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}
