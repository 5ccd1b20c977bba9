import { afterAll, beforeAll, expect, it } from 'vitest'
import { clientOf, startSite, type TestSite } from './site'

/*
 * /media renders only the variants the site emits (docs/decisions/019): every image URL the pages
 * contain must load, and any other variant gets a 400 without being encoded. Moved from
 * tests/e2e/media.test.ts, which read the URLs from the rendered DOM: here from the HTML the server
 * sends (the whole stream, deferred parts included), which is where a browser finds them.
 */

let site: TestSite
let get: ReturnType<typeof clientOf>

beforeAll(async () => {
  site = await startSite()
  get = clientOf(site)
})
afterAll(() => site?.close())

const decode = (value: string) => value.replaceAll('&amp;', '&')
const attribute = (tag: string, name: string) => {
  const value = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]
  return value === undefined ? undefined : decode(value)
}
const candidates = (srcset: string | undefined) => (srcset ?? '').split(',').map((candidate) => candidate.trim().split(' ')[0] ?? '')

/** Every image URL of a page: img src and srcset, and image preloads' href and imagesrcset. */
function imageUrls(html: string): string[] {
  const images = [...html.matchAll(/<img\b[^>]*>/g)].flatMap(([tag]) => [attribute(tag, 'src') ?? '', ...candidates(attribute(tag, 'srcset'))])
  const preloads = [...html.matchAll(/<link\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => attribute(tag, 'rel') === 'preload' && attribute(tag, 'as') === 'image')
    .flatMap((tag) => [attribute(tag, 'href') ?? '', ...candidates(attribute(tag, 'imagesrcset'))])
  return [...images, ...preloads]
}

it('every /media URL the pages emit (src, srcset, preload) is served', async () => {
  const urls = new Set<string>()
  for (const path of ['/', '/vehicles', '/vehicles/1', '/contact']) {
    for (const url of imageUrls(await (await get(path)).text())) if (url.startsWith('/media/')) urls.add(url)
  }
  expect(urls.size).toBeGreaterThan(20)
  // One after the other: parallel cache misses beyond the encode queue would get a 503.
  for (const url of urls) {
    const response = await get(url, { headers: { Accept: '*/*' } })
    expect(response.status, url).toBe(200)
    await response.arrayBuffer()
  }
})

it('odd variants of an image get a 400, the original loads', async () => {
  const html = await (await get('/')).text()
  const hero = [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag).find((tag) => attribute(tag, 'fetchpriority') === 'high')
  const src = hero && attribute(hero, 'src')
  expect(src).toMatch(/^\/media\/[^?]+\?/)
  const file = src!.slice(0, src!.indexOf('?'))
  const odd = await Promise.all(Array.from({ length: 16 }, (_, index) => get(`${file}?w=1920&q=${40 + index}&fm=avif`)))
  expect(odd.map((response) => response.status)).toEqual(Array(16).fill(400))
  expect(await odd[0]!.text()).toBe('Diese Bildvariante gibt es nicht.')
  expect((await get(file)).status).toBe(200)
})
