import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { patchDocument } from '#app/lake/lake.server.ts'
import { SITE_SETTINGS_QUERY } from '#app/sanity/queries/site.ts'
import { type SITE_SETTINGS_QUERYResult } from '#app/sanity/types.ts'
import { siteSettingsForPages } from '#app/utils/site-settings.server.ts'
import { openTestLake, type TestLake } from '#tests/lake-backends.ts'
import VehiclesPage, { loader } from './route'

/*
 * The server HTML of /vehicles from the real loader over the embedded seed lake (the node
 * environment: what a visitor without JavaScript and a crawler get, and what hydration must match).
 * The seed's Mercedes-Benz V 250 d (id 10) is reserved; the others are available.
 */

let lake: TestLake

beforeAll(async () => {
  lake = await openTestLake('embedded')
})
afterAll(() => lake.close())

async function serverHtml(url: string) {
  const context = { lake: lake.lake, env: lake.env }
  const handler = createStaticHandler([
    {
      id: 'root',
      path: '/',
      loader: async () => ({ settings: siteSettingsForPages((await lake.lake.fetch<SITE_SETTINGS_QUERYResult>(SITE_SETTINGS_QUERY))!, new Date()) }),
      children: [
        {
          path: 'vehicles',
          loader: async ({ request, params }) => ((await loader({ request, params, context })) as unknown as { data: unknown }).data,
          element: <VehiclesPage />,
        },
      ],
    },
  ])
  const result = await handler.query(new Request(url))
  if (result instanceof Response) throw new Error('unexpected response')
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, result)} context={result} />)
}

/** Each card's article, by its heading. */
/** The cards by name: the text of each card's heading (the link to the car in it). */
function cards(html: string) {
  return new Map(
    [...html.matchAll(/<article[\s\S]*?<\/article>/g)].map(([card]) => [(/<h3[^>]*>([\s\S]*?)<\/h3>/.exec(card)?.[1] ?? '').replace(/<[^>]+>/g, ''), card]),
  )
}

test('the reserved car’s card says "Reserviert" in the list and in the search results; no other card has a badge', async () => {
  for (const url of ['http://localhost/vehicles', 'http://localhost/vehicles?search=mercedes']) {
    const list = cards(await serverHtml(url))
    const reserved = list.get('Mercedes-Benz V 250 d Avantgarde')
    expect(reserved, url).toBeDefined()
    // The badge is text in a labelled list, right after the name.
    expect(reserved).toMatch(/<\/h3><ul class="[^"]*" aria-label="Status"><li class="[^"]*">Reserviert<\/li><\/ul>/)
    for (const [name, card] of list) if (name !== 'Mercedes-Benz V 250 d Avantgarde') expect(card, name).not.toContain('aria-label="Status"')
    expect(list.size).toBeGreaterThan(1)
  }
})

test('an intent search says what it searched for: each intent word as the facts it stands for, with its undo link (decision 070)', async () => {
  const html = await serverHtml(`http://localhost/vehicles?search=${encodeURIComponent('Familienauto mit 7 Sitzen')}`)
  const reading = /<div[^>]*data-testid="search-reading"[^>]*>([\s\S]*?)<\/ul><\/div>/.exec(html)?.[1] ?? ''
  const chips = [...reading.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<span/g)].map(([, href, label]) => ({ href: href!.replaceAll('&amp;', '&'), label }))
  expect(chips).toEqual([
    { label: 'Familienauto: Kombi, Van oder SUV ab 5 Sitzplätzen', href: '/vehicles?search=mit+7+Sitzen#ergebnisse' },
    { label: 'ab 7 Sitzplätzen', href: '/vehicles?search=Familienauto+mit#ergebnisse' },
  ])
  // The one seven-seater of the seed is a van: the only card.
  expect([...cards(html).keys()]).toEqual(['Mercedes-Benz V 250 d Avantgarde'])

  const cheap = await serverHtml(`http://localhost/vehicles?search=${encodeURIComponent('günstiger Diesel')}`)
  expect(cheap).toContain('günstig: Preis bis 15.000 €')
  expect([...cards(cheap).keys()].sort()).toEqual(['Ford Focus Turnier 1.5 EcoBlue', 'Opel Astra Sports Tourer 1.6 Diesel'])
})

