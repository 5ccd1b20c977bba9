import { expect, test } from './playwright-utils'

/*
 * /media renders only the variants the site emits (docs/decisions/019): every image URL the pages
 * contain must load, and any other variant gets a 400 without being encoded.
 */

test('every /media URL the pages emit (src, srcset, preload) is served', async ({ page, request }) => {
  // Dozens of URLs, each encoded once on a cold cache (18 s on a busy 2-core machine).
  test.setTimeout(90_000)
  const urls = new Set<string>()
  for (const path of ['/', '/vehicles', '/vehicles/1', '/contact']) {
    await page.goto(path)
    const found = await page.evaluate(() => {
      const candidates = (srcset: string | null) => (srcset ?? '').split(',').map((candidate) => candidate.trim().split(' ')[0] ?? '')
      const images = [...document.querySelectorAll('img')].flatMap((img) => [img.getAttribute('src') ?? '', ...candidates(img.getAttribute('srcset'))])
      const preloads = [...document.querySelectorAll('link[rel="preload"][as="image"]')].flatMap((link) => [
        link.getAttribute('href') ?? '',
        ...candidates(link.getAttribute('imagesrcset')),
      ])
      return [...images, ...preloads]
    })
    for (const url of found) if (url.startsWith('/media/')) urls.add(url)
  }
  expect(urls.size).toBeGreaterThan(20)
  // One after the other: parallel cache misses beyond the encode queue would get a 503.
  for (const url of urls) {
    const response = await request.get(url, { headers: { Accept: '*/*' } })
    expect(response.status(), url).toBe(200)
  }
})

test('odd variants of an image get a 400, the original loads', async ({ page, request }) => {
  await page.goto('/')
  const src = await page.locator('img[fetchpriority="high"]').first().getAttribute('src')
  expect(src).toMatch(/^\/media\/[^?]+\?/)
  const file = src!.slice(0, src!.indexOf('?'))
  const odd = await Promise.all(Array.from({ length: 16 }, (_, index) => request.get(`${file}?w=1920&q=${40 + index}&fm=avif`)))
  expect(odd.map((response) => response.status())).toEqual(Array(16).fill(400))
  expect(await odd[0]!.text()).toBe('Diese Bildvariante gibt es nicht.')
  expect((await request.get(file)).status()).toBe(200)
})
