import { NavLink, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { CloseIcon, MenuIcon, PhoneIcon } from '~/components/icons'
import { SiteLogo } from '~/components/site-logo'
import { buttonClasses } from '~/components/ui/button'
import { telHref } from '~/utils/format'
import { type SiteSettings } from '~/utils/site-settings'
import { useHydrated } from '~/utils/use-hydrated'

/** Spec §9: the bar turns solid once the page has scrolled more than 50 px. */
export const SCROLL_SOLID_AFTER = 50

export interface SiteHeaderProps {
  settings: Pick<SiteSettings, 'dealerName' | 'phone' | 'mainNav'>
  /** Pages that start with a dark hero let the bar stay transparent until they are scrolled. */
  transparentAtTop?: boolean
}

const FOCUS = 'focus-visible:outline-3 focus-visible:outline-offset-4 focus-visible:outline-amber-400'

/**
 * The fixed header (80 px, spec §2): logo, the main navigation with the current page marked,
 * the dealer's phone number, and on small screens a menu toggle with the same links plus a call button.
 */
export function SiteHeader({ settings, transparentAtTop = false }: SiteHeaderProps) {
  const [scrolled, setScrolled] = useState(false)
  const [menuOpen, setMenuOpen] = useState(false)
  const hydrated = useHydrated()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const location = useLocation()

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SCROLL_SOLID_AFTER)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])

  // Any navigation (link in the menu, back button, a form redirect) closes the menu.
  useEffect(() => {
    setMenuOpen(false)
  }, [location.key])

  useEffect(() => {
    if (!menuOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setMenuOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [menuOpen])

  const links = (settings.mainNav ?? []).flatMap((item) => (item.label && item.href ? [{ label: item.label, href: item.href }] : []))
  const phone = settings.phone ?? ''
  const tel = telHref(phone)
  const solid = scrolled || menuOpen || !transparentAtTop

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={`fixed inset-x-0 top-0 z-50 transition-[background-color,box-shadow] duration-300 ${
        solid ? 'bg-zinc-950 shadow-lg shadow-black/20' : 'bg-linear-to-b from-black/70 to-transparent'
      }`}
    >
      <div className="mx-auto flex h-header max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <SiteLogo name={settings.dealerName ?? ''} className={FOCUS} />

        <nav aria-label="Hauptnavigation" className="hidden lg:block">
          <ul className="flex items-center gap-1 xl:gap-2">
            {links.map((link) => (
              <li key={link.href}>
                <NavLink
                  to={link.href}
                  end={link.href === '/'}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `relative flex min-h-11 items-center rounded px-3 text-sm font-bold tracking-wide whitespace-nowrap transition-colors ${FOCUS} ${
                      isActive
                        ? 'text-amber-400 after:absolute after:inset-x-3 after:bottom-1.5 after:h-0.5 after:rounded-full after:bg-amber-400'
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

        <div className="flex items-center gap-2">
          {tel ? (
            // The wrapper hides the button on small screens: `hidden` on the link itself would
            // compete with the button's own `inline-flex`.
            <div className="hidden lg:block">
              <a href={tel} className={buttonClasses({ variant: 'primary', className: 'whitespace-nowrap' })}>
                <PhoneIcon className="size-4" />
                {phone}
              </a>
            </div>
          ) : null}
          {tel ? (
            <a
              href={tel}
              aria-label={`Anrufen: ${phone}`}
              className={`inline-flex size-11 items-center justify-center rounded-lg bg-amber-400 text-zinc-950 hover:bg-amber-300 lg:hidden ${FOCUS}`}
            >
              <PhoneIcon />
            </a>
          ) : null}
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Menü schließen' : 'Menü öffnen'}
            // Until React has hydrated, a tap could not open the menu: say so instead of ignoring it.
            disabled={!hydrated}
            onClick={() => setMenuOpen((open) => !open)}
            className={`inline-flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/10 lg:hidden ${FOCUS}`}
          >
            {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
      </div>

      <div
        id="mobile-menu"
        hidden={!menuOpen}
        className="max-h-[calc(100svh-var(--spacing-header))] overflow-y-auto border-t border-white/10 bg-zinc-950 lg:hidden"
      >
        <nav aria-label="Hauptnavigation" className="px-4 pt-2 pb-6 sm:px-6">
          <ul className="divide-y divide-white/10">
            {links.map((link) => (
              <li key={link.href}>
                <NavLink
                  to={link.href}
                  end={link.href === '/'}
                  onClick={() => setMenuOpen(false)}
                  className={({ isActive }) =>
                    `flex min-h-12 items-center rounded px-2 text-base font-bold tracking-wide ${FOCUS} ${
                      isActive ? 'text-amber-400' : 'text-white hover:text-amber-300'
                    }`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {tel ? (
            <a href={tel} onClick={() => setMenuOpen(false)} className={buttonClasses({ variant: 'primary', size: 'lg', className: 'mt-4 w-full' })}>
              <PhoneIcon className="size-5" />
              JETZT ANRUFEN
            </a>
          ) : null}
        </nav>
      </div>
    </header>
  )
}
