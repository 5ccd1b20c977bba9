import { HtmlValidate } from 'html-validate'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { clientOf, startSite, type TestSite } from './site'
import { SAVED_LIST_COOKIE } from '#app/vehicles/saved-list.ts'

/*
 * Every page is valid HTML, as a browser receives it (streamed, with the late segments React sends
 * after the shell): html-validate's recommended rules over every page of the sitemap, the not-found
 * pages and the forms' confirmations. The rules turned off below are style or deliberate; each says why.
 * Moved from tests/e2e/html-valid.test.ts: the production build in this process, with the lead
 * forms' test page on (FORMS_PAGE, as the e2e servers had it).
 */
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // React writes attributes as it names them (charSet, maxLength, autoComplete): HTML attribute names are case-insensitive.
    'attr-case': 'off',
    // React closes void elements (<meta/>) and writes boolean attributes as required="": both valid HTML, only a style.
    'void-style': 'off',
    'attribute-boolean-style': 'off',
    // React's streaming markers (<template id="B:0">, <div hidden id="S:0">): any id without spaces is valid HTML.
    'valid-id': 'off',
    // The desktop bar and the phone menu are both "Hauptnavigation"; only one is ever shown (the other is display: none).
    'unique-landmark': 'off',
    // Lists named for screen readers (aria-label on <ul>, e.g. a car's "Ausstattung"): allowed by ARIA in HTML.
    'aria-label-misuse': 'off',
    // The price tables write their roles out on purpose: display: block on phones takes table semantics away in some browsers.
    'no-redundant-role': 'off',
    // Vehicle titles come from the marketplace (make, model, variant, date, price); search engines shorten them themselves.
    'long-title': 'off',
    // Spec §2 and §4: the not-found page redirects after 10 s; WCAG 2.2.1 is met by its stop link and button.
    'meta-refresh': 'off',
    // Typography, not validity: phone numbers with normal spaces in link text (a follow-up may write them with U+00A0).
    'tel-non-breaking': 'off',
    // Checkboxes of one name are one list of values (the Merkliste's „Vergleichen“ boxes send `ids=1&ids=4`), as HTML intends.
    'form-dup-name': ['error', { shared: ['radio', 'button', 'reset', 'submit', 'checkbox'] }],
  },
})

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36'

/** Besides the sitemap: the not-found pages, what a visitor sees after sending a form (without JavaScript), the Merkliste. */
const EXTRA = [
  '/gibt-es-nicht',
  '/gibt-es-nicht?weiterleitung=aus',
  // A form sent from a page deleted meanwhile: its confirmation on the not-found page.
  '/gibt-es-nicht?nachricht=gesendet',
  '/vehicles/999999',
  '/?nachricht=gesendet',
  '/contact?nachricht=gesendet',
  '/formulare?anfrage=gesendet&formular=bewertung-uedem',
  '/vehicles?search=golf',
  // The Merkliste (issue 38): a shared list with a gone car, and the comparison.
  '/merkliste?ids=1,10,gone-1',
  '/merkliste/vergleich?ids=1,10,7',
  // The visitor's own filled list, with its share link (validators review 2026-11-29, 3).
  { path: '/merkliste', cookie: `${SAVED_LIST_COOKIE}=1.10` },
]

let site: TestSite

beforeAll(async () => {
  site = await startSite({ env: { FORMS_PAGE: 'true' } })
})
afterAll(() => site?.close())

it('every page of the sitemap, the not-found pages and the form confirmations are valid HTML', async () => {
  const get = clientOf(site)
  const sitemap = await (await get('/sitemap.xml')).text()
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
  expect(paths.length).toBeGreaterThan(40)
  const problems: string[] = []
  for (const entry of [...paths, ...EXTRA]) {
    const { path, cookie } = typeof entry === 'string' ? { path: entry, cookie: undefined } : entry
    const response = await get(path, { headers: { 'User-Agent': BROWSER, ...(cookie ? { Cookie: cookie } : {}) } })
    const html = await response.text()
    expect(html.trimEnd().endsWith('</html>'), `${path}: the document ends with </html>`).toBe(true)
    const report = await validator.validateString(html)
    for (const message of report.results.flatMap((result) => result.messages)) {
      problems.push(`${path}: ${message.ruleId} ${message.message} …${html.slice(Math.max(0, message.offset - 60), message.offset + 60)}…`)
    }
  }
  expect(problems).toEqual([])
})
