import { Link } from '@remix-run/react'
import { OpenNow, RouteLink, yardPlace } from '#app/components/getting-here.tsx'
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '#app/components/icons.tsx'
import { SiteLogo } from '#app/components/site-logo.tsx'
import { EmailAddress } from '#app/components/ui/email-address.tsx'
import { mailtoHref, telHref } from '#app/utils/format.ts'
import { openingHoursFor, type SiteSettings, YARD_HOURS } from '#app/utils/site-settings.ts'

export interface SiteFooterProps {
  settings: Pick<
    SiteSettings,
    'dealerName' | 'legalName' | 'phone' | 'email' | 'address' | 'geo' | 'openingHours' | 'specialOpeningHours' | 'footerLinks' | 'footerText'
  >
}

const FOCUS_OUTLINE = 'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400'
const FOCUS = `rounded ${FOCUS_OUTLINE}`
const HEADING = 'mb-4 text-sm font-bold tracking-[0.2em] text-white uppercase'

/**
 * The footer (spec §2): the seven footer links, the yard's opening hours (the general variant) with
 * whether it is open now, the address as a route link, phone, e-mail, ©.
 */
export function SiteFooter({ settings }: SiteFooterProps) {
  const links = (settings.footerLinks ?? []).flatMap((item) => (item.label && item.href ? [{ label: item.label, href: item.href }] : []))
  const hours = openingHoursFor(settings, YARD_HOURS)?.lines ?? []
  const address = settings.address
  const place = yardPlace(settings)
  const tel = settings.phone ? telHref(settings.phone) : ''

  return (
    <footer className="bg-zinc-950 text-zinc-300">
      <div className="mx-auto grid grid-cols-1 max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          {/* The logo is rounded already. */}
          <SiteLogo name={settings.dealerName ?? ''} className={FOCUS_OUTLINE} />
          {settings.footerText ? <p className="mt-5 max-w-xs text-sm leading-relaxed text-zinc-400">{settings.footerText}</p> : null}
        </div>

        <nav aria-labelledby="footer-links-heading">
          <h2 id="footer-links-heading" className={HEADING}>
            Seiten
          </h2>
          <ul className="grid grid-cols-2 gap-x-4 sm:grid-cols-1">
            {links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} prefetch="intent" className={`inline-flex min-h-11 items-center text-sm hover:text-amber-400 sm:min-h-9 ${FOCUS}`}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className={HEADING}>Öffnungszeiten</h2>
          <div className="flex gap-3 text-sm">
            <ClockIcon className="mt-0.5 size-5 shrink-0 text-amber-400" />
            <div>
              <OpenNow settings={settings} tone="dark" className="mb-3 text-white" />
              <ul className="space-y-1.5">
                {hours.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          </div>
        </div>

        <div>
          <h2 className={HEADING}>Kontakt</h2>
          <ul className="space-y-1 text-sm">
            {address && place ? (
              <li>
                <RouteLink place={place} className={`group flex gap-3 py-1.5 hover:text-amber-400 ${FOCUS}`}>
                  <MapPinIcon className="mt-0.5 size-5 shrink-0 text-amber-400" />
                  <address className="not-italic">
                    {settings.legalName ?? settings.dealerName}
                    <br />
                    {address.street}
                    <br />
                    {address.postalCode} {address.city}
                    <span className="mt-1 block font-semibold text-amber-400 underline-offset-4 group-hover:underline">Route planen</span>
                  </address>
                </RouteLink>
              </li>
            ) : null}
            {tel ? (
              <li>
                <a href={tel} className={`inline-flex min-h-11 items-center gap-3 hover:text-amber-400 ${FOCUS}`}>
                  <PhoneIcon className="size-5 shrink-0 text-amber-400" />
                  {settings.phone}
                </a>
              </li>
            ) : null}
            {settings.email ? (
              <li>
                <a href={mailtoHref(settings.email)} className={`inline-flex min-h-11 items-center gap-3 hover:text-amber-400 ${FOCUS}`}>
                  <MailIcon className="size-5 shrink-0 text-amber-400" />
                  <EmailAddress email={settings.email} />
                </a>
              </li>
            ) : null}
          </ul>
        </div>
      </div>

      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-zinc-400 sm:px-6 lg:px-8">
          {/* The year is the server's; at midnight on New Year's Eve the client may disagree. */}©{' '}
          <span suppressHydrationWarning>{new Date().getFullYear()}</span> {settings.legalName ?? settings.dealerName}
        </p>
      </div>
    </footer>
  )
}
