import { createHook } from 'node:async_hooks'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { clientOf, SITE_URL, startSite, type TestSite } from './site'

/*
 * What the server sends before any script runs: the home page's sections and final figures (moved
 * from tests/e2e/home.test.ts), and the vehicle detail API (moved from tests/e2e/vehicle-detail.test.ts).
 */

let site: TestSite
let get: ReturnType<typeof clientOf>

beforeAll(async () => {
  site = await startSite()
  get = clientOf(site)
})
afterAll(() => site?.close())

it('the real root’s <Scripts> start after the first paint and the document ends last: an upgrade that changes their markup fails here (decision 090)', async () => {
  for (const path of ['/', '/vehicles', '/vehicles/1']) {
    const html = await (await get(path)).text()
    expect(html, path).toMatch(/<link rel="modulepreload" media="not all" href="\/build\/[^"]+"\/>/)
    expect(html, path).toMatch(/<script nonce="[^"]+">\(function startAfterFirstPaint\(/)
    expect(html, path).not.toContain('type="module"')
    expect(html.endsWith('</body></html>'), path).toBe(true)
    expect(html.match(/<\/html>/g), path).toHaveLength(1)
  }
  expect(site.logs.filter((line) => line.msg.startsWith('Skripte nicht nach dem ersten Zeichnen gestartet'))).toEqual([])
})

it('the server HTML holds every home section with the spec labels and final figures', async () => {
  const response = await get('/')
  expect(response.status).toBe(200)
  const html = await response.text()
  expect(html).toContain('<html lang="de"')
  // Card titles carry soft hyphens at their compounds' joints (INZAHLUNG·NAHME, decision 102); a reader sees the word.
  const shown = html.replaceAll('\u00AD', '')
  for (const text of [
    'AUTOANKAUF',
    '&amp; VERKAUF',
    'FAHRZEUG BEWERTEN',
    'FAHRZEUGE ANSEHEN',
    'PREMIUM',
    'INVENTAR DURCHSUCHEN',
    'FINANZIERUNG',
    '&amp; LEASING',
    'BERATUNG VEREINBAREN',
    'INZAHLUNGNAHME',
    'EXPORT',
    'FAHRZEUGPRÜFUNG',
    'DETAILS ANSEHEN',
    'ALLE FAHRZEUGE ANSEHEN',
    'TERMIN VEREINBAREN',
    'FAHRZEUG AUSWÄHLEN',
    'FINANZIERUNG KLÄREN',
    'FAHRZEUG ÜBERGABE',
    'id="contact"',
    'id="inventory"',
  ]) {
    expect(shown, text).toContain(text)
  }
  // Counters: the final figures are in the HTML for crawlers and visitors without JavaScript.
  for (const figure of [/15\+/, /2\.?500\+/, /150\+/, /98\s?%/]) expect(html).toMatch(figure)
  // What a screen reader hears of a counter: one phrase in natural case (copy review 2026-11-29, L13).
  expect(html).toContain('<p class="sr-only">2.500+ verkaufte Fahrzeuge</p>')
})

it('GET /api/vehicles/{id}: the detail shape, and 404 JSON for an unknown id', async () => {
  const found = await get('/api/vehicles/1')
  expect(found.status).toBe(200)
  expect(found.headers.get('content-type')).toContain('application/json')
  const body = await found.json()
  expect(body).toMatchObject({ id: '1', make: 'BMW', fuel_type: 'DIESEL', power_kw: 140, power_hp: 190, first_registration: '03/2020', status: 'available' })
  // Absolute, under SITE_URL; fetched from the port the site listens on.
  expect(body.images[0]).toMatch(new RegExp(`^${SITE_URL}/media/`))
  // The image URL is served.
  expect((await get(body.images[0].slice(SITE_URL.length))).status).toBe(200)
  const missing = await get('/api/vehicles/9999')
  expect(missing.status).toBe(404)
  expect(await missing.json()).toEqual({ error: 'Fahrzeug nicht gefunden', id: '9999' })
})

it('an address under /api/ that no route serves, /api itself included: 404 in JSON for the client, not the people’s page', async () => {
  for (const [path, init] of [
    ['/api/gibt-es-nicht', {}],
    ['/api/gibt-es-nicht', { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE_URL }, body: '{}' }],
    ['/api', {}],
    ['/api?seite=2', {}],
  ] as const) {
    const answer = await get(path, init)
    expect(answer.status).toBe(404)
    expect(answer.headers.get('content-type')).toContain('application/json')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(await answer.json()).toEqual({ error: 'Diese Adresse gibt es in der Schnittstelle nicht.' })
  }
})

it('a rendered page leaves no timer of ours behind: the render’s abort timer ends with the render (code-health review 2026-11-29, L4)', async () => {
  // Timers the server build's own code (build/index.js) set and still pending; Node's and Remix's own are theirs to keep.
  const pending = new Map<number, string>()
  const hook = createHook({
    init(id, type) {
      if (type !== 'Timeout') return
      // The frame that called setTimeout.
      const lines = (new Error().stack ?? '').split('\n')
      const caller = lines[lines.findIndex((line) => /at setTimeout \(node:timers/.test(line)) + 1] ?? ''
      if (caller.includes('/build/index.js')) pending.set(id, lines.join('\n'))
    },
    destroy: (id) => pending.delete(id),
  }).enable()
  try {
    // Each a page-cache miss (its own query), streamed to a browser and whole to a crawler.
    for (let round = 0; round < 5; round++) {
      expect((await get(`/?timer=${round}`)).status).toBe(200)
      expect((await get(`/?timer=${round}`, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })).status).toBe(200)
    }
  } finally {
    hook.disable()
  }
  expect([...pending.values()]).toEqual([])
})

