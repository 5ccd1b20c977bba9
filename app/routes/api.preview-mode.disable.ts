import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { previewAvailable, previewCookie } from '#app/preview/preview.server.ts'
import { jsonError } from '#app/utils/http.server.ts'
import { sameSitePath } from '#app/utils/redirect-path.ts'

/**
 * Who may end a preview: the browser's own navigation (`Sec-Fetch-Site: same-origin` from the
 * preview note's „Vorschau beenden“ link, `none` when typed or bookmarked). Another site's image,
 * script or link (`cross-site`, `same-site`) may not: the cookie is SameSite=None, so without this
 * any page could end a staff member's preview. Clients
 * without Fetch Metadata (curl, browsers before 2023) are let through: they cannot be made to call
 * it by another site.
 */
function ownNavigation(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site')
  return site === null || site === 'same-origin' || site === 'none'
}

/**
 * GET /api/preview-mode/disable[?redirect=/path]: leaves the preview (the preview note's link).
 * Clears the cookie and goes back to the page, which is then the published one again. From another
 * site: 403, the cookie stays.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context
  if (!previewAvailable(env)) return jsonError(404, 'Die Vorschau gibt es nur mit einem Sanity-Projekt und SANITY_VIEWER_TOKEN.')
  if (!ownNavigation(request)) return jsonError(403, 'Die Vorschau lässt sich nur über den Link „Vorschau beenden“ dieser Website beenden.')
  const target = sameSitePath(new URL(request.url).searchParams.get('redirect') ?? '/')
  return redirect(target, {
    headers: { 'Set-Cookie': await previewCookie(env).serialize('', { maxAge: 0 }), 'Cache-Control': 'private, no-store' },
  })
}
