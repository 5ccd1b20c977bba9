import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect, type HeadersFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { HeartIcon } from '#app/components/icons.tsx'
import { PageHeader } from '#app/components/sections/page-header.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { vehicleCardId } from '#app/components/vehicle-card.tsx'
import { type loader as rootLoader } from '#app/root.tsx'
import { vehicleName } from '#app/routes/vehicles.$id/vehicle-facts.ts'
import { dealerTitle } from '#app/utils/format.ts'
import { pageMeta } from '#app/utils/page-meta.ts'
import { redirectToPagePath, routeHeaders } from '#app/utils/http.server.ts'
import { sameSiteLocation } from '#app/utils/redirect-path.ts'
import {
  addSavedId,
  announceSavedIds,
  COMPARE_MAX,
  COMPARE_MIN,
  isPublicVehicleId,
  MAX_SAVED_VEHICLES,
  parseSavedIds,
  readSavedIds,
  removeSavedId,
  SAVED_LIST_PATH,
  savedCountLabel,
  savedListCookie,
} from '#app/vehicles/saved-list.ts'
import { readSavedVehicles } from '#app/vehicles/saved-vehicles.server.ts'
import { MonthlyRateNote } from '#app/components/monthly-rate-note.tsx'

import { SavedItem } from './saved-item'
import { AdoptForm, CompareForm, ShareAndClear } from './list-forms'

/*
 * /merkliste (issue 38 item 1): the visitor's saved cars from the Merkliste's cookie, each as the
 * lake holds it now; `?ids=…` shows a shared list instead (ids only, nothing personal). Personal, so
 * never cached (`private, no-store`) and never indexed. The action is the way in without JavaScript:
 * „Merken“ on a card posts here (decision 078).
 */

/** The page a „Merken“ post came from, as a same-site address (app/utils/redirect-path.ts), or null. */
function backTarget(value: string | null, card?: string): string | null {
  if (!value?.startsWith('/') || value.length > 500) return null
  const url = new URL(value, 'http://localhost')
  return sameSiteLocation(url.pathname, url.search.slice(1), card)
}

/** Never stored anywhere: the answer depends on the visitor's cookie. */
const PRIVATE = 'private, no-store'

export async function loader({ request, context }: LoaderFunctionArgs) {
  redirectToPagePath(request, SAVED_LIST_PATH)
  const url = new URL(request.url)
  const own = readSavedIds(request.headers.get('cookie'))
  const shared = url.searchParams.has('ids') ? parseSavedIds(url.searchParams.getAll('ids')) : null
  const ids = shared ?? own
  const entries = await readSavedVehicles(context.lake, ids)
  // After a post without JavaScript: what was just saved, and the page the visitor came from.
  const savedId = url.searchParams.get('gemerkt')
  const savedEntry = savedId ? entries.find((entry) => entry.id === savedId && entry.vehicle) : undefined
  // What was just removed: no longer on the list, so read by itself.
  const removedId = url.searchParams.get('entfernt')
  const removedEntry =
    removedId && isPublicVehicleId(removedId) && !ids.includes(removedId) ? (await readSavedVehicles(context.lake, [removedId]))[0] : undefined
  return data(
    {
      shared: shared !== null,
      entries,
      own,
      saved: savedEntry?.vehicle ? vehicleName(savedEntry.vehicle) : null,
      removed: removedEntry?.vehicle ? vehicleName(removedEntry.vehicle) : null,
      full: url.searchParams.get('voll') === '1',
      // Back to the list at the card just saved, not at its top.
      back: backTarget(url.searchParams.get('zurueck'), savedEntry ? vehicleCardId(savedEntry.id) : undefined),
    },
    { headers: { 'Cache-Control': PRIVATE } },
  )
}

