import { type ActionFunctionArgs, type AppLoadContext } from '@remix-run/node'
import { http, HttpResponse } from 'msw'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type SanityDocument } from '#app/lake/lake.server.ts'
import { RateLimiter } from '#app/utils/rate-limit.server.ts'
import { TOO_MANY_SUBMISSIONS } from '#app/utils/request-guards.server.ts'
import { openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { captureLogs, LEVEL } from '#tests/log-capture.ts'
import { VALID_CONTACT, VALID_DEALER_LEAD, VALID_SALE } from '#tests/submissions.ts'
import * as contacts from '#app/routes/api.contacts.ts'
import * as leads from '#app/routes/api.leads.ts'
import { PAGE_FORM_ERRORS, SUBMISSION_BODY_LIMIT, submissionPageAction } from './actions.server.ts'
import { CONTACT_LIMITS, FORM_KIND_FIELD, SUBMISSION_KEY_FIELD, type SubmissionActionData } from './forms.ts'
import { FORMS } from './form-registry.ts'
import { SALE_FIELDS_LIMIT } from './photos.ts'

/*
 * The rules every submission passes, whichever way it comes in (submit.server.ts behind
 * actions.server.ts, the one door): one table whose rows are the entry points and whose
 * tests are the rules, each rule asserted once per entry point. Each row declares how its answer
 * looks: JSON status and `error` for the APIs, the page's re-render (`formError`, `fieldErrors`,
 * the input kept) or redirect for the forms without JavaScript. What each entry point stores, on both
 * lake backends, stays in its own suite. The rules run on the Sanity backend (the real client
 * against MSW), where a refused write is a refusal at the network edge; the embedded lake sees
 * the same calls (a write or none).
 */

const FIXTURE = 'tests/fixtures/mini-dataset'

/** The common reading of an entry point's answer: a Response (JSON, redirect) or the page's action data. */
interface Answer {
  status: number
  header(name: string): string | null
  location: string | null
  json?: { error?: string; fieldErrors?: Record<string, string[]>; id?: string; receivedAt?: string }
  data?: SubmissionActionData
}

async function answerOf(result: unknown): Promise<Answer> {
  if (result instanceof Response) {
    const isJson = result.headers.get('content-type')?.includes('json') ?? false
    return {
      status: result.status,
      header: (name) => result.headers.get(name),
      location: result.headers.get('location'),
      json: isJson ? await result.json() : undefined,
    }
  }
  const { data, init } = result as { data: SubmissionActionData; init: ResponseInit }
  const headers = new Headers(init.headers)
  return { status: init.status ?? 200, header: (name) => headers.get(name), location: null, data }
}

/** The German texts of an entry point's refusals. */
interface Messages {
  tooLarge: string
  unsupported: string
  unavailable: string
}

interface JsonAnswers extends Messages {
  kind: 'json'
  idPattern: RegExp
  /** The route's loader (GET). */
  loader(): Response
}

interface PageAnswers extends Messages {
  kind: 'page'
  /** Which form on the page a re-render addresses (its errors and input show there). */
  form: { leadKind: string; anchor: string }
  /** Where success sends the browser from a post to `path`. */
  confirmation(path: string): string
}

interface EntryPoint {
  name: string
  action(args: ActionFunctionArgs): Promise<unknown>
  /** Where the client posts. */
  url: string
  /** The document type a stored submission becomes. */
  type: 'contactMessage' | 'lead'
  /** The field that names the sender: stored submissions are found by it. */
  whoField: string
  isOf(doc: SanityDocument, who: string): boolean
  /** A valid submission sent by `who`. */
  valid(who: string): Record<string, string>
  /** A post of `fields` as the entry point's client sends it. */
  request(fields: Record<string, unknown>, url?: string): Request
  bodyLimit: number
  answers: JsonAnswers | PageAnswers
  /** Honeypot values a bot may fill in: a form post carries strings only, JSON anything. */
  honeypots: unknown[]
  /** Media types this entry point refuses. */
  refusedTypes: string[]
  /** Bodies that cannot be read as a submission at all (a form-encoded body always can). */
  malformed: Array<{ body: string; contentType: string; message: string }>
  invalid: { fields(who: string): Record<string, string>; fieldErrors: Record<string, string[]> }
}

const jsonRequest =
  (url: string) =>
  (fields: Record<string, unknown>, at = url) =>
    new Request(at, { method: 'POST', body: JSON.stringify(fields), headers: { 'content-type': 'application/json' } })
const formRequest =
  (url: string) =>
  (fields: Record<string, unknown>, at = url) =>
    new Request(at, {
      method: 'POST',
      body: new URLSearchParams(fields as Record<string, string>).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    })
const multipartRequest =
  (url: string) =>
  (fields: Record<string, unknown>, at = url) => {
    const body = new FormData()
    for (const [name, value] of Object.entries(fields)) body.append(name, String(value))
    return new Request(at, { method: 'POST', body, headers: { origin: 'http://localhost' } })
  }

const contactName = (doc: SanityDocument, who: string) => doc.name === who
const leadName = (doc: SanityDocument, who: string) => (doc.contact as { name?: string } | undefined)?.name === who

const JSON_HONEYPOTS = ['http://spam.example', ['x'], 1, { a: 'x' }, true]
const MALFORMED_JSON = [
  { body: '{"name":', contentType: 'application/json', message: 'Ungültiges JSON.' },
  ...['null', '[1,2]', '"text"'].map((body) => ({ body, contentType: 'application/json', message: 'Erwartet wird ein JSON-Objekt.' })),
]
const CONTACT_INVALID = {
  fields: (who: string) => ({ ...VALID_CONTACT, name: who, email: 'kaputt', subject: 'x', message: '' }),
  fieldErrors: {
    email: ['Bitte geben Sie eine gültige E-Mail-Adresse an.'],
    subject: ['Bitte wählen Sie einen Betreff aus der Liste.'],
    message: ['Bitte schreiben Sie uns eine Nachricht.'],
  },
}
const { kind: _dealerKind, ...DEALER_FIELDS } = VALID_DEALER_LEAD
const DEALER_INVALID_ERRORS = { phone: ['Bitte geben Sie eine gültige Telefonnummer an.'] }
const SALE_CONTACT_MISSING = 'Bitte geben Sie eine Telefonnummer oder eine E-Mail-Adresse an, damit wir Ihnen antworten können.'
const PAGE_LEAD_MESSAGES = { tooLarge: PAGE_FORM_ERRORS.tooLarge, unsupported: PAGE_FORM_ERRORS.unsupported, unavailable: PAGE_FORM_ERRORS.unavailable.lead }

const LEADS_UNSUPPORTED = 'Nicht unterstütztes Format. Bitte senden Sie JSON (application/json) oder, mit Fotos, multipart/form-data.'
const LEADS_UNAVAILABLE = 'Ihre Anfrage konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.'
const MULTIPART_MALFORMED = 'Der Inhalt ließ sich nicht lesen (multipart/form-data).'

const ENTRY_POINTS: EntryPoint[] = [
  {
    name: 'POST /api/contacts (JSON)',
    action: contacts.action,
    url: 'http://localhost/api/contacts',
    type: 'contactMessage',
    whoField: 'name',
    isOf: contactName,
    valid: (who) => ({ ...VALID_CONTACT, name: who }),
    request: jsonRequest('http://localhost/api/contacts'),
    bodyLimit: SUBMISSION_BODY_LIMIT,
    answers: {
      kind: 'json',
      idPattern: /^inbox\.contact-[0-9a-f-]{36}$/,
      loader: contacts.loader,
      tooLarge: 'Die Anfrage ist zu groß (höchstens 64 KB).',
      // The contact API also takes the form-encoded fields of its first version.
      unsupported: 'Nicht unterstütztes Format. Bitte senden Sie JSON (application/json) oder Formulardaten.',
      unavailable: 'Ihre Nachricht konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.',
    },
    honeypots: JSON_HONEYPOTS,
    refusedTypes: ['text/plain', 'multipart/form-data'],
    malformed: MALFORMED_JSON,
    invalid: CONTACT_INVALID,
  },
  {
    name: 'POST /api/leads (JSON)',
    action: leads.action,
    url: 'http://localhost/api/leads',
    type: 'lead',
    whoField: 'company',
    isOf: leadName,
    valid: (who) => ({ ...VALID_DEALER_LEAD, company: who }),
    request: jsonRequest('http://localhost/api/leads'),
    bodyLimit: SUBMISSION_BODY_LIMIT,
    answers: {
      kind: 'json',
      idPattern: /^inbox\.lead-[0-9a-f-]{36}$/,
      loader: leads.loader,
      tooLarge: 'Die Anfrage ist zu groß (höchstens 64 KB).',
      unsupported: LEADS_UNSUPPORTED,
      unavailable: LEADS_UNAVAILABLE,
    },
    honeypots: JSON_HONEYPOTS,
    refusedTypes: ['application/x-www-form-urlencoded', 'text/plain'],
    malformed: MALFORMED_JSON,
    invalid: { fields: (who) => ({ ...VALID_DEALER_LEAD, company: who, phone: 'kein Telefon' }), fieldErrors: DEALER_INVALID_ERRORS },
  },
  {
    name: 'the contact form without JavaScript',
    action: submissionPageAction,
    url: 'http://localhost/?index',
    type: 'contactMessage',
    whoField: 'name',
    isOf: contactName,
    valid: (who) => ({ ...VALID_CONTACT, name: who, website: '' }),
    request: formRequest('http://localhost/?index'),
    bodyLimit: SUBMISSION_BODY_LIMIT,
    answers: {
      kind: 'page',
      form: { leadKind: 'contact', anchor: 'contact' },
      confirmation: (path) => `${path}?nachricht=gesendet#contact-bestaetigung`,
      tooLarge: PAGE_FORM_ERRORS.tooLarge,
      unsupported: PAGE_FORM_ERRORS.unsupported,
      unavailable: PAGE_FORM_ERRORS.unavailable.contact,
    },
    honeypots: ['http://spam.example'],
    refusedTypes: ['application/json', 'text/plain'],
    malformed: [],
    invalid: CONTACT_INVALID,
  },
  {
    name: 'a lead form without JavaScript',
    action: submissionPageAction,
    url: 'http://localhost/formulare',
    type: 'lead',
    whoField: 'company',
    isOf: leadName,
    valid: (who) => ({ ...DEALER_FIELDS, leadKind: 'dealer-registration', anchor: 'haendler', company: who, website: '' }),
    request: formRequest('http://localhost/formulare'),
    bodyLimit: SUBMISSION_BODY_LIMIT,
    answers: {
      kind: 'page',
      form: { leadKind: 'dealer-registration', anchor: 'haendler' },
      confirmation: (path) => `${path}?anfrage=gesendet&formular=haendler#haendler-bestaetigung`,
      ...PAGE_LEAD_MESSAGES,
    },
    honeypots: ['http://spam.example'],
    refusedTypes: ['application/json', 'text/plain'],
    malformed: [],
    invalid: {
      fields: (who) => ({ ...DEALER_FIELDS, leadKind: 'dealer-registration', anchor: 'haendler', company: who, phone: 'kein Telefon', website: '' }),
      fieldErrors: DEALER_INVALID_ERRORS,
    },
  },
  {
    name: 'the sell form (multipart)',
    action: submissionPageAction,
    url: 'http://localhost/auto-verkaufen',
    type: 'lead',
    whoField: 'name',
    isOf: leadName,
    valid: (who) => ({ ...VALID_SALE, name: who }),
    request: multipartRequest('http://localhost/auto-verkaufen'),
    bodyLimit: SALE_FIELDS_LIMIT,
    answers: {
      kind: 'page',
      form: { leadKind: 'vehicle-sale', anchor: 'verkaufen' },
      // A post without photos: the confirmation says none came (`fotos=0`).
      confirmation: (path) => `${path}?anfrage=gesendet&formular=verkaufen&fotos=0#verkaufen-bestaetigung`,
      ...PAGE_LEAD_MESSAGES,
    },
    honeypots: ['http://spam.example'],
    // The one door reads the sell form form-encoded too (a post without photos).
    refusedTypes: ['application/json', 'text/plain'],
    malformed: [
      { body: '--grenze\r\nContent-Disposition: form-data; name="make"\r\n\r\nVW', contentType: 'multipart/form-data', message: PAGE_FORM_ERRORS.unsupported },
      {
        body: '--grenze\r\nContent-Disposition: form-data; name="make"\r\n\r\nVW',
        contentType: 'multipart/form-data; boundary=grenze',
        message: PAGE_FORM_ERRORS.unsupported,
      },
    ],
    invalid: {
      fields: (who) => ({ ...VALID_SALE, name: who, email: '', phone: '' }),
      fieldErrors: { email: [SALE_CONTACT_MISSING], phone: [SALE_CONTACT_MISSING] },
    },
  },
  {
    name: 'POST /api/leads (multipart: the sell form with JavaScript)',
    action: leads.action,
    url: 'http://localhost/api/leads',
    type: 'lead',
    whoField: 'name',
    isOf: leadName,
    valid: (who) => ({ ...VALID_SALE, kind: 'vehicle-sale', name: who }),
    request: multipartRequest('http://localhost/api/leads'),
    bodyLimit: SALE_FIELDS_LIMIT,
    answers: {
      kind: 'json',
      idPattern: /^inbox\.lead-[0-9a-f-]{36}$/,
      loader: leads.loader,
      // The sell form's toast says what to do (copy review 2026-11-29, M15).
      tooLarge: 'Ihre Fotos sind zusammen zu groß. Bitte senden Sie höchstens 10 Fotos mit je bis zu 10 MB – oder rufen Sie uns an.',
      unsupported: LEADS_UNSUPPORTED,
      unavailable: LEADS_UNAVAILABLE,
    },
    honeypots: ['http://spam.example'],
    refusedTypes: ['application/x-www-form-urlencoded', 'text/plain'],
    malformed: [
      { body: '--grenze\r\nContent-Disposition: form-data; name="make"\r\n\r\nVW', contentType: 'multipart/form-data', message: MULTIPART_MALFORMED },
      {
        body: '--grenze\r\nContent-Disposition: form-data; name="make"\r\n\r\nVW',
        contentType: 'multipart/form-data; boundary=grenze',
        message: MULTIPART_MALFORMED,
      },
    ],
    invalid: {
      fields: (who) => ({ ...VALID_SALE, kind: 'vehicle-sale', name: who, email: '', phone: '' }),
      fieldErrors: { email: [SALE_CONTACT_MISSING], phone: [SALE_CONTACT_MISSING] },
    },
  },
]

describe.each(ENTRY_POINTS)('$name', (entry) => {
  let test: TestLake
  /** While set, Sanity refuses every write (500), as when its dataset cannot take it. */
  let refusing = false
  const { answers } = entry

  beforeAll(async () => {
    const refuseWrites = http.post(/\.api\.sanity\.io\/.*\/data\/mutate\//, () =>
      refusing ? HttpResponse.json({ error: { description: 'disk full' } }, { status: 500 }) : undefined,
    )
    test = await openTestLake('sanity', FIXTURE, { handlers: [refuseWrites] })
  })
  afterAll(() => test.close())

  const call = async (request: Request, context: Partial<AppLoadContext> = {}) =>
    answerOf(await entry.action({ request, params: {}, context: { lake: test.lake, env: test.env, ...context } }))
  const storedOf = async (who: string) => (await test.storedOfType(entry.type)).filter((doc) => entry.isOf(doc, who))
  const post = (body: string, contentType: string) =>
    new Request(entry.url, { method: 'POST', body, headers: { 'content-type': contentType, origin: 'http://localhost' } })

  /** A success as the entry point's client sees it; the JSON APIs' id, when they name one. */
  function expectSuccess(answer: Answer, path = new URL(entry.url).pathname): string | undefined {
    expect(answer.header('cache-control')).toBe('no-store')
    if (answers.kind === 'json') {
      expect(answer.status).toBe(201)
      expect(answer.json?.id).toMatch(answers.idPattern)
      expect(new Date(answer.json?.receivedAt ?? '').getTime()).not.toBeNaN()
      return answer.json?.id
    }
    expect(answer.status).toBe(303)
    expect(answer.location).toBe(answers.confirmation(path))
    return undefined
  }

  /** A refusal with the entry point's German message: `error` in JSON, the page's `formError` above the form. */
  function expectRefusal(answer: Answer, status: number, message: string) {
    expect(answer.status).toBe(status)
    expect(answer.header('cache-control')).toBe('no-store')
    if (answers.kind === 'json') {
      expect(answer.json?.error).toBe(message)
      expect(answer.json).not.toHaveProperty('id')
    } else {
      expect(answer.data).toMatchObject({ status: 'error', formError: message })
    }
  }

  /** A page that re-renders addresses the form that was sent and keeps what the person typed (never the honeypot). */
  function expectInputKept(answer: Answer, who: string) {
    if (answers.kind === 'json') return
    expect(answer.data).toMatchObject(answers.form)
    expect(answer.data?.values[entry.whoField]).toBe(who)
    expect(answer.data?.values).not.toHaveProperty('website')
  }

  it('stores the submission, then answers success and calls onStored with the stored id', async () => {
    const who = `Erfolg ${entry.name}`
    const onStored = vi.fn()
    const answer = await call(entry.request(entry.valid(who)), { onStored })
    const id = expectSuccess(answer)
    const [stored, ...more] = await storedOf(who)
    expect(more).toEqual([])
    expect(stored?._id).toMatch(/^inbox\./)
    if (id) expect(id).toBe(stored?._id)
    expect(onStored).toHaveBeenCalledExactlyOnceWith(stored?._id)
  })

  it('answers a filled honeypot (a string, or in JSON any value) like a success, storing and notifying nothing', async () => {
    for (const website of entry.honeypots) {
      const who = `Bot ${JSON.stringify(website)} ${entry.name}`
      const onStored = vi.fn()
      const answer = await call(entry.request({ ...entry.valid(who), website }), { onStored })
      const id = expectSuccess(answer)
      if (id) expect(await test.stored(id), who).toBeUndefined()
      expect(await storedOf(who), who).toEqual([])
      expect(onStored, who).not.toHaveBeenCalled()
    }
  })

  it('the same post again with a fresh key (Back after sending, without JavaScript) is the request it repeats; a changed field makes a new one', async () => {
    const who = `Nochmal ${entry.name}`
    const onStored = vi.fn()
    const send = (fields: Record<string, string>) => call(entry.request({ ...fields, [SUBMISSION_KEY_FIELD]: crypto.randomUUID() }), { onStored })
    const firstId = expectSuccess(await send(entry.valid(who)))
    const againId = expectSuccess(await send(entry.valid(who)))
    const [stored, ...more] = await storedOf(who)
    expect(more).toEqual([])
    if (firstId) expect([firstId, againId]).toEqual([stored?._id, stored?._id])
    expect(onStored).toHaveBeenCalledExactlyOnceWith(stored?._id)
    // Another phone number: a request of its own, stored and notified.
    expectSuccess(await send({ ...entry.valid(who), phone: '0201 99887766' }))
    expect(await storedOf(who)).toHaveLength(2)
    expect(onStored).toHaveBeenCalledTimes(2)
  })

  it('the same fields sent from another page are a request of their own (the brand purchase asks alike on the Mercedes and the Audi page; QA walk 12-04)', async () => {
    const who = `Zwei Seiten ${entry.name}`
    const onStored = vi.fn()
    const send = (page: string) => call(entry.request({ ...entry.valid(who), page, [SUBMISSION_KEY_FIELD]: crypto.randomUUID() }), { onStored })
    expectSuccess(await send('/locations/sonsbeck/mercedes-ankauf'))
    expectSuccess(await send('/locations/uedem/audi-ankauf'))
    const stored = await storedOf(who)
    expect(stored.map((document) => document.page).sort()).toEqual(['/locations/sonsbeck/mercedes-ankauf', '/locations/uedem/audi-ankauf'])
    expect(onStored).toHaveBeenCalledTimes(2)
  })

  it('a key spent on another request does not answer for it: the post with a changed field is stored under an id of its own (security review 12-01)', async () => {
    const who = `Korrigiert ${entry.name}`
    const onStored = vi.fn()
    const key = crypto.randomUUID()
    const send = (fields: Record<string, string>) => call(entry.request({ ...fields, [SUBMISSION_KEY_FIELD]: key }), { onStored })
    const firstId = expectSuccess(await send(entry.valid(who)))
    // The first post timed out for the seller, who corrects the phone number and sends again with the page's key.
    const correctedId = expectSuccess(await send({ ...entry.valid(who), phone: '0201 99887766' }))
    const stored = await storedOf(who)
    expect(stored).toHaveLength(2)
    expect(JSON.stringify(stored)).toContain('0201 99887766')
    if (firstId) expect(correctedId).not.toBe(firstId)
    expect(onStored).toHaveBeenCalledTimes(2)
    // The first post retried with its key is still the first.
    const againId = expectSuccess(await send(entry.valid(who)))
    if (firstId) expect(againId).toBe(firstId)
    expect(await storedOf(who)).toHaveLength(2)
  })

  it('over the submission limit answers 429 with a German message and Retry-After, storing nothing; another address goes on', async () => {
    let now = 0
    const context = { submissionLimiter: new RateLimiter({ limit: 1, windowMs: 60_000, now: () => now }), clientAddress: '198.51.100.4' }
    expectSuccess(await call(entry.request(entry.valid(`Erste ${entry.name}`)), context))
    now = 15_000
    const who = `Zweite ${entry.name}`
    const limited = await call(entry.request(entry.valid(who)), context)
    expectRefusal(limited, 429, TOO_MANY_SUBMISSIONS)
    expect(limited.header('retry-after')).toBe('45')
    expectInputKept(limited, who)
    expect(await storedOf(who)).toEqual([])
    expectSuccess(await call(entry.request(entry.valid(who)), { ...context, clientAddress: '198.51.100.5' }))
  })

  if ('message' in entry.valid(''))
    it('stores a message at its longest in the widest encoding: 5,000 „€“, 45 KB form-encoded', async () => {
      const who = `Lang ${entry.name}`
      const message = '€'.repeat(CONTACT_LIMITS.message)
      expectSuccess(await call(entry.request({ ...entry.valid(who), message })))
      expect((await storedOf(who)).map((doc) => doc.message)).toEqual([message])
    })

  it('refuses a body over its limit with 413 and a German message, storing nothing', async () => {
    const who = `Zu lang ${entry.name}`
    const answer = await call(entry.request({ ...entry.valid(who), note: 'x'.repeat(entry.bodyLimit + 1) }))
    expectRefusal(answer, 413, answers.tooLarge)
    expect(await storedOf(who)).toEqual([])
  })

  it('refuses other media types with 415 and a German message, storing nothing', async () => {
    const who = `Falsches Format ${entry.name}`
    for (const contentType of entry.refusedTypes) {
      const answer = await call(post(new URLSearchParams(entry.valid(who)).toString(), contentType))
      expectRefusal(answer, 415, answers.unsupported)
    }
    expect(await storedOf(who)).toEqual([])
  })

  if (entry.malformed.length > 0)
    it('refuses a malformed body with 400 and a German message', async () => {
      const before = (await test.storedOfType(entry.type)).length
      for (const { body, contentType, message } of entry.malformed) {
        // The sell form logs what it could not read (a warning): captured, not printed.
        expectRefusal(await call(post(body, contentType), { logger: captureLogs().logger }), 400, message)
      }
      expect((await test.storedOfType(entry.type)).length).toBe(before)
    })

  it('answers invalid fields with 400 and German field errors, storing and notifying nothing', async () => {
    const who = `Fehlerhaft ${entry.name}`
    const onStored = vi.fn()
    const answer = await call(entry.request(entry.invalid.fields(who)), { onStored })
    expect(answer.status).toBe(400)
    expect(answer.header('cache-control')).toBe('no-store')
    if (answers.kind === 'json') expect(answer.json).toEqual({ error: 'Bitte prüfen Sie Ihre Eingaben.', fieldErrors: entry.invalid.fieldErrors })
    else {
      expect(answer.data?.status).toBe('error')
      expect(answer.data?.fieldErrors).toEqual(entry.invalid.fieldErrors)
    }
    expectInputKept(answer, who)
    expect(await storedOf(who)).toEqual([])
    expect(onStored).not.toHaveBeenCalled()
  })

  it('answers 503 with a German message when the lake refuses the write, logs it and reports nothing as stored', async () => {
    const who = `Ausfall ${entry.name}`
    const onStored = vi.fn()
    const { logger, at } = captureLogs()
    refusing = true
    try {
      const answer = await call(entry.request(entry.valid(who)), { onStored, logger })
      expectRefusal(answer, 503, answers.unavailable)
      expectInputKept(answer, who)
    } finally {
      refusing = false
    }
    expect(at(LEVEL.error).map((line) => line.msg)).toEqual(['Eine Einsendung konnte nicht gespeichert werden'])
    expect(onStored).not.toHaveBeenCalled()
    expect(await storedOf(who)).toEqual([])
  })

  if (answers.kind === 'page')
    it('redirects posts to protocol-relative paths (//evil.example/, /\\evil.example) to a path on this site', async () => {
      for (const [url, path] of [
        ['http://localhost//evil.example/', '/evil.example/'],
        ['http://localhost/\\evil.example', '/evil.example'],
        ['http://localhost/%2F%2Fevil', '/'],
      ] as const) {
        const answer = await call(entry.request(entry.valid(`Umleitung ${url}`), url))
        expect(answer.status, url).toBe(303)
        expect(answer.location, url).toBe((answers as PageAnswers).confirmation(path))
      }
    })

  if (answers.kind === 'json')
    it('answers 405 to reads and to other methods: submissions are personal data', async () => {
      const get = (answers as JsonAnswers).loader()
      expect(get.status).toBe(405)
      expect(get.headers.get('allow')).toBe('POST')
      expect(get.headers.get('cache-control')).toBe('no-store')
      const put = await call(new Request(entry.url, { method: 'PUT', body: '{}', headers: { 'content-type': 'application/json' } }))
      expect(put.status).toBe(405)
    })
})

describe('a submission key across forms', () => {
  let test: TestLake
  beforeAll(async () => {
    test = await openTestLake('embedded', FIXTURE)
  })
  afterAll(() => test.close())

  it('a sell request’s key sent with a dealer registration answers for neither: the registration is stored as its own lead', async () => {
    const [dealerApi, sellForm] = [
      ENTRY_POINTS.find((entry) => entry.name === 'POST /api/leads (JSON)')!,
      ENTRY_POINTS.find((entry) => entry.name.startsWith('POST /api/leads (multipart'))!,
    ]
    const key = crypto.randomUUID()
    const send = async (entry: EntryPoint, who: string) =>
      answerOf(
        await entry.action({
          request: entry.request({ ...entry.valid(who), [SUBMISSION_KEY_FIELD]: key }),
          params: {},
          context: { lake: test.lake, env: test.env },
        }),
      )
    const sale = await send(sellForm, 'Schlüssel Verkauf')
    const dealer = await send(dealerApi, 'Schlüssel Händler GmbH')
    expect([sale.status, dealer.status]).toEqual([201, 201])
    expect(sale.json?.id).toBe(`inbox.lead-${key}`)
    expect(dealer.json?.id).not.toBe(sale.json?.id)
    const leads = await test.storedOfType('lead')
    expect(leads.filter((lead) => dealerApi.isOf(lead, 'Schlüssel Händler GmbH'))).toHaveLength(1)
  })
})

describe('SUBMISSION_BODY_LIMIT', () => {
  it('takes the longest valid post of every form in its widest encoding (every text at its maximum length in „€“)', () => {
    for (const [kind, form] of Object.entries(FORMS)) {
      const longest = new URLSearchParams({ [FORM_KIND_FIELD]: kind, anchor: 'x'.repeat(40), [SUBMISSION_KEY_FIELD]: 'x'.repeat(36), page: '€'.repeat(200) })
      for (const field of form.fields) {
        const widest = field.options
          ? [...field.options].sort((a, b) => encodeURIComponent(b).length - encodeURIComponent(a).length)[0]!
          : '€'.repeat(field.maxLength ?? 40)
        longest.append(field.name, widest)
      }
      expect(longest.toString().length, kind).toBeLessThanOrEqual(SUBMISSION_BODY_LIMIT)
    }
  })
})

describe('an alert for a car no longer in the lake, without JavaScript', () => {
  let test: TestLake
  beforeAll(async () => {
    test = await openTestLake('embedded', FIXTURE)
  })
  afterAll(() => test.close())

  it('re-renders the form with the reason above it and the address kept; nothing is stored', async () => {
    const before = (await test.storedOfType('lead')).length
    const body = new URLSearchParams({
      [FORM_KIND_FIELD]: 'price-alert',
      anchor: 'preis-beobachten',
      vehicleId: '9999',
      email: 'erika@example.de',
      website: '',
    })
    const request = new Request('http://localhost/vehicles/9999', {
      method: 'POST',
      body: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    })
    const answer = await answerOf(await submissionPageAction({ request, params: {}, context: { lake: test.lake, env: test.env } } as ActionFunctionArgs))
    expect(answer.status).toBe(422)
    expect(answer.data).toMatchObject({
      status: 'error',
      leadKind: 'price-alert',
      anchor: 'preis-beobachten',
      formError: 'Dieses Fahrzeug ist nicht mehr in unserem Bestand, daher können wir es nicht für Sie beobachten.',
      values: { email: 'erika@example.de' },
    })
    expect(await test.storedOfType('lead')).toHaveLength(before)
  })
})
