import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3210)
/** The same production build configured for the real content lake, talking to a local fake of Sanity's API. */
export const SANITY_BACKED_PORT = port + 1
export const FAKE_SANITY_PORT = port + 2
/**
 * REVALIDATE_SECRET of the Sanity-backed server; the fake Sanity signs its webhooks with it, so
 * content edited there shows on that server at once (tests/mocks/sanity-server.ts).
 */
export const E2E_REVALIDATE_SECRET = 'e2e-revalidate-secret-0123456789'
// A fresh data folder per run, shared with the test workers (they inherit the environment)
// so tests can check what the server stored; removed after a run that passed (data-dir-reporter.ts).
const dataDirMadeForThisRun = process.env.E2E_DATA_DIR === undefined
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'dealer-e2e-'))

/** Debian's Chromium; a downloaded browser is never used. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.test.ts',
  // Room for a loaded 2-core CI machine (three servers, two browsers): a correct test never waits
  // this long, and a timing is never what a test gates. Accessibility is one sweep
  // (tests/e2e/accessibility.test.ts), not a scan after every test (issue 40).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [
    ['list'],
    ['json', { outputFile: 'reports/e2e.json' }],
    ['./tests/e2e/data-dir-reporter.ts', { dataDir: process.env.E2E_DATA_DIR, madeForThisRun: dataDirMadeForThisRun }],
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
  },
  // Untagged tests run on the desktop project only, tests tagged `@phone` (what exists on phones
  // alone: the menu, the count bar, widths, tap targets) on the phone project only, and `@both` (a
  // journey whose layout differs on a phone) on both. Chosen by tag, never by a skip at run time (issue 40).
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } }, grepInvert: /@phone\b/ },
    { name: 'phone', use: { ...devices['Pixel 7'] }, grep: /@phone\b|@both\b/ },
  ],
  webServer: [
    {
      command: 'node server.mjs',
      url: `http://localhost:${port}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        SITE_URL: `http://localhost:${port}`,
        // Every test posts from 127.0.0.1; tests/http/rate-limit.test.ts checks the limit on a site of its own.
        SUBMISSION_RATE_LIMIT: '1000',
        // Both projects send their receipts to one server within the hour (the cap itself: notifier.server.test.ts).
        RECEIPTS_PER_HOUR: '10000',
        // The lead forms' test page (off in production otherwise).
        FORMS_PAGE: 'true',
      },
    },
    {
      command: 'node --import tsx tests/mocks/sanity-server.ts',
      url: `http://127.0.0.1:${FAKE_SANITY_PORT}/__requests`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        SANITY_MOCK_PORT: String(FAKE_SANITY_PORT),
        // Like a GROQ webhook on publish: every write here empties the Sanity-backed server's page cache.
        SANITY_MOCK_WEBHOOK_URL: `http://localhost:${SANITY_BACKED_PORT}/api/revalidate`,
        SANITY_MOCK_WEBHOOK_SECRET: E2E_REVALIDATE_SECRET,
      },
    },
    {
      command: 'node server.mjs',
      url: `http://localhost:${SANITY_BACKED_PORT}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(SANITY_BACKED_PORT),
        // Its notification mails (.eml, no SMTP) go beside the embedded server's data, not into the repo.
        DATA_DIR: path.join(process.env.E2E_DATA_DIR, 'sanity-backed'),
        SITE_URL: `http://localhost:${SANITY_BACKED_PORT}`,
        SUBMISSION_RATE_LIMIT: '1000',
        // Both projects send their receipts to one server within the hour (the cap itself: notifier.server.test.ts).
        RECEIPTS_PER_HOUR: '10000',
        FORMS_PAGE: 'true',
        SANITY_PROJECT_ID: 'e2e-project',
        SANITY_DATASET: 'production',
        SANITY_WRITE_TOKEN: 'e2e-write-token',
        SANITY_VIEWER_TOKEN: 'e2e-viewer-token',
        SANITY_API_HOST: `http://127.0.0.1:${FAKE_SANITY_PORT}`,
        REVALIDATE_SECRET: E2E_REVALIDATE_SECRET,
      },
    },
  ],
})