/**
 * The Merkliste's form posts (without JavaScript; with it the buttons write the cookie themselves):
 * `add` (a card's or vehicle page's „Merken“), `remove`, `clear`, `adopt` (a shared list into one's
 * own). Answers 303 to /merkliste with the new cookie; junk changes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const value = (name: string) => {
    const entry = form.get(name)
    return typeof entry === 'string' ? entry : ''
  }
  const intent = value('intent')
  const id = value('id')
  let ids = readSavedIds(request.headers.get('cookie'))
  const target = new URLSearchParams()
  if (intent === 'add' && isPublicVehicleId(id)) {
    const outcome = addSavedId(ids, id)
    ids = outcome.ids
    if (outcome.full) target.set('voll', '1')
    else target.set('gemerkt', id)
    const back = backTarget(value('back'))
    if (back) target.set('zurueck', back)
  } else if (intent === 'remove' && isPublicVehicleId(id)) {
    ids = removeSavedId(ids, id)
    target.set('entfernt', id)
  } else if (intent === 'clear') {
    ids = []
  } else if (intent === 'adopt') {
    for (const shared of parseSavedIds(form.getAll('ids').filter((entry): entry is string => typeof entry === 'string'))) {
      const outcome = addSavedId(ids, shared)
      ids = outcome.ids
      if (outcome.full) target.set('voll', '1')
    }
  }
  const query = target.toString()
  return redirect(`${SAVED_LIST_PATH}${query ? `?${query}` : ''}`, {
    status: 303,
    headers: { 'Set-Cookie': savedListCookie(ids, { secure: context.env.SITE_URL.startsWith('https:') }), 'Cache-Control': 'no-store' },
  })
}

export const headers: HeadersFunction = (args) => routeHeaders(args, PRIVATE)

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data, matches }) => {
  const site = matches.find((match) => match.id === 'root')?.data
  const dealer = site?.settings.dealerName ?? ''
  return [
    ...pageMeta({
      site,
      title: dealerTitle(data?.shared ? 'Geteilte Merkliste' : 'Merkliste', dealer),
      description: `Gemerkte Fahrzeuge bei ${dealer || 'uns'} in Essen: aktueller Preis und Stand, teilen und bis zu drei Fahrzeuge vergleichen – ohne Konto.`,
      // A shared list is the Merkliste with other ids: one canonical address, and neither is indexed.
      path: SAVED_LIST_PATH,
      robots: 'noindex',
    }),
  ]
}

/** A removal sent with JavaScript: what to announce once the list has reloaded, and where the removed card stood. */
interface Removal {
  message: string
  /** The removed card's place in the list and its id; none for „Alle entfernen“. */
  index?: number
  id?: string
}

