import { SMTPServer } from 'smtp-server'
import { createMobileDeApi, generateAds, MOCK_CREDENTIALS, type MobileDeMock } from '../mocks/mobile-de'
import { serveMobileDeMock } from '../mocks/mobile-de-server'
import { expect, test } from './playwright-utils'
import { OWN_PORT_BASE, type RunningProcess, startFakeSanity, startSiteServer } from './servers'

/*
 * One truth across instances (issue 15, item 4): two production servers, A and B, as behind a
 * load balancer, on one content lake (a fake Sanity of this file's own). Its publish webhook
 * reaches A only; B learns of changes from Sanity's listener. Leads sent to either are mailed once,
 * and one marketplace sync runs at a time, whichever instance is asked, even after one crashed.
 */

const FAKE_PORT = OWN_PORT_BASE + 31
const PORT_A = OWN_PORT_BASE + 32
const PORT_B = OWN_PORT_BASE + 33
const FAKE = `http://127.0.0.1:${FAKE_PORT}`
const A = `http://127.0.0.1:${PORT_A}`
const B = `http://127.0.0.1:${PORT_B}`
const SECRET = 'instances-e2e-secret-0123456789'
const WRITE_TOKEN = 'e2e-write-token'
const SYNC_TOKEN = 'instances-sync-token-0123456789'
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const API = `${FAKE}/v2025-02-19/data`
const LAKE_HEADERS = { authorization: `Bearer ${WRITE_TOKEN}`, 'x-sanity-project-id': 'e2e-project', 'content-type': 'application/json' }

/** Both instances: the same lake, each with its own data folder (startSiteServer). */
const SHARED_ENV = {
  SANITY_PROJECT_ID: 'e2e-project',
  SANITY_DATASET: 'production',
  SANITY_WRITE_TOKEN: WRITE_TOKEN,
  SANITY_API_HOST: FAKE,
  REVALIDATE_SECRET: SECRET,
}

// Tests in order on one worker (the ports are fixed), a failing one not skipping the others.
test.describe.configure({ mode: 'default' })

let fake: RunningProcess | undefined

test.beforeAll(async () => {
  fake = await startFakeSanity(FAKE_PORT, {
    // As a GROQ webhook would: every write is announced to A, never to B.
    SANITY_MOCK_WEBHOOK_URL: `${A}/api/revalidate`,
    SANITY_MOCK_WEBHOOK_SECRET: SECRET,
  })
})

test.afterAll(async () => {
  await fake?.stop()
})

/** Polls `check` until it is truthy (bounded); the last error, if any, is in the message. */
async function until<T>(
  check: () => Promise<T>,
  { timeoutMs, what, everyMs = 200 }: { timeoutMs: number; what: string | (() => string); everyMs?: number },
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const value = await check()
      if (value) return value
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${typeof what === 'string' ? what : what()}${last ? `: ${String(last)}` : ''}`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

/** A GROQ query against the fake with the token, over every document (drafts and the private inbox too). */
async function lakeQuery<T>(query: string, params: Record<string, unknown> = {}): Promise<T> {
  const search = new URLSearchParams({ query, perspective: 'raw' })
  for (const [name, value] of Object.entries(params)) search.set(`$${name}`, JSON.stringify(value))
  const response = await fetch(`${API}/query/production?${search}`, { headers: LAKE_HEADERS })
  if (!response.ok) throw new Error(`query ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { result: T }).result
}

/** Writes to the lake as the Studio does, straight to Sanity (the fake then webhooks A). */
async function lakeMutate(mutations: unknown[]) {
  const response = await fetch(`${API}/mutate/production?returnIds=true&visibility=sync`, {
    method: 'POST',
    headers: LAKE_HEADERS,
    body: JSON.stringify({ mutations }),
  })
  expect(response.status, await response.clone().text()).toBe(200)
}

