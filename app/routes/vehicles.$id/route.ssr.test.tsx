import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createOrReplace } from '#app/lake/lake.server.ts'
import { SITE_SETTINGS_QUERY } from '#app/sanity/queries/site.ts'
import { type SITE_SETTINGS_QUERYResult } from '#app/sanity/types.ts'
import { telHref } from '#app/utils/format.ts'
import { siteSettingsForPages } from '#app/utils/site-settings.server.ts'
import { readVehiclePage } from '#app/vehicles/inventory.server.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { soldVehicle } from '#tests/vehicle-fixtures.ts'
import VehicleDetailPage, { ErrorBoundary, loader } from './route'

/*
 * The server HTML of a car that is gone (decision 101), from the real loader on both lakes: what a
 * visitor without JavaScript gets and what hydration must match. In this environment the way on
 * (way-on.tsx) is rendered from its `.server` module, as on the production server; in the browser
 * it arrives as a chunk of its own (route.test.tsx renders that path).
 */

const SOLD = soldVehicle('sold-ssr')

describe.each(BACKENDS)('a car that is gone, rendered on the server, on the %s lake', (backend) => {
  let test: TestLake
  let phone: string

  beforeAll(async () => {
    test = await openTestLake(backend)
    await createOrReplace(test.lake, SOLD)
    phone = (await test.lake.fetch<SITE_SETTINGS_QUERYResult>(SITE_SETTINGS_QUERY))!.phone!
  })
  afterAll(() => test.close())

  async function serverHtml(url: string) {
    const context = { lake: test.lake, env: test.env }
    const handler = createStaticHandler([
      {
        id: 'root',
        path: '/',
        loader: async () => ({ settings: siteSettingsForPages((await test.lake.fetch<SITE_SETTINGS_QUERYResult>(SITE_SETTINGS_QUERY))!, new Date()) }),
        children: [
          {
            path: 'vehicles/:id',
            loader: async ({ request, params }) => (await loader({ request, params, context })).data,
            element: <VehicleDetailPage />,
            errorElement: <ErrorBoundary />,
          },
        ],
      },
    ])
    const result = await handler.query(new Request(url))
    if (result instanceof Response) throw new Error('unexpected response')
    return {
      status: result.statusCode,
      html: renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, result)} context={result} />),
    }
  }

  /** The links of the cards' headings, in order. */
  const cardLinks = (html: string) => [...html.matchAll(/<article[\s\S]*?<h3[^>]*><a[^>]*href="([^"]+)"/g)].map(([, href]) => href)

  it('an unknown id: 404, the spec’s texts and button, then the three newest cars, the phone as a tel: link and a Suchauftrag to type', async () => {
    const { status, html } = await serverHtml('http://localhost/vehicles/99999')
    expect(status).toBe(404)
    expect(html).toContain('<h1 class="mt-6 text-4xl font-extrabold sm:text-5xl">Fahrzeug nicht gefunden</h1>')
    expect(html).toContain('Das angeforderte Fahrzeug existiert nicht oder ist nicht mehr verfügbar.')
    expect(html).toMatch(/<a[^>]*href="\/vehicles"[^>]*>Zurück zur Übersicht<\/a>/)
    expect(html).toContain('Unsere neuesten Fahrzeuge')
    const newest = (await readVehiclePage(test.lake, { sort: 'newest', page: 1 })).vehicles.slice(0, 3)
    expect(cardLinks(html)).toEqual(newest.map((vehicle) => `/vehicles/${vehicle.id}`))
    // The call: a tel: link with the number, and the place „Heute geöffnet …“ fills in the browser.
    const call = /<section aria-labelledby="anrufen-heading"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
    expect(call).toContain(`href="${telHref(phone)}"`)
    expect(call).toContain(phone)
    expect(call).toContain('data-testid="open-now"')
    // The Suchauftrag: nothing is known of the search, so it is a field of its own, then e-mail or phone.
    const request = /<section id="suchauftrag"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
    expect(request).toContain('Benachrichtigen, wenn ein passendes Auto kommt')
    expect(request).toMatch(/<input[^>]*name="leadKind"[^>]*value="search-request"|<input[^>]*value="search-request"[^>]*name="leadKind"/)
    expect(request).toMatch(/<label[^>]*for="suchauftrag-query"[^>]*>Gesucht/)
    expect(request).toMatch(/<input[^>]*name="query"[^>]*required=""[^>]*type="text"/)
    expect(request).toContain('name="emailOrPhone"')
    expect(request).toContain('SUCHAUFTRAG SPEICHERN')
  })

  it('an unknown id from a list of BMWs: similar BMWs, and the Suchauftrag watches for a BMW', async () => {
    const { status, html } = await serverHtml(`http://localhost/vehicles/99999?from=${encodeURIComponent('make=BMW')}`)
    expect(status).toBe(404)
    expect(html).toContain('Ähnliche Fahrzeuge')
    expect(cardLinks(html).length).toBeGreaterThan(0)
    for (const [card] of html.matchAll(/<article[\s\S]*?<\/article>/g)) expect(card).toMatch(/<h3[^>]*><a[^>]*>BMW /)
    expect(html).toContain('Ihr Suchauftrag für „BMW“')
    expect(html).toMatch(/<input type="hidden" name="query" value="BMW"\/>/)
  })

  it('a sold car: its page with „Verkauft“, similar cars, the phone and a Suchauftrag for its make and model', async () => {
    const { status, html } = await serverHtml('http://localhost/vehicles/sold-ssr')
    expect(status).toBe(200)
    expect(html).toContain('Dieses Fahrzeug ist bereits verkauft.')
    expect(html).toContain('Ähnliche Fahrzeuge')
    expect(cardLinks(html).length).toBeGreaterThan(0)
    expect(cardLinks(html)).not.toContain('/vehicles/sold-ssr')
    expect(/<section aria-labelledby="anrufen-heading"[\s\S]*?<\/section>/.exec(html)?.[0]).toContain(`href="${telHref(phone)}"`)
    expect(html).toContain('Ihr Suchauftrag für „BMW 118i“')
    expect(html).toMatch(/<input type="hidden" name="query" value="BMW 118i"\/>/)
  })

  describe('a test drive confirmed without JavaScript, read on Friday 04.12.2026 at 17:05 (hours 09:00–18:00)', () => {
    afterEach(() => vi.useRealTimers())
    const confirmation = (slot: string) => `http://localhost/vehicles/1?anfrage=gesendet&formular=probefahrt&termin=${slot}#probefahrt-bestaetigung`

    it('names the window the server accepted, though begun since and no longer offered (decision 069)', async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date('2026-12-04T16:05:00Z'))
      const { html } = await serverHtml(confirmation('2026-12-04T15:00-18:00'))
      expect(html).toContain('Probefahrt angefragt!')
      expect(html).toContain('Ihr Wunschtermin: Fr, 04.12.2026, 15:00–18:00 Uhr.')
      // The form below the confirmation, for another request, offers Saturday's first window, not today's last.
      expect(html).not.toContain('<option value="2026-12-04T15:00-18:00"')
      expect(html).toContain('<option value="2026-12-05T09:00-12:00"')
    })

    it('names no window that the hours do not have', async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(new Date('2026-12-04T16:05:00Z'))
      const { html } = await serverHtml(confirmation('2026-12-06T09:00-12:00'))
      expect(html).toContain('Probefahrt angefragt!')
      expect(html).not.toContain('Ihr Wunschtermin')
    })
  })

  it('a car on sale has neither: its similar cars only', async () => {
    const { html } = await serverHtml('http://localhost/vehicles/1')
    // The line under the name breaks between its facts only, never inside „68.500 km“ (copy review 2026-11-29, L1).
    expect(html).toContain(
      '<span class="whitespace-nowrap">EZ 03/2020\u00a0·</span> <span class="whitespace-nowrap">68.500 km\u00a0·</span> <span class="whitespace-nowrap">Diesel\u00a0·</span> <span class="whitespace-nowrap">Automatik</span>',
    )
    expect(html).toContain('Ähnliche Fahrzeuge')
    expect(html).not.toContain('anrufen-heading')
    expect(html).not.toContain('id="suchauftrag"')
  })
})