it('a form sent from a page deleted meanwhile is stored, and the confirmation the visitor lands on says it arrived', async () => {
  const name = `Gelöschte Seite ${Date.now()}`
  const path = '/locations/gibt-es-nicht-mehr'
  const post = await get(path, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE_URL },
    body: new URLSearchParams({ leadKind: 'contact', anchor: 'contact', page: path, name, email: 'weg@example.de', message: 'Hallo', website: '' }).toString(),
  })
  expect(post.status).toBe(303)
  const location = post.headers.get('location')!
  expect(location).toBe(`${path}?nachricht=gesendet#contact-bestaetigung`)
  const stored = await site.context.lake.fetch<Array<{ name: string }>>(
    '*[_type == "contactMessage" && name == $name]{name}',
    { name },
    { includePrivate: true },
  )
  expect(stored).toEqual([{ name }])

  // The page is gone (404), but the visitor reads that the message arrived, and is not sent away from it.
  const page = await get(location)
  expect(page.status).toBe(404)
  const html = await page.text()
  expect(html).toContain('Ihre Nachricht ist angekommen')
  expect(html).toContain('Seite nicht gefunden')
  expect(html).not.toContain('http-equiv="refresh"')
  expect(html).not.toContain('Automatische Weiterleitung')
})

it('a page that advertises the rate marks each mention „ab 2,9 %*“ and ends its content with the representative example, once; a page without the rate has neither; search engines read no mark (copy review 2026-11-29, H2; decision 111)', async () => {
  const footnote = /<p class="[^"]*" data-testid="financing-footnote">([^<]*)<\/p>/g
  for (const path of ['/', '/services/autoverkauf', '/locations/dortmund', '/about']) {
    const html = await (await get(path)).text()
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>') + '</main>'.length)
    expect(main, path).toMatch(/ab (<!-- -->)?2,9(<!-- -->)?\u00a0%\*/)
    const notes = [...main.matchAll(footnote)].map((match) => match[1])
    expect(notes, path).toEqual([
      '* Repräsentatives Beispiel nach §\u00a017 Abs.\u00a04 PAngV: Barzahlungspreis 20.000,00\u00a0€, Anzahlung 4.000,00\u00a0€, Nettodarlehensbetrag 16.000,00\u00a0€, ' +
        'Laufzeit 48 Monate, gebundener Sollzinssatz 2,86\u00a0% p.\u00a0a., effektiver Jahreszins 2,90\u00a0%, 47 monatliche Raten zu je 353,18\u00a0€ und eine letzte Rate von 352,92\u00a0€, ' +
        'Gesamtbetrag 16.952,38\u00a0€. Darlehensgeber: Beispielbank AG (Beispiel), Bankplatz 1, 45127 Essen. Bonität vorausgesetzt.',
    ])
    // The end of the page's content, before the footer: nothing but closing tags (and React's markers) after it in <main>.
    expect(main.slice(main.search(footnote)).replace(footnote, ''), path).toMatch(/^(<\/\w+>|<!--\/?\$-->)+$/)
    // <title>, the meta texts and the structured data carry no mark (the home page's description names the rate).
    const head = html.slice(0, html.indexOf('</head>'))
    const structured = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join('')
    expect(`${head}${structured}`, path).not.toContain('%*')
  }
  expect(await (await get('/')).text()).toMatch(/<meta name="description" content="[^"]*Finanzierung ab 2,9[\u00a0 ]% und Inzahlungnahme/)
  for (const path of ['/contact', '/impressum', '/locations/xanten']) {
    const html = await (await get(path)).text()
    expect(html, path).not.toContain('data-testid="financing-footnote"')
    expect(html, path).not.toContain('%*')
  }
})

it('WhatsApp, where sellers like to send photos, on /contact and the sell page, with a greeting ready to send; the vehicle page keeps its own (visitor review 2026-11-30, M2)', async () => {
  const chat = (html: string) => [...html.matchAll(/href="(https:\/\/wa\.me\/[^"]+)"/g)].map((match) => decodeURIComponent(match[1]!.replaceAll('&amp;', '&')))
  const whatsappOf = async (path: string) => chat(await (await get(path)).text())
  // The seed's settings: „+49 157 8512 3400“.
  expect(await whatsappOf('/contact')).toEqual(['https://wa.me/4915785123400?text=Hallo, ich habe eine Frage:'])
  expect(await whatsappOf('/auto-verkaufen')).toEqual(['https://wa.me/4915785123400?text=Hallo, ich möchte mein Auto verkaufen.'])
  expect(await whatsappOf('/vehicles/1')).toEqual([
    expect.stringMatching(/^https:\/\/wa\.me\/4915785123400\?text=Hallo, ich interessiere mich für dieses Fahrzeug: /),
  ])
})
