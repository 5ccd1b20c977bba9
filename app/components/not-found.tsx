import { Link, useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { ErrorHero } from '#app/components/error-hero.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { FormConfirmation } from '#app/components/ui/form-parts.tsx'
import { SENT } from '#app/submissions/forms.ts'
import { useNonce } from '#app/utils/nonce-provider.ts'
import { useHydrated } from '#app/utils/hydration.tsx'

/** Spec §4: the not-found page sends the visitor home after 10 s. */
export const NOT_FOUND_REDIRECT_MS = 10_000

/** `?weiterleitung=aus`: the not-found page without its redirect (how a visitor without JavaScript stops it). */
const STOP_QUERY = { name: 'weiterleitung', value: 'aus' }

/**
 * What the address asks of the page: what was sent (a contact message, a lead, or nothing), and whether
 * the page stays: stopped by the link, or reached by a form's confirmation address. A form sent from a
 * page that was deleted meanwhile is stored, then redirected to that page's confirmation, which is now
 * this page: the visitor reads that it arrived, and is not sent away from it.
 */
function useNotFoundAddress(): { sent: 'contact' | 'lead' | null; stopped: boolean } {
  const query = new URLSearchParams(useLocation().search)
  const sent = query.get(SENT.contact.param) === SENT.contact.value ? 'contact' : query.get(SENT.lead.param) === SENT.lead.value ? 'lead' : null
  return { sent, stopped: sent !== null || query.get(STOP_QUERY.name) === STOP_QUERY.value }
}

/**
 * The redirect for visitors without JavaScript, for the document's <head> (a <meta> in the body is
 * invalid HTML): a meta refresh inside <noscript>, so that with JavaScript only the script's timer
 * runs (a meta refresh could be neither stopped nor cancelled by a client-side navigation).
 */
export function NotFoundRefresh() {
  const { stopped } = useNotFoundAddress()
  if (stopped) return null
  // HTML's grammar for a refresh with a URL wants whitespace after the semicolon (the Nu checker refuses `10;url=/`).
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${NOT_FOUND_REDIRECT_MS / 1000}; url=/`} />
    </noscript>
  )
}

declare global {
  interface Window {
    /** When a server-rendered not-found page was parsed (Date.now()). */
    __notFoundShownAt?: number
  }
}

/**
 * The not-found page (spec §2): title, explanation, buttons home and to the contact page, and
 * an automatic redirect home after 10 s: by script, and for visitors without JavaScript by
 * NotFoundRefresh in the document's head (the root's Layout renders it with this page).
 * WCAG 2.2.1: visitors who need more time can stop the redirect: a button with JavaScript, a link
 * to this page without the redirect (`?weiterleitung=aus`) without it.
 */
export function NotFound() {
  const navigate = useNavigate()
  const { sent, stopped } = useNotFoundAddress()
  const [redirecting, setRedirecting] = useState(!stopped)
  const hydrated = useHydrated()
  const homeLinkRef = useRef<HTMLAnchorElement>(null)
  const nonce = useNonce()

  useEffect(() => {
    if (!redirecting) return
    // Count from when the page was shown, not from hydration (seconds later on a slow phone).
    // The mark exists only for a server-rendered page and is used once.
    const shownAt = window.__notFoundShownAt ?? Date.now()
    window.__notFoundShownAt = undefined
    const remaining = Math.max(0, NOT_FOUND_REDIRECT_MS - (Date.now() - shownAt))
    const timer = setTimeout(() => navigate('/'), remaining)
    // Anyone acting on the page (a key, a tap, a click) is using it: the redirect stops then and there
    // (WCAG 2.2.1), so a keyboard user need not tab through the header to the button in time. The
    // button's own press is left to its click handler, which also places the focus.
    const stop = (event: Event) => {
      if (!(event.target instanceof Element && event.target.closest('[data-stop-redirect]'))) setRedirecting(false)
    }
    document.addEventListener('keydown', stop)
    document.addEventListener('pointerdown', stop)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('keydown', stop)
      document.removeEventListener('pointerdown', stop)
    }
  }, [navigate, redirecting])

  return (
    <ErrorHero
      status={404}
      title="Seite nicht gefunden"
      text="Die gesuchte Seite existiert nicht oder wurde verschoben. Vielleicht finden Sie auf der Startseite, wonach Sie suchen, oder Sie schreiben uns direkt."
    >
      {/* Runs while the HTML is parsed, before hydration; React never runs it again on the client. */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: 'window.__notFoundShownAt=Date.now()' }} />
      {sent ? (
        <div className="mx-auto mt-8 max-w-xl text-left">
          <FormConfirmation title={sent === 'contact' ? 'Ihre Nachricht ist angekommen' : 'Ihre Anfrage ist angekommen'}>
            Vielen Dank! Wir melden uns wie versprochen bei Ihnen. Nur die Seite, von der aus Sie gesendet haben, gibt es inzwischen nicht mehr.
          </FormConfirmation>
        </div>
      ) : null}
      {/* Before the links: the stop control is the first thing of the content to reach. A confirmation has no redirect to tell of. */}
      {sent ? null : (
        <div className="mt-6 flex flex-col items-center gap-1 text-sm text-zinc-400">
          <p role="status">{redirecting ? 'Automatische Weiterleitung zur Startseite in 10 Sekunden...' : 'Die automatische Weiterleitung ist gestoppt.'}</p>
          {/* Only a script can stop the scripted redirect; without one the button would do nothing. */}
          {hydrated && redirecting ? (
            <button
              type="button"
              data-stop-redirect
              onClick={() => {
                setRedirecting(false)
                // The button disappears; keep keyboard focus on the page's next sensible target.
                homeLinkRef.current?.focus()
              }}
              className="inline-flex min-h-11 items-center rounded px-2 font-semibold text-white underline underline-offset-4 hover:text-amber-400 focus-visible:outline-3 focus-visible:outline-amber-400"
            >
              Weiterleitung stoppen
            </button>
          ) : null}
          {redirecting ? (
            <noscript>
              <a
                href={`?${STOP_QUERY.name}=${STOP_QUERY.value}`}
                className="inline-flex min-h-11 items-center rounded px-2 font-semibold text-white underline underline-offset-4 hover:text-amber-400"
              >
                Weiterleitung stoppen
              </a>
            </noscript>
          ) : null}
        </div>
      )}
      <div className="mt-10 flex flex-col justify-center gap-4 sm:flex-row">
        <Link ref={homeLinkRef} to="/" className={buttonClasses({ variant: 'primary', size: 'lg' })}>
          Zur Startseite
        </Link>
        <Link to="/contact" className={buttonClasses({ variant: 'outline-light', size: 'lg' })}>
          Kontakt
        </Link>
      </div>
    </ErrorHero>
  )
}
