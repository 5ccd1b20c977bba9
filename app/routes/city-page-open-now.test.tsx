// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { SiteFooter } from '#app/components/site-footer.tsx'
import { SITE_SETTINGS_QUERY } from '#app/sanity/queries/site.ts'
import { type SITE_SETTINGS_QUERYResult } from '#app/sanity/types.ts'
import { siteSettingsForPages } from '#app/utils/site-settings.server.ts'
import { useSiteSettings } from '#app/utils/site-settings.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import ContentPageRoute, { loader } from './$'

/*
 * Issue 36: one truth about opening on a city page. The seed's city reading (Mo–Sa 08–20) used to
 * drive the call banner's „Heute geöffnet bis 20:00 Uhr“ while the footer said „Jetzt geschlossen“
 * from the yard's hours. The real loaders over the seed lake, rendered in the browser at a fixed
 * instant: every live statement on the page must be the same one (docs/decisions/068).
 */

function Shell() {
  const settings = useSiteSettings()
  return (
    <>
      <main>
        <Outlet />
      </main>
      <SiteFooter settings={settings} />
    </>
  )
}

async function renderCityPage(test: TestLake, path: string, now: Date) {
  const context = { lake: test.lake, env: test.env }
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: async () => ({ settings: siteSettingsForPages((await test.lake.fetch<SITE_SETTINGS_QUERYResult>(SITE_SETTINGS_QUERY))!, now) }),
        element: <Shell />,
        children: [
          {
            path: '*',
            loader: async ({ request, params }) => ((await loader({ request, params, context })) as unknown as { data: unknown }).data,
            element: <ContentPageRoute />,
          },
        ],
      },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  await screen.findByRole('heading', { level: 1 })
}

/** Every „open now“ on the page, by where it stands. */
function liveStatements() {
  return screen.getAllByTestId('open-now').map((element) => ({
    where: element.closest('footer') ? 'footer' : (element.closest('section')?.id ?? '?'),
    text: element.textContent,
  }))
}

describe.each(BACKENDS)('a city page on the %s lake', (backend) => {
  let lake: TestLake
  beforeAll(async () => {
    lake = await openTestLake(backend)
  })
  afterAll(() => lake.close())
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  test('Monday 19:00 in Dortmund: the banner, the contact card and the footer all say the yard is closed; the city reading is the phone hours', async () => {
    // Only the clock is faked (Monday 30 November 2026, 19:00 in Berlin); the router's timers run.
    const now = new Date('2026-11-30T18:00:00Z')
    vi.useFakeTimers({ toFake: ['Date'], now })
    await renderCityPage(lake, '/locations/dortmund', now)

    const statements = liveStatements()
    // The call banner, the contact section and the footer.
    expect(statements.length).toBeGreaterThanOrEqual(3)
    expect(statements.map((statement) => statement.where)).toContain('footer')
    for (const statement of statements) expect(statement, statement.where).toMatchObject({ text: 'Jetzt geschlossen – öffnet morgen um 09:00 Uhr' })

    // The city's Mo–Sa 08–20 is still on the page, as what it is.
    // The city's Mo–Sa 08–20 is still on the page (banner and contact card), labelled as what it is,
    // beside the yard's hours under „Öffnungszeiten“.
    const phoneHours = screen.getAllByText('Telefonisch erreichbar')
    expect(phoneHours.length).toBeGreaterThanOrEqual(2)
    for (const heading of phoneHours) expect(heading.parentElement!.textContent).toContain('Mo–Sa: 08:00–20:00 Uhr')
    for (const heading of screen.getAllByText('Öffnungszeiten')) {
      const group = heading.closest('div, li, footer')!
      expect(within(group as HTMLElement).getByText(/^Mo–Fr: 09:00–18:00 Uhr$/)).toBeTruthy()
      expect(group.textContent).not.toContain('08:00–20:00')
    }
    expect(document.body.textContent).not.toContain('Heute geöffnet')
  })

  test('Saturday 16:01, Sunday, a holiday and a special day: the page says one thing everywhere', async () => {
    const cases = [
      // Saturday after the yard's 16:00 (the city reading would still say „geöffnet bis 20:00“).
      { at: '2026-11-28T15:01:00Z', text: 'Jetzt geschlossen – öffnet Montag um 09:00 Uhr' },
      { at: '2026-11-29T11:00:00Z', text: 'Heute nach Vereinbarung – öffnet morgen um 09:00 Uhr' },
      // Tag der Deutschen Einheit 2026, a Saturday.
      { at: '2026-10-03T10:00:00Z', text: 'Heute geschlossen (Feiertag) – öffnet Montag um 09:00 Uhr' },
      // Silvester: the seed's special hours 09–14.
      { at: '2026-12-31T10:00:00Z', text: 'Heute geöffnet bis 14:00 Uhr (Silvester)' },
    ]
    for (const { at, text } of cases) {
      const now = new Date(at)
      vi.useFakeTimers({ toFake: ['Date'], now })
      await renderCityPage(lake, '/locations/bochum', now)
      const texts = new Set(liveStatements().map((statement) => statement.text))
      expect([...texts], at).toEqual([text])
      cleanup()
      vi.useRealTimers()
    }
  })
})