/** Two fresh instances on the lake, started side by side; `env` on top of the shared settings. */
async function startInstances(env: Record<string, string> = {}) {
  const [a, b] = await Promise.all([startSiteServer(PORT_A, { ...SHARED_ENV, ...env }), startSiteServer(PORT_B, { ...SHARED_ENV, ...env })])
  return {
    a,
    b,
    startedAt: Date.now(),
    stop: () => Promise.all([a.stop(), b.stop()]),
    /** What both printed, for failure messages. */
    output: () => `--- A ---\n${a.output()}\n--- B ---\n${b.output()}`,
  }
}

async function page(base: string, path: string) {
  const response = await fetch(`${base}${path}`, { headers: { 'user-agent': BROWSER_UA } })
  return { status: response.status, cache: response.headers.get('x-cache'), body: await response.text() }
}

function sync(base: string) {
  return fetch(`${base}/api/vehicles/sync`, { method: 'POST', headers: { authorization: `Bearer ${SYNC_TOKEN}` } })
}

/** Settings for the marketplace sync against the fake mobile.de at `url`. */
function syncEnv(url: string) {
  return {
    MOBILE_DE_API_BASE: url,
    MOBILE_DE_USERNAME: MOCK_CREDENTIALS.username,
    MOBILE_DE_PASSWORD: MOCK_CREDENTIALS.password,
    MOBILE_DE_SELLER_ID: MOCK_CREDENTIALS.sellerId,
    SYNC_TOKEN,
  }
}

test('a change announced to A only: B, serving the page from its cache, shows it within seconds, as A does', async () => {
  test.setTimeout(60_000)
  const instances = await startInstances()
  try {
    const hero = await lakeQuery<{ _key: string; heading: string }>('*[_id == "page-about"][0].sections[0]{_key, heading}')
    expect(hero.heading).toBe('Über uns: Ihr Autohändler aus Essen seit 2009')
    for (const base of [A, B]) {
      expect((await page(base, '/about')).body).toContain(hero.heading)
      const again = await page(base, '/about')
      expect([again.status, again.cache]).toEqual([200, 'HIT'])
    }

    const heading = `Seit 2009 in Essen, jetzt auch online ${Date.now()}`
    await lakeMutate([{ patch: { id: 'page-about', set: { [`sections[_key=="${hero._key}"].heading`]: heading } } }])

    // Nothing is sent to B: it hears of the change from the lake itself.
    await until(async () => (await page(B, '/about')).body.includes(heading), {
      timeoutMs: 10_000,
      what: () => `B to show the new heading\n${instances.output()}`,
    })
    await until(async () => (await page(A, '/about')).body.includes(heading), { timeoutMs: 10_000, what: 'A to show the new heading' })
    const seen = await page(B, '/about')
    expect(seen.body).toContain(heading)
    expect(seen.body).not.toContain(hero.heading)
  } finally {
    await instances.stop()
  }
})

interface Mail {
  leadId: string | undefined
  to: string[]
}

/**
 * A real SMTP server on a free port (no TLS, no auth, as nodemailer talks to smtp://) that answers
 * each message's DATA only after `holdMs`: mails stay in flight for a while, as on a slow relay.
 */
