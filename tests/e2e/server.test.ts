import { spawn } from 'node:child_process'
import { SANITY_BACKED_PORT } from '../../playwright.config'
import { expect, test } from './playwright-utils'

test('with a Sanity project the built Studio is served at /studio and never indexed (tests/e2e/studio.test.ts opens its deep links)', async ({ request }) => {
  for (const path of ['/studio', '/studio/structure/vehicles;vehicles-all']) {
    const response = await request.get(`http://localhost:${SANITY_BACKED_PORT}${path}`)
    expect(response.status(), path).toBe(200)
    expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow')
    expect(await response.text()).toContain('<div id="sanity">')
  }
})

test('on the embedded lake /studio is the page on connecting a Sanity project, not the Studio', async ({ request }) => {
  for (const path of ['/studio', '/studio/structure/vehicles;vehicles-all']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow')
    const html = await response.text()
    expect(html).toContain('<h1>Das Studio braucht ein Sanity-Projekt</h1>')
    expect(html).not.toContain('<div id="sanity">')
  }
})

test('a half-configured Sanity stops the server with a message naming the variable', async () => {
  const child = spawn('node', ['server.mjs'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: '3299', SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: '', SANITY_WRITE_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  expect(code).toBe(1)
  expect(output).toContain('SANITY_DATASET fehlt')
  expect(output).toContain('SANITY_WRITE_TOKEN fehlt')
  expect(output).not.toContain('Bereit')
})
