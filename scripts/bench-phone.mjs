#!/usr/bin/env node
/**
 * How soon a phone on a slow line can use the page: the time from navigation to
 *  - the first contentful paint,
 *  - a working menu: a tap on the menu button opens the menu (tapped every 250 ms from the first paint),
 *  - a hydrated form: the contact form on /contact validates itself (React set `noValidate`),
 *  - a tap on a car in /vehicles (after hydration): when the navigation bar shows (the first frame it
 *    is drawn wider than 0), and when the car's page is there (its path and heading); ms since the tap.
 *
 * A benchmark, not a test: the figures depend on the machine. Profile: Pixel 7 viewport, slow 4G
 * (400 kbit/s both ways, 400 ms RTT) and the CPU slowed down 4×, through the DevTools protocol;
 * no cache, a fresh browser context per run.
 *
 *   node scripts/bench-phone.mjs [--url http://localhost:3000] [--runs 5]
 *
 * Start the production server first (npm run build:app && npm start). Prints medians (and the
 * range) per measure, and JSON with every run when --json is given.
 */
import { chromium, devices } from '@playwright/test'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`)
  return index === -1 ? fallback : args[index + 1]
}
const baseUrl = option('url', 'http://localhost:3000')
const runs = Number(option('runs', '5'))
const asJson = args.includes('--json')

const PROFILE = {
  latency: 400,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
  cpuSlowdown: 4,
}
const GIVE_UP_AFTER_MS = 60_000

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})

async function throttledPage() {
  const context = await browser.newContext({ ...devices['Pixel 7'], locale: 'de-DE' })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latency,
    downloadThroughput: PROFILE.downloadThroughput,
    uploadThroughput: PROFILE.uploadThroughput,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown })
  return { context, page, cdp }
}

/** A real touch (start and end) at a point of the page, as a finger taps. */
async function tap(cdp, { x, y }) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

/** Milliseconds since the navigation started, read in the page (performance.now() starts there). */
const pageNow = (page) => page.evaluate(() => performance.now())

const firstContentfulPaint = (page) => page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null)

/**
 * Recorded in the page from its first byte: the first paint, and the moment the menu first shows
 * (a popover's `toggle` event, or the `hidden` attribute leaving #mobile-menu in older builds).
 */
function recordInPage() {
  window.__bench = { fcp: null, menuOpened: null }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__bench.fcp ??= entry.startTime
  }).observe({ type: 'paint', buffered: true })
  const opened = () => (window.__bench.menuOpened ??= performance.now())
  document.addEventListener('toggle', (event) => event.target.id === 'mobile-menu' && event.newState === 'open' && opened(), true)
  new MutationObserver((records) => {
    for (const record of records) if (record.target.id === 'mobile-menu' && !record.target.hidden) opened()
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['hidden'] })
}

/**
 * From the first paint on (before it there is nothing to see or tap), a real touch on the menu
 * button every 250 ms, as an impatient visitor would, until one of them opens the menu. The
 * figure is when the menu showed, measured in the page, so a busy main thread counts as it does
 * for the visitor, and the polling here does not.
 */
async function timeToWorkingMenu() {
  const { context, page, cdp } = await throttledPage()
  await page.addInitScript(recordInPage)
  try {
    await page.goto(`${baseUrl}/`, { waitUntil: 'commit' })
    await page.waitForFunction(() => window.__bench?.fcp != null, undefined, { timeout: GIVE_UP_AFTER_MS, polling: 50 })
    const box = await page.evaluate(() => {
      const rect = document.querySelector('[aria-controls="mobile-menu"]').getBoundingClientRect()
      return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }
    })
    const started = Date.now()
    while (Date.now() - started < GIVE_UP_AFTER_MS) {
      await tap(cdp, box)
      const { menuOpened, fcp } = await page.evaluate(() => window.__bench)
      if (menuOpened !== null) return { menu: Math.round(menuOpened), fcp }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    return { menu: null, fcp: await firstContentfulPaint(page) }
  } finally {
    await context.close()
  }
}

async function timeToHydratedForm() {
  const { context, page } = await throttledPage()
  try {
    await page.goto(`${baseUrl}/contact`, { waitUntil: 'commit' })
    // The contact form turns its native validation off once React has hydrated it.
    await page.waitForFunction(() => document.querySelector('main form[method="post"]')?.noValidate === true, undefined, {
      timeout: GIVE_UP_AFTER_MS,
      polling: 25,
    })
    return { form: Math.round(await pageNow(page)), fcp: await firstContentfulPaint(page) }
  } finally {
    await context.close()
  }
}

/**
 * A tap on the first car of /vehicles once the page is hydrated (a client navigation, as nearly every
 * tap on the site is), timed in the page by animation frames from the tap.
 */
async function timeToCarPage() {
  const { context, page, cdp } = await throttledPage()
  try {
    await page.goto(`${baseUrl}/vehicles`, { waitUntil: 'commit' })
    await page.waitForFunction(() => '__remixRouter' in window, undefined, { timeout: GIVE_UP_AFTER_MS, polling: 50 })
    await page.waitForLoadState('networkidle', { timeout: GIVE_UP_AFTER_MS })
    const target = await page.evaluate(() => {
      const link = document.querySelector('main a[href^="/vehicles/"]')
      link.scrollIntoView({ block: 'center' })
      const rect = link.getBoundingClientRect()
      return { href: link.getAttribute('href'), x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }
    })
    await page.evaluate((href) => {
      window.__tap = { at: performance.now(), bar: null, page: null }
      const frame = () => {
        const now = performance.now() - window.__tap.at
        const bar = document.querySelector('[data-navigation-progress]')
        if (window.__tap.bar === null && bar && bar.getBoundingClientRect().width > 0) window.__tap.bar = Math.round(now)
        if (location.pathname === href && document.querySelector('h1')) window.__tap.page = Math.round(now)
        else requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    }, target.href)
    await tap(cdp, target)
    await page.waitForFunction(() => window.__tap.page !== null, undefined, { timeout: GIVE_UP_AFTER_MS, polling: 50 })
    return await page.evaluate(() => ({ bar: window.__tap.bar, page: window.__tap.page }))
  } finally {
    await context.close()
  }
}

const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b)
  if (sorted.length === 0) return null
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2)
}

const results = []
for (let run = 0; run < runs; run++) {
  const menu = await timeToWorkingMenu()
  const form = await timeToHydratedForm()
  const car = await timeToCarPage()
  results.push({
    homeFcp: menu.fcp && Math.round(menu.fcp),
    menu: menu.menu,
    contactFcp: form.fcp && Math.round(form.fcp),
    form: form.form,
    tapBar: car.bar,
    tapPage: car.page,
  })
  if (!asJson) console.error(`run ${run + 1}/${runs}:`, JSON.stringify(results.at(-1)))
}
await browser.close()

const summary = Object.fromEntries(
  ['homeFcp', 'menu', 'contactFcp', 'form', 'tapBar', 'tapPage'].map((key) => {
    const values = results.map((r) => r[key]).filter((v) => v !== null)
    return [key, { median: median(values), min: Math.min(...values), max: Math.max(...values) }]
  }),
)
if (asJson) console.log(JSON.stringify({ baseUrl, profile: PROFILE, runs: results, summary }, null, 2))
else {
  console.log(`${baseUrl}, ${runs} runs, slow 4G (400 kbit/s, 400 ms RTT), CPU 4× slower; ms since navigation start (a tap: since the tap), median (min–max)`)
  const labels = {
    homeFcp: 'FCP /',
    menu: 'menu opens on tap (/)',
    contactFcp: 'FCP /contact',
    form: 'contact form hydrated',
    tapBar: 'tap on a car: bar shows',
    tapPage: 'tap on a car: its page',
  }
  for (const [key, { median: m, min, max }] of Object.entries(summary)) {
    // `tapBar` is never seen in a build without the bar.
    console.log(`  ${labels[key].padEnd(24)} ${m === null ? 'never' : `${m} (${min}–${max})`}`)
  }
}
