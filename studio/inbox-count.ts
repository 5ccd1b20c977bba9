/*
 * What the Posteingang counts as new, shared by its "Neu" list (studio/structure.ts) and the live
 * count beside it (studio/inbox-count-icon.tsx), so that the number is the list's number of rows.
 */

/** The inbox's document types: written by the site's forms only. */
export const INBOX_TYPES = ['contactMessage', 'lead']

/** Leads and messages nobody has taken on yet (a missing status counts as new). */
export const NEW_INBOX_FILTER = '_type in $types && (!defined(status) || status == "neu")'

/**
 * The ids of the new ones, not `count(…)`: a document can come back twice (published and as a
 * draft, where the perspective does not merge them), and the list shows it once.
 */
export const NEW_INBOX_IDS_QUERY = `*[${NEW_INBOX_FILTER}]._id`

/**
 * What the count listens to: every change to the inbox, since one that stops being new ("Erledigt")
 * matches the filter above only before the change.
 */
export const INBOX_LISTEN_QUERY = '*[_type in $types]'

/** The document an id belongs to: a draft (`drafts.x`) or a release version (`versions.<release>.x`) is `x`. */
export function publishedIdOf(id: string): string {
  if (id.startsWith('drafts.')) return id.slice('drafts.'.length)
  if (id.startsWith('versions.')) return id.split('.').slice(2).join('.')
  return id
}

/** How many documents the ids name, each once; undefined for anything but a list of ids (no number rather than a wrong one). */
export function countDocuments(ids: unknown): number | undefined {
  if (!Array.isArray(ids) || !ids.every((id): id is string => typeof id === 'string')) return undefined
  return new Set(ids.map(publishedIdOf)).size
}

/** The count as it fits beside a list entry (the space of an icon). */
export function countBadge(count: number): string {
  return count > 99 ? '99+' : String(count)
}

/** The count in words, for the tooltip and screen readers. */
export function countDescription(count: number): string {
  return count === 1 ? '1 neuer Eingang' : `${count} neue Eingänge`
}
