/**
 * The sell flow on a throttled phone (issue 26): the time from tapping „VERKAUFSANFRAGE SENDEN“
 * with two phone-sized photos to the confirmation being visible and focused, and the taps from the
 * home page to a sent request (selling via the menu and via the hero, a test drive from a car on
 * the home page). A benchmark, not a test: the figures depend on the machine and its load.
 *
 * Conditions: the production build (`node server.mjs`, NODE_ENV=production, embedded lake in a
 * temporary DATA_DIR), Debian's Chromium, a 390 × 844 phone (Pixel 7 otherwise), the CPU slowed 4×
 * and Lighthouse's slow 4G applied through the DevTools protocol as Lighthouse's devtools
 * throttling does (its constants: 562.5 ms latency, 1,474.56 kbit/s down, 675 kbit/s up). Two
 * 4000 × 3000 JPEGs of 3–4 MB (one with a phone's EXIF and GPS), made with sharp; the page shrinks
 * them in the browser before the upload, as on a phone. A fresh browser context per run.
 *
 * Run: flock /tmp/heavy.lock npm run build:app, then npm run bench:sell
 * Options (env): BENCH_PORT (4101), BENCH_RUNS (5), CHROME_PATH (/usr/bin/chromium).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, devices, type Browser, type Page } from '@playwright/test'
import { throttling } from 'lighthouse/core/config/constants.js'
import sharp from 'sharp'

const PORT = Number(process.env.BENCH_PORT ?? 4101)
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const BASE = `http://localhost:${PORT}`
const ROOT = path.resolve(import.meta.dirname, '..')
const SLOW_4G = throttling.mobileSlow4G
const PHONE = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, locale: 'de-DE', timezoneId: 'Europe/Berlin' }

async function startServer(dataDir: string): Promise<ChildProcess> {
  if (
    await fetch(`${BASE}/healthz`).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`port ${PORT} is in use: set BENCH_PORT`)
  }
  const child = spawn(process.execPath, [path.join(ROOT, 'server.mjs')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), DATA_DIR: dataDir, SITE_URL: BASE, SUBMISSION_RATE_LIMIT: '1000', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`server.mjs stopped (${child.exitCode})`)
    const ready = await fetch(`${BASE}/readyz`).then(
      (reply) => reply.ok,
      () => false,
    )
    if (ready) return child
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  child.kill()
  throw new Error('server.mjs did not become ready within 120 s')
}

/** A 4000 × 3000 JPEG like a phone's (a gradient with sensor-like noise), `amplitude` sets its size (~3.3 MB at 24). */
async function phonePhoto(amplitude: number, seed: number, gps: boolean): Promise<Buffer> {
  const width = 4000
  const height = 3000
  const raw = Buffer.alloc(width * height * 3)
  let state = seed
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) & 0x7fffffff
      const noise = ((state >> 16) % amplitude) - amplitude / 2
      const index = (y * width + x) * 3
      raw[index] = Math.max(0, Math.min(255, (x * 255) / width + noise))
      raw[index + 1] = Math.max(0, Math.min(255, (y * 255) / height + noise))
      raw[index + 2] = Math.max(0, Math.min(255, 128 + noise))
    }
  }
  const jpeg = sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 })
  if (!gps) return jpeg.toBuffer()
  return jpeg
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 29/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '7/1 0/1 0/1' },
    })
    .toBuffer()
}

/** A fresh phone context; throttled (CPU 4×, slow 4G) when asked. */
async function phonePage(browser: Browser, throttled: boolean) {
  const context = await browser.newContext(PHONE)
  const page = await context.newPage()
  if (throttled) {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    // As Lighthouse's devtools throttling sends them (core/lib/emulation.js): kbit/s → bytes/s.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_4G.requestLatencyMs,
      downloadThroughput: Math.floor((SLOW_4G.downloadThroughputKbps * 1024) / 8),
      uploadThroughput: Math.floor((SLOW_4G.uploadThroughputKbps * 1024) / 8),
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdownMultiplier })
  }
  return { context, page }
}

/** Records in the page the tap on the send button and the frame after the confirmation took focus (the page does not reload with JavaScript). */
function recordSend() {
  const bench: { tap?: number; shown?: number } = {}
  ;(window as unknown as { __sell: typeof bench }).__sell = bench
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('button[type="submit"]')) bench.tap ??= performance.now()
    },
    true,
  )
  document.addEventListener('focusin', (event) => {
    if (!(event.target instanceof HTMLElement) || event.target.id !== 'verkaufen-bestaetigung' || bench.shown !== undefined) return
    // Visible: painted in the next frame.
    requestAnimationFrame(() => setTimeout(() => (bench.shown ??= performance.now())))
  })
}

async function fillSellRequest(page: Page, name: string, photos: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  const control = (role: 'textbox' | 'spinbutton', label: string) => page.getByRole(role, { name: label, exact: true })
  await control('textbox', 'Marke').fill('VW')
  await control('textbox', 'Modell').fill('Golf 1.5 TSI')
  await control('spinbutton', 'Erstzulassung (Jahr)').fill('2017')
  await control('spinbutton', 'Kilometerstand (km)').fill('98000')
  await page.getByLabel('Fotos Ihres Fahrzeugs').setInputFiles(photos)
  await control('textbox', 'Name').fill(name)
  await control('textbox', 'Postleitzahl').fill('45326')
  await control('textbox', 'Telefon').fill('0201 123456')
}

