import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { type LoaderFunctionArgs } from '@remix-run/node'
import { FilePhotoStore } from '#app/submissions/photo-store.server.ts'

/** Headers of a seller's photo: never kept by a cache, never indexed, never sniffed as anything but JPEG. */
export const PHOTO_HEADERS = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const

/**
 * A photo of a sell request on the embedded lake, for the link in the dealer's mail
 * (docs/decisions/041): its name is 256 random bits, so only who has the mail can ask for it.
 * Any other name, and every name on the Sanity backend (whose photos are Sanity assets), is 404.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const notFound = () => new Response('Nicht gefunden', { status: 404, headers: { ...PHOTO_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } })
  // The lake's own store: files only on the embedded lake.
  const store = context.lake.photos
  if (!(store instanceof FilePhotoStore)) return notFound()
  const file = store.fileOf(params.file ?? '')
  if (!file) return notFound()
  let size: number
  try {
    size = (await stat(file)).size
  } catch {
    return notFound()
  }
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>
  return new Response(body, { headers: { ...PHOTO_HEADERS, 'Content-Type': 'image/jpeg', 'Content-Length': String(size) } })
}