test('„Unser Bestand auf mobile.de“ links to the dealer’s mobile.de page from the settings, and to nothing when it is empty (issue 36)', async () => {
  const portal = (html: string) => /<section aria-labelledby="portal-heading"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
  const link = /<a href="([^"]*)"[^>]*>Unseren Bestand auf mobile\.de ansehen<span class="sr-only"> \(öffnet in neuem Tab\)<\/span><\/a>/
  expect(link.exec(portal(await serverHtml('http://localhost/vehicles')))?.[1]).toBe('https://home.mobile.de/RUHRSTERN-AUTOMOBILE-ESSEN')
  await patchDocument(lake.lake, 'siteSettings', { unset: ['mobileDeUrl'] })
  const without = portal(await serverHtml('http://localhost/vehicles'))
  expect(without).toContain('Unser Bestand auf mobile.de')
  expect(without).not.toContain('mobile.de ansehen')
  await patchDocument(lake.lake, 'siteSettings', { set: { mobileDeUrl: 'https://home.mobile.de/RUHRSTERN-AUTOMOBILE-ESSEN' } })
})

test('cards name the first registration and the buyer facts that speak for the car (issue 36)', async () => {
  // The seven diesels: the V 250 d, the Focus and the Astra among them, on one page.
  const list = cards(await serverHtml('http://localhost/vehicles?search=Diesel'))
  const factsOf = (name: string) => {
    const card = list.get(name) ?? ''
    const facts = /<ul[^>]*aria-label="Vorteile"[^>]*>([\s\S]*?)<\/ul>/.exec(card)?.[1] ?? ''
    return [...facts.matchAll(/<\/svg>([^<]+)<\/li>/g)].map(([, fact]) => fact)
  }
  // The V 250 d: VAT shown, a warranty, accident-free; first registered 08/2019.
  expect(factsOf('Mercedes-Benz V 250 d Avantgarde')).toEqual(['MwSt. ausweisbar', 'Garantie', 'Unfallfrei'])
  expect(list.get('Mercedes-Benz V 250 d Avantgarde')).toContain('<span class="sr-only">Erstzulassung</span></dt><dd class="whitespace-nowrap">EZ 08/2019</dd>')
  // The Focus states no warranty and no accident statement: no list.
  expect(list.get('Ford Focus Turnier 1.5 EcoBlue')).not.toContain('aria-label="Vorteile"')
  // The Astra is not accident-free (said on its page, not on the card) and has no registration yet: the spec's year.
  expect(list.get('Opel Astra Sports Tourer 1.6 Diesel')).not.toContain('aria-label="Vorteile"')
  expect(list.get('Opel Astra Sports Tourer 1.6 Diesel')).toContain('<span class="sr-only">Baujahr</span></dt><dd class="whitespace-nowrap">2020</dd>')
})

test('the price filters take a price typed the German way: a text input whose pattern accepts „20.000“, showing the applied price so', async () => {
  const html = await serverHtml('http://localhost/vehicles?priceTo=20.000')
  const input = /<input[^>]* id="filter-priceTo"[^>]*>/.exec(html)?.[0] ?? ''
  expect(input).toContain('type="text"')
  expect(input).toContain('inputMode="numeric"')
  expect(input).toContain('value="20.000"')
  const pattern = new RegExp(`^(?:${/pattern="([^"]*)"/.exec(input)![1]!.replaceAll('&amp;', '&')})$`, 'v')
  expect(['20000', '20.000', '20 000'].filter((typed) => pattern.test(typed))).toEqual(['20000', '20.000', '20 000'])
  expect(['20,5', '20.5', '-1'].filter((typed) => pattern.test(typed))).toEqual([])
})

test('„Sortieren nach“ sits beside the results’ count and belongs to the search form: the only field named sort, sent with the form (tablet review 2026-11-29, M6)', async () => {
  const html = await serverHtml('http://localhost/vehicles?fuel=diesel&sort=price-asc')
  const formId = /<form[^>]* id="([^"]+)"[^>]*role="search"|<form[^>]*role="search"[^>]* id="([^"]+)"/.exec(html)
  const id = formId?.[1] ?? formId?.[2]
  expect(id).toBeTruthy()
  // One control named sort in the whole page, so the form never sends two orders.
  expect(html.match(/name="sort"/g)).toHaveLength(1)
  const select = /<select[^>]*name="sort"[^>]*>[\s\S]*?<\/select>/.exec(html)![0]
  expect(select).toContain(`form="${id}"`)
  expect(/<option value="([^"]+)" selected="">/.exec(select)?.[1]).toBe('price-asc')
  expect(/<label for="filter-sort"[^>]*>([^<]*)<\/label>/.exec(html)?.[1]).toBe('Sortieren nach')
  // In the results, between the count and the first card; not in the filter form's element.
  const form = /<form[^>]*role="search"[\s\S]*?<\/form>/.exec(html)![0]
  expect(form).not.toContain('name="sort"')
  const count = html.indexOf('id="ergebnisse"')
  expect(count).toBeGreaterThan(-1)
  expect(html.indexOf('name="sort"')).toBeGreaterThan(count)
  expect(html.indexOf('name="sort"')).toBeLessThan(html.indexOf('<article'))
  // Without JavaScript its own button sends the form (shown only where scripting is off).
  expect(html).toMatch(new RegExp(`<div class="hidden noscript:block"><button type="submit" form="${id}"[^>]*>Sortieren</button></div>`))
})