/** One throttled run: milliseconds from the tap on „Senden“ to the confirmation, visible and focused. */
async function measureSend(browser: Browser, run: number, photos: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  const { context, page } = await phonePage(browser, true)
  try {
    await page.addInitScript(recordSend)
    await page.goto(`${BASE}/auto-verkaufen`, { timeout: 120_000 })
    // Hydrated (the scripted path shrinks the photos): React has attached its props to the form.
    await page.waitForFunction(
      () => {
        const form = document.querySelector('#verkaufen form')
        return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps'))
      },
      null,
      { timeout: 120_000 },
    )
    await fillSellRequest(page, `Bench Verkäufer ${run}`, photos)
    await page.getByRole('button', { name: 'VERKAUFSANFRAGE SENDEN' }).click()
    await page.locator('#verkaufen-bestaetigung').waitFor({ timeout: 300_000 })
    await page.waitForFunction(() => (window as unknown as { __sell: { shown?: number } }).__sell.shown !== undefined, null, { timeout: 60_000 })
    const { tap, shown } = await page.evaluate(() => (window as unknown as { __sell: { tap: number; shown: number } }).__sell)
    const focused = await page.evaluate(() => document.activeElement?.id)
    if (focused !== 'verkaufen-bestaetigung') throw new Error(`run ${run}: focus on ${focused}, not on the confirmation`)
    return shown - tap
  } finally {
    await context.close()
  }
}

/** Taps (clicks on links and buttons; typing and choosing in fields not counted) from the home page to a confirmation. */
async function countTaps(browser: Browser, journey: 'menu' | 'hero' | 'test drive'): Promise<number> {
  const { context, page } = await phonePage(browser, false)
  let taps = 0
  const tap = async (locator: ReturnType<Page['locator']>) => {
    await locator.click()
    taps++
  }
  try {
    await page.goto(`${BASE}/`)
    await page.waitForLoadState('networkidle')
    const name = `Bench Wege ${journey}`
    if (journey === 'test drive') {
      await tap(page.locator('#inventory a[href^="/vehicles/"]').first())
      await tap(page.getByRole('link', { name: 'Probefahrt vereinbaren' }))
      const form = page.locator('#probefahrt form')
      await form.getByLabel(/^Name/).fill(name)
      await form.getByLabel(/^Telefon/).fill('0171 2345678')
      const slot = form.getByLabel(/^Wunschtermin/)
      await slot.selectOption((await slot.locator('option').nth(1).getAttribute('value'))!)
      await tap(form.getByRole('button', { name: 'PROBEFAHRT ANFRAGEN' }))
      await page.locator('#probefahrt').getByText('Probefahrt angefragt!').first().waitFor()
      return taps
    }
    if (journey === 'menu') {
      await tap(page.getByRole('button', { name: 'Menü' }))
      await tap(page.locator('#mobile-menu').getByRole('link', { name: 'Auto verkaufen' }))
    } else {
      // Issue 36: the hero's seller button opens the sell request itself (it took a second tap before).
      await tap(page.getByRole('link', { name: 'FAHRZEUG BEWERTEN' }).first())
    }
    await page.waitForURL(/\/auto-verkaufen$/)
    await fillSellRequest(page, name, [])
    await tap(page.getByRole('button', { name: 'VERKAUFSANFRAGE SENDEN' }))
    await page.locator('#verkaufen-bestaetigung').waitFor()
    return taps
  } finally {
    await context.close()
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-sell-data-'))
let server: ChildProcess | undefined
let browser: Browser | undefined
try {
  server = await startServer(dataDir)
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
  const photos = [
    { name: 'IMG_4711.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(24, 1, true) },
    { name: 'IMG_4712.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(30, 2, false) },
  ]
  console.log(`photos: ${photos.map((photo) => `${(photo.buffer.length / 1e6).toFixed(2)} MB`).join(', ')} (4000 × 3000 JPEG, the first with GPS EXIF)`)

  const taps = {
    'sell via the menu': await countTaps(browser, 'menu'),
    'sell via the hero': await countTaps(browser, 'hero'),
    'test drive from a car on the home page': await countTaps(browser, 'test drive'),
  }
  for (const [journey, count] of Object.entries(taps)) console.log(`taps, ${journey}: ${count}`)

  const times: number[] = []
  for (let run = 1; run <= RUNS; run++) {
    const time = await measureSend(browser, run, photos)
    times.push(time)
    console.log(`run ${run}: ${seconds(time)} (load ${loadavg()[0]!.toFixed(2)})`)
  }
  const sorted = [...times].sort((a, b) => a - b)
  console.log(
    `tap on „Senden“ → confirmation visible and focused, CPU ${SLOW_4G.cpuSlowdownMultiplier}×, slow 4G: median ${seconds(sorted[Math.floor(sorted.length / 2)]!)} (${seconds(sorted[0]!)}–${seconds(sorted.at(-1)!)}), ${RUNS} runs`,
  )
} finally {
  await browser?.close()
  server?.kill()
  rmSync(dataDir, { recursive: true, force: true })
}
