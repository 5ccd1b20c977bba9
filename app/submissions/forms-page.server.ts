import { type Env } from '#app/env.server.ts'

/**
 * /formulare (every lead form on one test page) stores real leads, so production serves it only
 * with FORMS_PAGE=true (the e2e servers); everyone else gets the 404 page. Development always has it.
 */
export function requireFormsPage(env: Pick<Env, 'NODE_ENV' | 'FORMS_PAGE'>) {
  if (env.NODE_ENV === 'production' && !env.FORMS_PAGE) throw new Response('Nicht gefunden', { status: 404 })
}
