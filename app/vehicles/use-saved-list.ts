import { useMemo, useSyncExternalStore } from 'react'
import { parseSavedIds, readSavedIds, savedListCookie } from '#app/vehicles/saved-list.ts'

/*
 * The Merkliste in the browser (decision 079): the cookie is its one store, read and written here
 * without a request, so the header's count and every „Merken“ button follow a change at once. The
 * server renders none of it (pages stay the same for everyone and cacheable); the count appears
 * once the scripts run.
 */

const CHANGE_EVENT = 'merkliste-change'

function subscribe(onChange: () => void) {
  // A change in this tab announces itself; one in another tab shows when this one is looked at again.
  window.addEventListener(CHANGE_EVENT, onChange)
  window.addEventListener('focus', onChange)
  document.addEventListener('visibilitychange', onChange)
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange)
    window.removeEventListener('focus', onChange)
    document.removeEventListener('visibilitychange', onChange)
  }
}

/** A string, so that an unchanged list is the same snapshot. */
const snapshot = () => readSavedIds(document.cookie).join('.')

/** The saved ids; null on the server and until hydration (nothing is shown for them then). */
export function useSavedIds(): string[] | null {
  const raw = useSyncExternalStore(subscribe, snapshot, () => null)
  return useMemo(() => (raw === null ? null : parseSavedIds(raw)), [raw])
}

/** Stores the list (the same cookie the /merkliste action sets) and tells every reader. */
export function writeSavedIds(ids: readonly string[]) {
  document.cookie = savedListCookie(ids, { secure: window.location.protocol === 'https:' })
  window.dispatchEvent(new Event(CHANGE_EVENT))
}

/** Tells every reader to read the cookie again (after the server set it, on /merkliste). */
export function announceSavedIds() {
  window.dispatchEvent(new Event(CHANGE_EVENT))
}
