// @vitest-environment jsdom
import { type AppLoadContext } from '@remix-run/node'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { SITE_SETTINGS_QUERY } from '#app/sanity/queries/site.ts'
import { type SITE_SETTINGS_QUERYResult } from '#app/sanity/types.ts'
import { siteSettingsForPages } from '#app/utils/site-settings.server.ts'
import { openTestLake, type TestLake } from '#tests/lake-backends.ts'
import SavedListPage, { action, loader } from './route'

/*
 * „Entfernen“ and „Alle entfernen“ with JavaScript: the list reloads in place and the pressed button
 * is gone with its card. Focus must land on something that is still there, and a live region says
 * what happened. The real loader and action over the seed lake; the browser's cookie jar is a variable.
 */

let lake: TestLake
beforeAll(async () => {
  lake = await openTestLake('embedded')
})
afterAll(() => lake.close())
afterEach(cleanup)

async function renderList(ids: string[]) {
  const context = { lake: lake.lake, env: lake.env } as unknown as AppLoadContext
  let cookie = `merkliste=${ids.join('.')}`
  const withCookie = (request: Request) => {
    const headers = new Headers(request.headers)
    headers.set('cookie', cookie)
    return new Request(request, { headers })
  }
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: async () => ({
          settings: siteSettingsForPages((await lake.lake.fetch<SITE_SETTINGS_QUERYResult>(SITE_SETTINGS_QUERY))!, new Date()),
          siteUrl: 'http://localhost',
        }),
        children: [
          {
            path: 'merkliste',
            loader: async ({ request }) => ((await loader({ request: withCookie(request), params: {}, context })) as unknown as { data: unknown }).data,
            action: async ({ request }) => {
              const response = (await action({ request: withCookie(request), params: {}, context })) as Response
              cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!
              return response
            },
            element: <SavedListPage />,
          },
          // Where „AUSGEWÄHLTE VERGLEICHEN“ leads: the address is what the tests read.
          { path: 'merkliste/vergleich', element: <ComparedIds /> },
        ],
      },
    ],
    { initialEntries: ['/merkliste'] },
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  await screen.findByRole('heading', { level: 2, name: `${ids.length} Fahrzeuge gemerkt` })
  return router
}

function ComparedIds() {
  return <h1>Vergleich {new URLSearchParams(useLocation().search).getAll('ids').join(',')}</h1>
}

const liveRegion = () => document.querySelector('[aria-live="polite"]')!
const removeButton = (name: string) => screen.getByRole('button', { name: `Entfernen: ${name}` })

describe('/merkliste with JavaScript: removing keeps the focus on the page and says so', () => {
  test('„Entfernen“: focus on the next card’s „Entfernen“, or the last one’s after the last card; announced politely', async () => {
    const router = await renderList(['1', '3', '5'])
    expect(liveRegion().textContent).toBe('')
    // The announcement is the render after the focus moved: both are awaited, not assumed in one step.

    removeButton('BMW 320d Touring').focus()
    fireEvent.click(removeButton('BMW 320d Touring'))
    await screen.findByRole('heading', { level: 2, name: '2 Fahrzeuge gemerkt' })
    await waitFor(() => expect(document.activeElement).toBe(removeButton('Audi A4 Avant 40 TDI')))
    await waitFor(() => expect(liveRegion().textContent).toBe('BMW 320d Touring von der Merkliste entfernt.'))
    // Shown as well, and said once: the line that names it is no live region.
    const shown = await screen.findByText('Entfernt: BMW 320d Touring')
    expect(shown.closest('[aria-live], [role="status"], [role="alert"]')).toBeNull()
    // In place of the list's history entry: Back leaves the Merkliste rather than stepping through the removals (QA walk 12-04).
    expect(router.state.historyAction).toBe('REPLACE')

    fireEvent.click(removeButton('VW Golf 1.5 TSI Life'))
    await screen.findByRole('heading', { level: 2, name: '1 Fahrzeug gemerkt' })
    await waitFor(() => expect(document.activeElement).toBe(removeButton('Audi A4 Avant 40 TDI')))
    await waitFor(() => expect(liveRegion().textContent).toBe('VW Golf 1.5 TSI Life von der Merkliste entfernt.'))

    fireEvent.click(removeButton('Audi A4 Avant 40 TDI'))
    const empty = await screen.findByRole('heading', { level: 2, name: 'Keine Fahrzeuge gemerkt' })
    await waitFor(() => expect(document.activeElement).toBe(empty))
    await waitFor(() => expect(liveRegion().textContent).toBe('Audi A4 Avant 40 TDI von der Merkliste entfernt.'))
  })

  test('„Alle entfernen“: focus on the empty list’s heading, „Merkliste geleert.“ announced', async () => {
    await renderList(['1', '3'])
    fireEvent.click(screen.getByRole('button', { name: 'ALLE ENTFERNEN' }))
    const empty = await screen.findByRole('heading', { level: 2, name: 'Keine Fahrzeuge gemerkt' })
    await waitFor(() => expect(document.activeElement).toBe(empty))
    expect(within(empty.parentElement!).getByText('Ihre Merkliste ist leer.')).toBeTruthy()
    await waitFor(() => expect(liveRegion().textContent).toBe('Merkliste geleert.'))
  })
})