async function startSlowSmtp(holdMs: number) {
  const mails: Mail[] = []
  let open = 0
  let lastActivity = Date.now()
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      open++
      lastActivity = Date.now()
      callback()
    },
    onClose() {
      open--
      lastActivity = Date.now()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const head = raw.slice(0, raw.indexOf('\r\n\r\n'))
        mails.push({ leadId: /^X-Lead-Id:\s*(\S+)/im.exec(head)?.[1], to: session.envelope.rcptTo.map((rcpt) => rcpt.address) })
        setTimeout(() => {
          lastActivity = Date.now()
          callback()
        }, holdMs)
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  if (!address || typeof address === 'string') throw new Error('The SMTP sink has no port')
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    /** No connection open, and none for `ms`. */
    quietFor: (ms: number) => open === 0 && Date.now() - lastActivity >= ms,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

test('a price drop published in the Studio: both instances see it, the confirmed price alert gets exactly one mail (issue 38)', async () => {
  test.setTimeout(90_000)
  const smtp = await startSlowSmtp(500)
  const instances = await startInstances({ SMTP_URL: smtp.url, LEADS_NOTIFY_TO: 'anfragen@example.de' })
  const leadId = `inbox.lead-alert-instances-${Date.now()}`
  const visitor = 'zwei-instanzen@example.org'
  const price = await lakeQuery<number>('*[_id == "vehicle-1"][0].price')
  try {
    // Both watchers' first scan (10 s after start) records the car's price once.
    await until(async () => (await lakeQuery<number>('count(*[_id == "priceHistory.vehicle-1"][0].entries)')) === 1, {
      timeoutMs: 30_000,
      what: () => `the price history of vehicle-1\n${instances.output()}`,
    })
    const now = new Date().toISOString()
    // A confirmed price alert (the double opt-in itself is proved in app/alerts/alerts.server.test.ts).
    await lakeMutate([
      {
        create: {
          _id: leadId,
          _type: 'lead',
          kind: 'price-alert',
          status: 'neu',
          receivedAt: now,
          notifiedAt: now,
          contact: { email: visitor },
          vehicle: { _type: 'reference', _ref: 'vehicle-1', _weak: true },
          alert: { status: 'active', consentText: 'Test', requestedAt: now, confirmedAt: now },
        },
      },
    ])
    // The Studio publishes a lower price: the webhook tells A, the listener tells A and B.
    await lakeMutate([{ patch: { id: 'vehicle-1', set: { price: price - 1000 } } }])
    await until(async () => smtp.mails.some((mail) => mail.to.includes(visitor)) && smtp.quietFor(3_000), {
      timeoutMs: 40_000,
      what: () => `the alert mail\n${instances.output()}`,
      everyMs: 250,
    })
    expect(smtp.mails.filter((mail) => mail.to.includes(visitor)).map((mail) => mail.leadId)).toEqual([leadId])
    expect(await lakeQuery<number>('count(*[_id == "priceHistory.vehicle-1"][0].entries)')).toBe(2)
    expect(await lakeQuery<number>('count(*[_id == $id][0].alert.sent)', { id: leadId })).toBe(1)
  } finally {
    await lakeMutate([{ patch: { id: 'vehicle-1', set: { price } } }, { delete: { id: leadId } }])
    await instances.stop()
    await smtp.close()
  }
})

test('50 leads sent to both instances while their first retry runs: exactly 50 mails, one per lead', async () => {
  test.setTimeout(120_000)
  const smtp = await startSlowSmtp(2_000)
  const instances = await startInstances({ SMTP_URL: smtp.url, LEADS_NOTIFY_TO: 'anfragen@example.de' })
  try {
    // 5 batches of 10, one every 0.8 s, alternating A and B: mails are in flight, each held 2 s,
    // while both notifiers run their first retry of pending documents, 5 s after their start.
    const ids: string[] = []
    for (let batch = 0; batch < 5; batch++) {
      const due = instances.startedAt + batch * 800
      if (Date.now() < due) await new Promise((resolve) => setTimeout(resolve, due - Date.now()))
      const answers = await Promise.all(
        Array.from({ length: 10 }, async (_, index) => {
          const number = batch * 10 + index
          const response = await fetch(`${number % 2 === 0 ? A : B}/api/leads`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              kind: 'dealer-registration',
              company: `Autohaus Instanz ${number}`,
              phone: '0201 123456',
              page: '/locations/uedem/grosshandel',
            }),
          })
          return { status: response.status, body: (await response.json()) as { id?: string } }
        }),
      )
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201))
      ids.push(...answers.map((answer) => answer.body.id!))
    }
    expect(new Set(ids).size).toBe(50)

    // Every lead notified, both retry loops run (5 s after start) and the sink idle for 3 s.
    await until(
      async () => {
        const leads = await lakeQuery<{ stored: number; pending: number }>(
          '{"stored": count(*[_type == "lead" && _id in $ids]), "pending": count(*[_id in $ids && !defined(notifiedAt)])}',
          { ids },
        )
        return leads.stored === 50 && leads.pending === 0 && Date.now() - instances.startedAt >= 8_000 && smtp.quietFor(3_000)
      },
      { timeoutMs: 60_000, what: () => `every lead to be notified and the mail to stop\n${instances.output()}`, everyMs: 250 },
    )

    const perLead = new Map<string, number>()
    for (const mail of smtp.mails) perLead.set(String(mail.leadId), (perLead.get(String(mail.leadId)) ?? 0) + 1)
    const twice = [...perLead].filter(([, count]) => count > 1)
    expect(twice, 'leads mailed more than once').toEqual([])
    expect([...perLead.keys()].sort()).toEqual([...ids].sort())
    expect(smtp.mails).toHaveLength(50)
    expect(new Set(smtp.mails.flatMap((mail) => mail.to))).toEqual(new Set(['anfragen@example.de']))
  } finally {
    await instances.stop()
    await smtp.close()
  }
})