export default function SavedListPage() {
  const { shared, entries, own, saved, removed, full, back } = useLoaderData<typeof loader>()
  // The header's count and the „Merken“ buttons read the cookie the server just set.
  useEffect(() => announceSavedIds(), [own])
  const count = entries.length
  // The cars still offered: only they can be compared.
  const comparable = entries.filter((entry) => entry.vehicle).length
  /*
   * With JavaScript a removal reloads the list in place and the focused button goes with its card:
   * focus moves to the next card's „Entfernen“ (the last card's, or the heading when none is left)
   * and a live region says what happened.
   */
  const list = useRef<HTMLUListElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const removal = useRef<Removal | null>(null)
  const [announcement, setAnnouncement] = useState('')
  useEffect(() => {
    const done = removal.current
    // Only the list without the removed card(s) settles it: a reload that still shows them (one that
    // started before the removal was stored) would focus a button about to go, and the focus with it.
    if (!done || (done.id === undefined ? entries.length > 0 : entries.some((entry) => entry.id === done.id))) return
    removal.current = null
    const buttons = [...(list.current?.querySelectorAll<HTMLElement>('[data-remove]') ?? [])]
    const next = done.index === undefined ? undefined : buttons[Math.min(done.index, buttons.length - 1)]
    ;(next ?? heading.current)?.focus()
    setAnnouncement(done.message)
  }, [entries])
  const onRemove = (index: number, id: string, name: string) => {
    removal.current = { message: `${name} von der Merkliste entfernt.`, index, id }
  }
  return (
    <>
      <PageHeader
        compact
        title={shared ? 'Geteilte Merkliste' : 'Merkliste'}
        intro={
          shared
            ? 'Diese Fahrzeuge wurden mit Ihnen geteilt – mit aktuellem Preis und Stand.'
            : 'Ihre gemerkten Fahrzeuge mit aktuellem Preis und Stand. Die Liste bleibt in Ihrem Browser gespeichert, ganz ohne Konto.'
        }
      />
      <section aria-labelledby="merkliste-heading" className="bg-zinc-50 py-10 sm:py-14">
        <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
          {saved ? (
            <div role="status" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-5 text-zinc-900">
              <p className="font-bold">Gemerkt: {saved}</p>
              <p className="mt-1">
                <a href={back ?? '/vehicles'} className="font-semibold underline underline-offset-4">
                  {back ? 'Zurück, weitere Fahrzeuge merken' : 'Weitere Fahrzeuge ansehen'}
                </a>
              </p>
            </div>
          ) : null}
          {/* What went, for the eye. Not a live region: with JavaScript the one below says it (after the focus
              moved), and without it the new page is read from its top. */}
          {removed ? (
            <div className="mb-6 rounded-xl border border-zinc-300 bg-white p-5 text-zinc-900">
              <p className="font-bold">Entfernt: {removed}</p>
            </div>
          ) : null}
          {full ? (
            <div role="status" className="mb-6 rounded-xl border border-zinc-300 bg-white p-5 text-zinc-900">
              <p className="font-bold">Ihre Merkliste ist voll.</p>
              <p className="mt-1">Sie fasst höchstens {MAX_SAVED_VEHICLES} Fahrzeuge. Entfernen Sie eines, um ein neues zu merken.</p>
            </div>
          ) : null}
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
          <h2 id="merkliste-heading" ref={heading} tabIndex={-1} className="text-2xl text-zinc-950 normal-case focus:outline-none">
            {count === 0 ? 'Keine Fahrzeuge gemerkt' : `${savedCountLabel(count)} ${shared ? 'geteilt' : 'gemerkt'}`}
          </h2>
          {count === 0 ? (
            <EmptyList shared={shared} />
          ) : (
            <>
              <ul ref={list} className="mt-6 space-y-4">
                {entries.map((entry, index) => (
                  <SavedItem
                    key={entry.id}
                    entry={entry}
                    onRemove={shared ? undefined : (name) => onRemove(index, entry.id, name)}
                    compareChecked={comparable >= COMPARE_MIN ? index < COMPARE_MAX : undefined}
                    photoPriority={index === 0}
                  />
                ))}
              </ul>
              <CompareForm count={comparable} />
              <MonthlyRateNote />
              {shared ? (
                <AdoptForm ids={entries.map((entry) => entry.id)} hasOwn={own.length > 0} />
              ) : (
                // The link shares the cars still offered; a vanished id means nothing to the receiver.
                <ShareAndClear
                  ids={entries.flatMap((entry) => (entry.vehicle ? [entry.id] : []))}
                  onClear={() => (removal.current = { message: 'Merkliste geleert.' })}
                />
              )}
            </>
          )}
        </div>
      </section>
    </>
  )
}

function EmptyList({ shared }: { shared: boolean }) {
  return (
    <div className="mt-6 rounded-xl border border-dashed border-zinc-400 bg-white p-8 text-center">
      <HeartIcon className="mx-auto size-10 text-amber-700" />
      <p className="mt-4 text-lg font-semibold text-zinc-950">{shared ? 'In diesem Link steht kein Fahrzeug.' : 'Ihre Merkliste ist leer.'}</p>
      <p className="mt-2 text-zinc-700">Wählen Sie bei einem Fahrzeug „Merken“, um es hier zu sammeln und später zu vergleichen.</p>
      <Link to="/vehicles" className={buttonClasses({ variant: 'dark', size: 'md', className: 'mt-6' })}>
        FAHRZEUGE ANSEHEN
      </Link>
    </div>
  )
}