describe('/merkliste: „AUSGEWÄHLTE VERGLEICHEN“ with JavaScript', () => {
  test('one or four ticked: said at the button, in a status line, and the list stays; two lead to the comparison', async () => {
    await renderList(['1', '3', '5', '7'])
    const compare = screen.getByRole('button', { name: 'AUSGEWÄHLTE VERGLEICHEN' })
    const box = (name: string) => screen.getByRole('checkbox', { name: `Vergleichen: ${name}` })
    const hint = within(compare.closest('form')!).getByRole('status')
    expect(hint.textContent).toBe('Wählen Sie zwei oder drei Fahrzeuge.')

    fireEvent.click(box('Audi A4 Avant 40 TDI'))
    fireEvent.click(box('VW Golf 1.5 TSI Life'))
    fireEvent.click(compare)
    await waitFor(() => expect(hint.textContent).toBe('Bitte wählen Sie zwei oder drei Fahrzeuge – ausgewählt ist 1.'))
    expect(screen.getByRole('heading', { level: 2, name: '4 Fahrzeuge gemerkt' })).toBeTruthy()

    for (const name of ['Audi A4 Avant 40 TDI', 'VW Golf 1.5 TSI Life', 'Toyota Corolla Touring Sports 1.8 Hybrid']) fireEvent.click(box(name))
    fireEvent.click(compare)
    await waitFor(() => expect(hint.textContent).toBe('Bitte wählen Sie zwei oder drei Fahrzeuge – ausgewählt sind 4.'))
    // Pressed again with the same four: the same words, put into the live region anew, which is what a screen reader reads out.
    const added: string[] = []
    const observer = new MutationObserver((records) => records.forEach((record) => record.addedNodes.forEach((node) => added.push(node.textContent ?? ''))))
    observer.observe(hint, { childList: true, subtree: true, characterData: true })
    fireEvent.click(compare)
    await waitFor(() => expect(added).toEqual(['Bitte wählen Sie zwei oder drei Fahrzeuge – ausgewählt sind 4.']))
    observer.disconnect()

    for (const name of ['Audi A4 Avant 40 TDI', 'Toyota Corolla Touring Sports 1.8 Hybrid']) fireEvent.click(box(name))
    fireEvent.click(compare)
    expect(await screen.findByRole('heading', { level: 1, name: 'Vergleich 1,5' })).toBeTruthy()
  })

  test('one car left: no „Vergleichen“ box to tick, no button, and the way to a comparison said (QA walk 12-04)', async () => {
    await renderList(['1', '3'])
    expect(screen.getAllByRole('checkbox', { name: /^Vergleichen: / })).toHaveLength(2)
    fireEvent.click(removeButton('BMW 320d Touring'))
    await screen.findByRole('heading', { level: 2, name: '1 Fahrzeug gemerkt' })
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(screen.queryByRole('button', { name: 'AUSGEWÄHLTE VERGLEICHEN' })).toBeNull()
    expect(screen.getByText('Merken Sie ein weiteres Fahrzeug, um es mit diesem zu vergleichen.')).toBeTruthy()
  })
})

describe('/merkliste: the share link', () => {
  test('„LINK KOPIEREN“ copies the link and says so in a status line a screen reader reads (the button’s new name it would not)', async () => {
    const copied: string[] = []
    // The browser's clipboard, which jsdom lacks.
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } })
    try {
      await renderList(['1', '3'])
      fireEvent.click(await screen.findByRole('button', { name: 'LINK KOPIEREN' }))
      await waitFor(() => expect(screen.getByRole('button', { name: 'KOPIERT' })).toBeTruthy())
      expect(copied).toEqual(['http://localhost/merkliste?ids=1,3'])
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Link kopiert')

      // A car removed: the list's link changes, and „KOPIERT“ would say the clipboard holds it.
      fireEvent.click(removeButton('BMW 320d Touring'))
      await screen.findByRole('heading', { level: 2, name: '1 Fahrzeug gemerkt' })
      expect((screen.getByRole('textbox', { name: 'Link zur Merkliste' }) as HTMLInputElement).value).toBe('http://localhost/merkliste?ids=3')
      await waitFor(() => expect(screen.getByRole('button', { name: 'LINK KOPIEREN' })).toBeTruthy())
      expect(screen.getAllByRole('status').map((status) => status.textContent)).not.toContain('Link kopiert')
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard')
    }
  })
})

describe('/merkliste: the photos', () => {
  test('the first saved car’s photo loads at once and first (the largest image of a phone’s first screen); the others lazily', async () => {
    await renderList(['1', '3', '5'])
    const photos = screen.getAllByTestId('saved-vehicle').map((item) => item.querySelector('img')!)
    expect(photos.map((photo) => [photo.getAttribute('loading'), photo.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['lazy', null],
      ['lazy', null],
    ])
  })
})
