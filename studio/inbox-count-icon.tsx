import { EnvelopeIcon, InboxIcon } from '@sanity/icons'
import { Badge } from '@sanity/ui'
import { useSyncExternalStore } from 'react'
import { type DocumentStore, useDocumentStore } from 'sanity'
import { countBadge, countDescription, countDocuments, INBOX_LISTEN_QUERY, INBOX_TYPES, NEW_INBOX_IDS_QUERY } from './inbox-count'

/*
 * The live number of new leads and messages, shown where a structure entry has its icon.
 *
 * Why an icon: a structure entry's title is a string, computed once when the structure is built.
 * A structure built from a listening query (an Observable) did count live, but left the inbox's
 * deep links and the lead mail's intent links unresolved until the query answered. An icon is a
 * React component the Studio renders inside the entry, so it can listen by itself while the
 * structure stays plain and resolves at once (decision 055).
 */

type CountSource = { subscribe: (onChange: () => void) => () => void; get: () => number | undefined }

/** One listener per Studio however many entries show the count (the root's Posteingang and its "Neu"). */
const sources = new WeakMap<DocumentStore, CountSource>()

function countSource(store: DocumentStore): CountSource {
  const existing = sources.get(store)
  if (existing) return existing
  let count: number | undefined
  let subscription: { unsubscribe: () => void } | undefined
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())
  const source: CountSource = {
    get: () => count,
    subscribe(onChange) {
      listeners.add(onChange)
      // Fetches, then fetches again after every change to a lead or message (throttled by the Studio).
      subscription ??= store
        .listenQuery(
          { fetch: NEW_INBOX_IDS_QUERY, listen: INBOX_LISTEN_QUERY },
          { types: INBOX_TYPES },
          // The list's perspective: drafts stand in for their published documents.
          { tag: 'inbox-new-count', apiVersion: '2025-02-19', perspective: 'drafts' },
        )
        .subscribe({
          next: (ids: unknown) => {
            count = countDocuments(ids)
            notify()
          },
          // No listener (offline): the entry keeps its plain icon; the next time it shows, it tries again.
          error: () => {
            count = undefined
            subscription = undefined
            notify()
          },
        })
      return () => {
        listeners.delete(onChange)
        if (listeners.size > 0) return
        subscription?.unsubscribe()
        subscription = undefined
        // Not kept while nobody listens: it would be stale when shown again.
        count = undefined
      }
    },
  }
  sources.set(store, source)
  return source
}

function useNewInboxCount(): number | undefined {
  const source = countSource(useDocumentStore())
  return useSyncExternalStore(source.subscribe, source.get)
}

function CountBadge({ count }: { count: number }) {
  return (
    <Badge tone={count > 0 ? 'primary' : 'default'} fontSize={1} padding={1} radius={2} title={countDescription(count)} data-testid="inbox-new-count">
      {countBadge(count)}
    </Badge>
  )
}

/** "Neu" in the Posteingang: the number of new ones (0 included: nothing waiting is news too), the inbox icon until it is known. */
export function NewInboxCountIcon() {
  const count = useNewInboxCount()
  return count === undefined ? <InboxIcon /> : <CountBadge count={count} />
}

/** The Posteingang in the Studio's first column: the number of new ones when there are any, else its envelope. */
export function InboxCountIcon() {
  const count = useNewInboxCount()
  return count ? <CountBadge count={count} /> : <EnvelopeIcon />
}
