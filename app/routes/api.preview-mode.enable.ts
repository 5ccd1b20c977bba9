import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { validatePreviewUrl } from '@sanity/preview-url-secret'
import { parsePerspective, perspectiveParam, previewAvailable, previewCookie } from '#app/preview/preview.server.ts'
import { jsonError } from '#app/utils/http.server.ts'
import { sameSiteLocation } from '#app/utils/redirect-path.ts'

/**
 * GET /api/preview-mode/enable: where the Studio's Presentation tool opens the site. It carries a
 * one-time secret that the Studio wrote into the lake (`sanity-preview-secret`); valid, the answer
 * sets the preview cookie (drafts or the Studio's release perspective) and sends the browser to the
 * page (`sanity-preview-pathname`). A wrong or expired secret: 401 and no cookie. Without a Sanity
 * project and SANITY_VIEWER_TOKEN the preview does not exist: 404 (docs/decisions/031).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env, lake } = context
  if (!previewAvailable(env) || !lake.previewReader) {
    return jsonError(404, 'Die Vorschau gibt es nur mit einem Sanity-Projekt und SANITY_VIEWER_TOKEN.')
  }
  const url = new URL(request.url)
  if (!url.searchParams.get('sanity-preview-secret')) return jsonError(401, 'Der Vorschau-Schlüssel fehlt. Bitte die Vorschau im Studio öffnen.')
  const { isValid, redirectTo = '/', studioPreviewPerspective } = await validatePreviewUrl(lake.previewReader.client(env.SANITY_VIEWER_TOKEN), request.url)
  if (!isValid) return jsonError(401, 'Der Vorschau-Schlüssel ist ungültig oder abgelaufen. Bitte die Vorschau im Studio neu öffnen.')
  const target = new URL(redirectTo, 'http://site')
  const perspective = perspectiveParam(parsePerspective(studioPreviewPerspective))
  return redirect(sameSiteLocation(target.pathname, target.search.slice(1), target.hash.slice(1)), {
    headers: { 'Set-Cookie': await previewCookie(env).serialize({ perspective }), 'Cache-Control': 'private, no-store' },
  })
}
