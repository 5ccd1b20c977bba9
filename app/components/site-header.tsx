import { NavLink, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { CloseIcon, HeartIcon, MenuIcon, PhoneIcon } from '#app/components/icons.tsx'
import { type HeaderFit, type HeaderSettings, headerLinks, headerRowClasses, HIDDEN_FROM, NUMBER_FROM, SHOWN_FROM } from '#app/components/header-fit.ts'
import { SiteLogo } from '#app/components/site-logo.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { telHref } from '#app/utils/format.ts'
import { useHydrated } from '#app/utils/hydration.tsx'
import { SAVED_LIST_PATH, savedCountLabel, useSavedIds } from '#app/vehicles/saved-list.ts'

/** Spec §9: the bar turns solid once the page has scrolled more than 50 px. */
export const SCROLL_SOLID_AFTER = 50

export interface SiteHeaderProps {
  settings: HeaderSettings
  /** Where the links, the number and the wider row show: siteHeaderFit(settings), worked out by the root loader (header-fit.ts). */
  fit: HeaderFit
  /** Pages that start with a dark hero let the bar stay transparent until they are scrolled. */
  transparentAtTop?: boolean
}

const FOCUS = 'focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-amber-400'

// React 18's types do not know the popover attributes yet; React passes lower-case attributes through.
// The unused `T` must stay: a merged declaration repeats React's type parameters.
/* eslint-disable @typescript-eslint/no-unused-vars */
declare module 'react' {
  interface HTMLAttributes<T> {
    popover?: 'auto' | 'manual'
  }
  interface ButtonHTMLAttributes<T> {
    popovertarget?: string
  }
}
/* eslint-enable @typescript-eslint/no-unused-vars */

/** Browsers without the popover API (before Chrome 114, Safari 17, Firefox 125) get the menu through `data-open`. */
function supportsPopover() {
  return typeof HTMLElement !== 'undefined' && Object.hasOwn(HTMLElement.prototype, 'popover')
}

function closeMenu(menu: HTMLElement | null) {
  if (!menu) return
  if (supportsPopover()) {
    if (menu.matches(':popover-open')) menu.hidePopover()
  } else {
    delete menu.dataset.open
    menu.dispatchEvent(new Event('toggle'))
  }
}

/**
 * The fixed header (80 px, spec §2): logo, the main navigation with the current page marked,
 * the dealer's phone number, and on small screens a menu toggle with the same links plus a call button.
 *
 * The phone menu is a native popover: the browser opens and closes it from the server HTML, before
 * (and without) any script, and brings light dismiss, Escape and the focus order for free. The
 * scripts add what the browser cannot know: a client-side navigation closes it.
 */
export function SiteHeader({ settings, fit, transparentAtTop = false }: SiteHeaderProps) {
  const [scrolled, setScrolled] = useState(false)
  const [menuOpen, setMenuOpen] = useState(false)
  const hydrated = useHydrated()
  const menuRef = useRef<HTMLDivElement>(null)
  const location = useLocation()
  // An active entry is this page, or the section the page is in (a city under „Standorte“, a car under „Fahrzeuge“).
  const current = (href: string) => (location.pathname === href ? 'page' : 'true')

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SCROLL_SOLID_AFTER)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])

  // The menu may have been opened before hydration: follow the element rather than own the state.
  useEffect(() => {
    const menu = menuRef.current
    if (!menu) return
    const sync = () => setMenuOpen(supportsPopover() ? menu.matches(':popover-open') : menu.dataset.open === 'true')
    sync()
    menu.addEventListener('toggle', sync)
    // Tab past the menu's last entry closes it: focus would otherwise move to the page under it, unseen.
    const closeWhenFocusLeaves = (event: FocusEvent) => {
      const next = event.relatedTarget
      if (next instanceof Node && !menu.contains(next) && !(next instanceof Element && next.closest('[aria-controls="mobile-menu"]'))) closeMenu(menu)
    }
    menu.addEventListener('focusout', closeWhenFocusLeaves)
    return () => {
      menu.removeEventListener('toggle', sync)
      menu.removeEventListener('focusout', closeWhenFocusLeaves)
    }
  }, [])

  // Any client-side navigation (link in the menu, back button, a form redirect) closes the menu;
  // without scripts every navigation loads a new document, where it starts closed. Not on
  // hydration itself: a menu the visitor opened before the scripts arrived stays open.
  const seenLocationKey = useRef<string | null>(null)
  useEffect(() => {
    if (seenLocationKey.current !== null && seenLocationKey.current !== location.key) closeMenu(menuRef.current)
    seenLocationKey.current = location.key
  }, [location.key])

  const links = headerLinks(settings.mainNav)
  const phone = settings.phone ?? ''
  const tel = telHref(phone)
  const solid = scrolled || menuOpen || !transparentAtTop

  /** The fallback for browsers without popovers; with them, `popovertarget` does the work. */
  const toggleWithoutPopover = () => {
    const menu = menuRef.current
    if (!menu || supportsPopover()) return
    if (menu.dataset.open === 'true') delete menu.dataset.open
    else menu.dataset.open = 'true'
    menu.dispatchEvent(new Event('toggle'))
  }

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      // The open menu turns the bar solid through CSS too, so it does before hydration.
      // In a short window it scrolls away with the page instead of covering a third of it.
      // Without JavaScript nothing turns it solid on scrolling: solid from the start, else the page's text runs under it.
      className={`group/header fixed short:absolute inset-x-0 top-0 z-50 print:hidden transition-[background-color,box-shadow] duration-300 has-[#mobile-menu:popover-open]:bg-zinc-950 has-[#mobile-menu:popover-open]:bg-none ${
        solid
          ? 'bg-zinc-950 shadow-lg shadow-black/20'
          : 'bg-linear-to-b from-black/70 to-transparent noscript:bg-zinc-950 noscript:bg-none noscript:shadow-lg noscript:shadow-black/20'
      }`}
    >
      {/* Aligned with the page's content where the row fits it, wider only where it must be (header-fit.ts). */}
      <div className={`mx-auto flex h-header ${headerRowClasses(fit)} items-center justify-between gap-4 px-4 sm:px-6 lg:px-8`}>
        {/* Below 20rem (320 px at the default font; 390 px at a 24 px one) the row holds the mark and the buttons, not the name.
            From lg the name never shrinks: where the row is the content's box it runs on into the margin (header-fit.ts). */}
        <SiteLogo name={settings.dealerName ?? ''} className={`lg:shrink-0 ${FOCUS}`} wordmarkClassName="max-[20rem]:sr-only" />

        <nav aria-label="Hauptnavigation" className={SHOWN_FROM[fit.linksFrom]}>
          <ul className="flex items-center gap-1 xl:gap-2">
            {links.map((link) => (
              <li key={link.href}>
                <NavLink
                  to={link.href}
                  end={link.href === '/'}
                  aria-current={current(link.href)}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `relative flex min-h-11 items-center rounded px-2 text-sm font-bold tracking-wide whitespace-nowrap transition-colors ${FOCUS} ${
                      isActive
                        ? // Forced colours (Windows high contrast) paint every background as Canvas: the underline takes the text's system colour there.
                          'text-amber-400 after:absolute after:inset-x-3 after:bottom-1.5 after:h-0.5 after:rounded-full after:bg-amber-400 forced-colors:after:bg-[CanvasText]'
                        : 'text-white hover:text-amber-300'
                    }`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        {/* The buttons never shrink: where the row is short of room, the logo's name gives way (SiteLogo). */}
        <div className="flex shrink-0 items-center gap-2 lg:gap-1">
          {/* Beside the name it needs 23.4375rem (375 px at the default font); where the name gives way to the mark (below 20rem,
              a larger font on a phone) it fits again, down to 15rem. Elsewhere the menu has the link. */}
          <SavedListLink
            className={`hidden min-[15rem]:max-[20rem]:inline-flex min-[23.4375rem]:inline-flex size-11 lg:size-10 items-center justify-center rounded-lg text-white hover:bg-white/10 ${FOCUS}`}
          />
          {tel ? (
            // The wrapper hides the button on small screens: `hidden` on the link itself would
            // compete with the button's own `inline-flex`.
            <div className={SHOWN_FROM[fit.linksFrom]}>
              <a href={tel} aria-label={phone ?? undefined} className={buttonClasses({ variant: 'primary', className: 'whitespace-nowrap' })}>
                <PhoneIcon className="size-4" />
                {/* The number only where it fits beside the links (header-fit.ts): else the icon alone. */}
                <span className={NUMBER_FROM[fit.numberFrom]}>{phone}</span>
              </a>
            </div>
          ) : null}
          {tel ? (
            <a
              href={tel}
              aria-label={`Anrufen: ${phone}`}
              className={`inline-flex size-11 items-center justify-center rounded-lg bg-amber-400 text-zinc-950 hover:bg-amber-300 forced-colors:border-2 ${HIDDEN_FROM[fit.linksFrom]} ${FOCUS}`}
            >
              <PhoneIcon />
            </a>
          ) : null}
          <button
            type="button"
            popovertarget="mobile-menu"
            aria-controls="mobile-menu"
            // The browser exposes the popover's state as "expanded"; once hydrated it is also written out
            // for assistive technology that predates popovers. Never in the server HTML, where it could go stale.
            aria-expanded={hydrated ? menuOpen : undefined}
            aria-label="Menü"
            onClick={toggleWithoutPopover}
            className={`inline-flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/10 ${HIDDEN_FROM[fit.linksFrom]} ${FOCUS}`}
          >
            <MenuIcon className="size-6 group-has-[#mobile-menu:popover-open]/header:hidden group-has-[#mobile-menu[data-open]]/header:hidden" />
            <CloseIcon className="hidden size-6 group-has-[#mobile-menu:popover-open]/header:block group-has-[#mobile-menu[data-open]]/header:block" />
          </button>
        </div>
      </div>

      <div
        id="mobile-menu"
        ref={menuRef}
        popover="auto"
        // A popover lives in the top layer: placed here under the bar, full width, instead of centred.
        className={`fixed inset-x-0 top-header bottom-auto m-0 max-h-[calc(100svh-var(--spacing-header))] w-full max-w-none overflow-y-auto border-0 border-t border-white/10 bg-zinc-950 p-0 text-white ${HIDDEN_FROM[fit.linksFrom]}`}
      >
        <nav aria-label="Hauptnavigation" className="px-4 pt-2 pb-6 sm:px-6">
          <ul className="divide-y divide-white/10">
            {links.map((link) => (
              <li key={link.href}>
                <NavLink
                  to={link.href}
                  end={link.href === '/'}
                  aria-current={current(link.href)}
                  onClick={() => closeMenu(menuRef.current)}
                  className={({ isActive }) =>
                    `flex min-h-12 items-center rounded px-2 text-base font-bold tracking-wide ${FOCUS} ${
                      // Forced colours give every link one colour: the current page is underlined there.
                      isActive ? 'text-amber-400 forced-colors:underline' : 'text-white hover:text-amber-300'
                    }`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <SavedListLink
            label
            onClick={() => closeMenu(menuRef.current)}
            className={`mt-2 flex min-h-12 items-center gap-2 rounded px-2 text-base font-bold tracking-wide text-white hover:text-amber-300 ${FOCUS}`}
          />
          {tel ? (
            <a href={tel} onClick={() => closeMenu(menuRef.current)} className={buttonClasses({ variant: 'primary', size: 'lg', className: 'mt-4 w-full' })}>
              <PhoneIcon className="size-5" />
              JETZT ANRUFEN
            </a>
          ) : null}
        </nav>
      </div>
    </header>
  )
}

/**
 * The Merkliste in the header (issue 38): a plain link for everyone; the count only with scripts,
 * read from the Merkliste's cookie in the browser, so the server HTML is the same for every visitor
 * and every page stays cacheable (decision 079).
 */
function SavedListLink({ className, label = false, onClick }: { className: string; label?: boolean; onClick?: () => void }) {
  const count = useSavedIds()?.length ?? 0
  return (
    <NavLink
      to={SAVED_LIST_PATH}
      prefetch="intent"
      onClick={onClick}
      aria-label={count > 0 ? `Merkliste, ${savedCountLabel(count)}` : 'Merkliste'}
      className={`relative ${className}`}
    >
      <HeartIcon className="size-6" />
      {label ? 'MERKLISTE' : null}
      {count > 0 ? (
        <span
          aria-hidden="true"
          className={`${label ? '' : 'absolute -top-0.5 -right-0.5'} min-w-5 rounded-full bg-amber-400 px-1.5 text-center text-xs leading-5 font-bold text-zinc-950`}
        >
          {count}
        </span>
      ) : null}
    </NavLink>
  )
}
