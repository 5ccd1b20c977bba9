import { SECRET_TTL, schemaIdSingleton, schemaType, schemaTypeSingleton } from '@sanity/preview-url-secret/constants'

/*
 * The GROQ of the preview (docs/decisions/031): the Studio's or the share link's secret, and the
 * grant check. Both are read from real Sanity with the preview's own client, never the lake.
 */

/**
 * The grant check: the secret of the grant's document; null once it is deleted (or the share link
 * switched off). Plain strings, both, typed where they are read: their documents are
 * @sanity/preview-url-secret's, of no schema type of ours, so typegen would type them as null.
 */
export const GRANT_QUERY = `*[_id == $id][0].secret`

/**
 * The Studio's secret or the share link's, with what the grant needs: `_id` (the grant), and for a
 * Studio secret `_rev` and `usedAt` (one use). The same conditions as @sanity/preview-url-secret's
 * validatePreviewUrl (a Studio secret is valid for SECRET_TTL after it was written), whose answer
 * lacks the `_id`.
 */
export const PREVIEW_SECRET_QUERY = `{
  "private": *[_type == "${schemaType}" && secret == $secret && dateTime(_updatedAt) > dateTime(now()) - ${SECRET_TTL}][0]{_id, _rev, secret, usedAt},
  "public": *[_id == "${schemaIdSingleton}" && _type == "${schemaTypeSingleton}" && secret == $secret][0]{_id, secret}
}`