test('no „Sortieren nach“ when no car is found; a chosen order still goes with the next search', async () => {
  const none = await serverHtml('http://localhost/vehicles?search=gibtesnicht&sort=price-asc')
  expect(none).toContain('Für „gibtesnicht“ haben wir gerade kein passendes Fahrzeug.')
  expect(none).not.toContain('Sortieren nach')
  expect(none).not.toContain('<select id="filter-sort"')
  expect(none).toMatch(/<input type="hidden" name="sort" form="fahrzeugsuche" value="price-asc"\/>/)
  // With the default order nothing is carried.
  expect(await serverHtml('http://localhost/vehicles?search=gibtesnicht')).not.toContain('name="sort"')
  // One car: the control stays, so that a visitor without JavaScript can widen the search and choose the order in one go.
  const one = await serverHtml('http://localhost/vehicles?search=V%20250%20d')
  expect(one).toContain('1 Fahrzeug')
  expect(one).toContain('Sortieren nach')
})

test('the first card’s photo loads at once and first (the largest image on a phone); the others wait until they near the screen', async () => {
  const html = await serverHtml('http://localhost/vehicles')
  const photos = [...html.matchAll(/<article[\s\S]*?<img ([^>]*)>/g)].map((match) => match[1]!)
  expect(photos.length).toBe(12)
  expect(photos[0]).toContain('loading="eager"')
  expect(photos[0]).toContain('fetchpriority="high"')
  for (const photo of photos.slice(1)) {
    expect(photo).toContain('loading="lazy"')
    expect(photo).not.toContain('fetchpriority')
  }
})

test('the list’s card photos say how wide a card is in the list (three columns beside the filters from 1280 px), not the home grid’s 400 px (Low 15)', async () => {
  const html = await serverHtml('http://localhost/vehicles')
  const sizes = [...html.matchAll(/<article[\s\S]*?<img[^>]* sizes="([^"]+)"/g)].map(([, value]) => value)
  expect(sizes.length).toBeGreaterThan(0)
  expect(new Set(sizes)).toEqual(
    new Set(['(min-width: 1280px) 288px, (min-width: 1024px) calc(50vw - 196px), (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)']),
  )
  expect(html).toMatch(/<ul class="[^"]*\bxl:grid-cols-3\b[^"]*"><li>/)
})

test('an empty result says it once beside the count: the query or the filters that found nothing, what to do, and the Suchauftrag (copy review 2026-11-29, L8)', async () => {
  const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
  const searched = text(await serverHtml('http://localhost/vehicles?search=xyzxyz'))
  expect(searched).toContain('0 Fahrzeuge')
  expect(searched.match(/kein passendes Fahrzeug/g)).toEqual(['kein passendes Fahrzeug'])
  expect(searched).toContain('Für „xyzxyz“ haben wir gerade kein passendes Fahrzeug.')
  expect(searched).not.toContain('Keine Fahrzeuge gefunden')
  expect(searched).toContain('Ändern Sie Ihre Suche oder setzen Sie die Filter zurück.')
  expect(searched).toContain('SUCHAUFTRAG SPEICHERN')
  const filtered = text(await serverHtml('http://localhost/vehicles?fuel=electric&priceTo=1000'))
  expect(filtered.match(/kein passendes Fahrzeug/g)).toEqual(['kein passendes Fahrzeug'])
  expect(filtered).toContain('Für diese Auswahl haben wir gerade kein passendes Fahrzeug.')
  expect(filtered).not.toContain('Keine Fahrzeuge gefunden')
})

test('a Suchauftrag is offered for filters too, and watches the search with its filters, written out (describeSearch)', async () => {
  const filtered = await serverHtml('http://localhost/vehicles?fuel=electric&priceTo=1000')
  expect(filtered).toContain('SUCHAUFTRAG SPEICHERN')
  expect(filtered).toContain('Ihr Suchauftrag für „Elektro bis 1.000 €“')
  expect(filtered).toMatch(/<input type="hidden" name="query" value="Elektro bis 1.000 €"/)
  // A typed search beside a filter: the sentence names the typed words, the Suchauftrag the whole search.
  const both = await serverHtml(`http://localhost/vehicles?search=${encodeURIComponent('Kombi unter 9000')}&make=Porsche`)
  expect(both).toContain('Für „Kombi unter 9000“ haben wir gerade kein passendes Fahrzeug.')
  expect(both).toMatch(/<input type="hidden" name="query" value="Kombi Porsche bis 9.000 €"/)
})
