import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { previewAvailable, previewCookie } from '#app/preview/preview.server.ts'
import { jsonError } from '#app/utils/http.server.ts'
import { sameSitePath } from '#app/utils/redirect-path.ts'

/**
 * GET /api/preview-mode/disable[?redirect=/path]: leaves the preview (the Studio calls it when the
 * Presentation tool closes; the preview banner links to it). Clears the cookie and goes back to the
 * page, which is then the published one again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context
  if (!previewAvailable(env)) return jsonError(404, 'Die Vorschau gibt es nur mit einem Sanity-Projekt und SANITY_VIEWER_TOKEN.')
  const target = sameSitePath(new URL(request.url).searchParams.get('redirect') ?? '/')
  return redirect(target, {
    headers: { 'Set-Cookie': await previewCookie(env).serialize('', { maxAge: 0 }), 'Cache-Control': 'private, no-store' },
  })
}
