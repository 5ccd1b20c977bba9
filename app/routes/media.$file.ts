import { type LoaderFunctionArgs } from '@remix-run/node'
import { mediaResponse } from '#app/sanity/media.server.ts'

/**
 * Images of the embedded content lake (`/media/<sha1>-<W>x<H>.<ext>?w=…&q=…&auto=format`),
 * resized like Sanity's image CDN. With the Sanity backend, images come from cdn.sanity.io and this answers 404.
 */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return mediaResponse(context.lake, params.file ?? '', request)
}
