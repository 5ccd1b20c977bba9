import { expect, it, vi } from 'vitest'
import { SITE_URL, startSite } from './site'

/*
 * A POST to a route that only reads (issue 25, finding 8): Remix answered 405 with
 * `{"message":"Unexpected Server Error"}` and logged it as a server error. Now: 405 with a German
 * message (JSON under /api/), `Allow: GET, HEAD`, and only the access line in the log. Moved from
 * tests/e2e/method-not-allowed.test.ts: the site's whole log is read from its logger.
 */

it('POST to routes that only read (resources and pages without a form): 405, a clear German body, Allow: GET, HEAD, no error line', async () => {
  const site = await startSite()
  try {
    const answers = []
    for (const [path, api] of [
      ['/sitemap.xml', false],
      ['/robots.txt', false],
      ['/api/vehicles', true],
      ['/api/vehicles/1', true],
      // It had an answer of its own, which left out HEAD.
      ['/api/vehicles/status', true],
      // Pages without a form: Remix rendered the 500 page with its English message for developers in the page's data.
      ['/', false],
      ['/merkliste/vergleich', false],
    ] as const) {
      const response = await fetch(`${site.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: SITE_URL }, body: '{}' })
      const body = await response.text()
      answers.push({ path, status: response.status, allow: response.headers.get('allow'), type: response.headers.get('content-type'), body })
      expect(body, path).not.toContain('Unexpected Server Error')
      expect(body, path).not.toContain('You made a POST request')
      if (api) expect(JSON.parse(body), path).toEqual({ error: 'Methode nicht erlaubt. Diese Adresse wird nur gelesen (GET, HEAD).' })
      else expect(body, path).toBe('Methode nicht erlaubt. Diese Adresse wird nur gelesen (GET, HEAD).')
    }
    expect(answers.map(({ path, status, allow, type }) => ({ path, status, allow, type }))).toEqual([
      { path: '/sitemap.xml', status: 405, allow: 'GET, HEAD', type: 'text/plain; charset=utf-8' },
      { path: '/robots.txt', status: 405, allow: 'GET, HEAD', type: 'text/plain; charset=utf-8' },
      { path: '/api/vehicles', status: 405, allow: 'GET, HEAD', type: 'application/json' },
      { path: '/api/vehicles/1', status: 405, allow: 'GET, HEAD', type: 'application/json' },
      { path: '/api/vehicles/status', status: 405, allow: 'GET, HEAD', type: 'application/json' },
      { path: '/', status: 405, allow: 'GET, HEAD', type: 'text/plain; charset=utf-8' },
      { path: '/merkliste/vergleich', status: 405, allow: 'GET, HEAD', type: 'text/plain; charset=utf-8' },
    ])
    // The resources still answer their GET.
    expect((await fetch(`${site.base}/sitemap.xml`)).status).toBe(200)

    // One access line per post, none of them an error.
    await vi.waitFor(() => expect(site.logs.filter((line) => line.method === 'POST')).toHaveLength(answers.length))
    expect(site.logs.filter((line) => line.level >= 50)).toEqual([])
    expect(site.logs.filter((line) => line.method === 'POST').map(({ path, status }) => ({ path, status }))).toEqual(
      answers.map(({ path }) => ({ path, status: 405 })),
    )
  } finally {
    await site.close()
  }
})
