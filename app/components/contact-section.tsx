import { type ReactNode } from 'react'
import { useSearchParams } from '@remix-run/react'
import { ContactForm } from '#app/components/forms/contact-form.tsx'
import { OpenNow, RouteLink, yardPlace } from '#app/components/getting-here.tsx'
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '#app/components/icons.tsx'
import { EmailAddress } from '#app/components/ui/email-address.tsx'
import { SectionHeading } from '#app/components/section-heading.tsx'
import { SellFlowCallout } from '#app/components/sell-flow-callout.tsx'
import { SUBJECT_PARAM, type ContactSubject } from '#app/submissions/forms.ts'
import { mailtoHref, telHref } from '#app/utils/format.ts'
import { hoursHeading, type OpeningHoursVariant, pageHours, type SiteSettings } from '#app/utils/site-settings.ts'

export interface ContactContent {
  eyebrow?: string | null
  heading?: string | null
  intro?: string | null
  submitLabel?: string | null
}

export interface ContactSectionProps {
  content: ContactContent
  settings: Pick<SiteSettings, 'phone' | 'email' | 'address' | 'geo' | 'openingHours' | 'specialOpeningHours' | 'dealerName' | 'legalName'>
  subjects: readonly ContactSubject[]
  /** Spec §9: 5 rows on the home page, 6 on /contact. */
  rows?: number
  id?: string
  /** The page's opening-hours variant: shown as phone hours beside the yard's when it is another one. */
  hours?: OpeningHoursVariant
  /** Above the form: /contact's buttons to call, chat, write or book (quick-contact.tsx, only in the content pages' JavaScript). */
  quickContact?: ReactNode
}

const LINK =
  'rounded font-semibold text-zinc-950 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900'

/** Section `#contact`: heading and intro, the contact form, and beside it phone, e-mail, address and hours. */
export function ContactSection({ content, settings, subjects, rows = 5, id = 'contact', hours: pageVariant, quickContact }: ContactSectionProps) {
  // The yard's hours with whether it is open now; the page's own reading, if another, as phone hours (decision 068).
  const { yard, phone } = pageHours(settings, pageVariant)
  const place = yardPlace(settings)
  // Issue 26: a seller who came by „FAHRZEUG BEWERTEN“ (`?betreff=ankauf#contact`) is offered the sell request first.
  const [searchParams] = useSearchParams()
  const sellIntent = subjects.includes('ankauf') && searchParams.get(SUBJECT_PARAM) === 'ankauf'
  const address = settings.address
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="relative bg-zinc-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={`${id}-heading`} eyebrow={content.eyebrow} title={content.heading} intro={content.intro} />
        {quickContact}
        {/* The form first: on phones a jump to #contact should land near it, not below four cards. */}
        <div className="mt-14 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:gap-10">
          <div className="rounded-xl border border-zinc-200 bg-white p-6 shadow-lg sm:p-8">
            {sellIntent ? (
              <SellFlowCallout id={`${id}-verkaufen`} text="Mit Fahrzeugdaten, Zustand und Fotos geht es am schnellsten – oder schreiben Sie uns hier." />
            ) : null}
            <ContactForm subjects={subjects} rows={rows} submitLabel={content.submitLabel ?? 'NACHRICHT SENDEN'} anchor={id} />
          </div>

          <ul className="grid grid-cols-1 gap-4 self-start sm:grid-cols-2 lg:grid-cols-1">
            {settings.phone ? (
              <InfoCard icon={<PhoneIcon />} title="Telefon">
                {/* 44 px high to tap, the card as high as before (the negative margin takes back the line's share). */}
                <a href={telHref(settings.phone)} className={`${LINK} -my-2.5 inline-flex min-h-11 items-center`}>
                  {settings.phone}
                </a>
              </InfoCard>
            ) : null}
            {settings.email ? (
              <InfoCard icon={<MailIcon />} title="E-Mail">
                <a href={mailtoHref(settings.email)} className={`${LINK} text-sm sm:text-base`}>
                  <EmailAddress email={settings.email} />
                </a>
              </InfoCard>
            ) : null}
            {address && place ? (
              <InfoCard icon={<MapPinIcon />} title="Adresse">
                <RouteLink place={place} className="group block rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900">
                  <address className="not-italic">
                    {address.street}
                    <br />
                    {address.postalCode} {address.city}
                  </address>
                  <span className="mt-1 block font-semibold text-zinc-950 underline underline-offset-4 group-hover:no-underline">Route planen</span>
                </RouteLink>
              </InfoCard>
            ) : null}
            {yard?.lines.length ? (
              <InfoCard icon={<ClockIcon />} title={hoursHeading(yard)}>
                <OpenNow settings={settings} className="mb-2 text-zinc-950" />
                <ul>
                  {yard.lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </InfoCard>
            ) : null}
            {phone?.lines.length ? (
              <InfoCard icon={<PhoneIcon />} title={hoursHeading(phone)}>
                <ul>
                  {phone.lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </InfoCard>
            ) : null}
          </ul>
        </div>
      </div>
    </section>
  )
}

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-xl border border-zinc-200 bg-white p-5 shadow-sm">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-zinc-950 text-amber-400">{icon}</span>
      <div className="min-w-0 text-zinc-700">
        <h3 className="text-sm font-bold tracking-wide text-zinc-950">{title}</h3>
        <div className="mt-1">{children}</div>
      </div>
    </li>
  )
}