/** The fake mobile.de in this process, served on a free port. */
async function startMobileDe(latencyMs: number): Promise<{ mock: MobileDeMock; url: string; close: () => Promise<void> }> {
  const mock = createMobileDeApi({ ads: generateAds(6), latencyMs })
  return { mock, ...(await serveMobileDeMock(mock)) }
}

test('two syncs at the same moment on A and B: one runs (200), the other answers 409; then B may sync again', async () => {
  test.setTimeout(60_000)
  const mobileDe = await startMobileDe(300)
  const instances = await startInstances(syncEnv(mobileDe.url))
  try {
    const [first, second] = await Promise.all([sync(A), sync(B)])
    const answers = [
      { status: first.status, body: (await first.json()) as unknown },
      { status: second.status, body: (await second.json()) as unknown },
    ].sort((x, y) => x.status - y.status)
    expect(
      answers.map((answer) => answer.status),
      instances.output(),
    ).toEqual([200, 409])
    expect(answers[0]!.body).toHaveLength(6)
    expect(answers[1]!.body).toMatchObject({ error: expect.stringContaining('Abgleich') })

    // The lease was released at the end: the next sync, on either instance, runs.
    const third = await sync(B)
    expect(third.status, await third.clone().text()).toBe(200)
  } finally {
    await instances.stop()
    await mobileDe.close()
  }
})

test('a lease left by a killed instance: B answers 409 while it is valid, and syncs once it expired', async () => {
  test.setTimeout(90_000)
  // Slow enough that A's sync is still running (search, then details) when A is killed.
  const mobileDe = await startMobileDe(3_000)
  const instances = await startInstances({ ...syncEnv(mobileDe.url), SYNC_LEASE_SECONDS: '6' })
  try {
    const running = sync(A).catch(() => undefined)
    const lease = await until(
      async () => {
        const doc = await lakeQuery<{ holder?: string; expiresAt?: string } | null>('*[_id == "lock.marketplaceSync"][0]')
        return doc?.holder && doc.expiresAt && Date.parse(doc.expiresAt) > Date.now() ? doc : undefined
      },
      { timeoutMs: 15_000, what: () => `A to take the sync lease\n${instances.output()}`, everyMs: 100 },
    )
    expect(lease.holder).toBeTruthy()

    await instances.a.kill()
    await running
    mobileDe.mock.latencyMs = 0

    const refused = await sync(B)
    expect(refused.status, await refused.clone().text()).toBe(409)
    expect(await refused.json()).toMatchObject({ error: expect.stringContaining('Abgleich') })

    // Nobody renews the dead instance's lease: once it expired (6 s; renewed every 2 s, so at least 4 s were left), B takes it over.
    const statuses: number[] = []
    await until(
      async () => {
        const response = await sync(B)
        statuses.push(response.status)
        return response.status === 200
      },
      { timeoutMs: 20_000, what: () => `B to sync after the lease expired\n${instances.output()}`, everyMs: 500 },
    )
    expect(statuses.slice(0, -1).filter((status) => status !== 409)).toEqual([])
    // B released the lease when it was done.
    const after = await lakeQuery<{ expiresAt?: string } | null>('*[_id == "lock.marketplaceSync"][0]')
    expect(after === null || after.expiresAt === undefined || Date.parse(after.expiresAt) <= Date.now()).toBe(true)
  } finally {
    await instances.stop()
    await mobileDe.close()
  }
})
