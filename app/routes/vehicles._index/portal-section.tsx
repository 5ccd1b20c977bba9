import { ConsentFrame } from '#app/components/consent-frame.tsx'
import { CarIcon, MailIcon, PhoneIcon } from '#app/components/icons.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { mailtoHref, telHref } from '#app/utils/format.ts'

/** The dealer portal of spec §2 (DESIGN §4). */
export function mobileDePortalUrl(customerId: string): string {
  return `https://home.mobile.de/home/index.html?partnerHead=false&colorTheme=default&customerId=${encodeURIComponent(customerId)}#ses`
}

/** Below the list: the dealer's mobile.de portal, loaded only after the visitor agrees, with a call and an e-mail link. */
export function PortalSection({
  customerId,
  listingUrl,
  phone,
  email,
}: {
  customerId?: string | null
  listingUrl?: string | null
  phone?: string | null
  email?: string | null
}) {
  return (
    <section aria-labelledby="portal-heading" className="bg-white py-14 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="portal-heading" className="text-3xl text-zinc-950">
          Unser Bestand auf mobile.de
        </h2>
        <p className="mt-4 max-w-3xl text-lg leading-relaxed text-zinc-700">
          Nichts Passendes dabei? Rufen Sie uns an oder schreiben Sie uns: Wir finden Ihr Wunschfahrzeug.
        </p>
        {/* The dealer's page on mobile.de from the settings (issue 36); without one, no link. */}
        {listingUrl ? (
          <p className="mt-4">
            <a href={listingUrl} rel="noopener" target="_blank" className="font-semibold text-amber-800 underline underline-offset-2 hover:text-zinc-950">
              Unseren Bestand auf mobile.de ansehen
              <span className="sr-only"> (öffnet in neuem Tab)</span>
            </a>
          </p>
        ) : null}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {phone ? (
            <a href={telHref(phone)} className={buttonClasses({ variant: 'dark', size: 'md' })}>
              <PhoneIcon className="size-4" />
              {phone} anrufen
            </a>
          ) : null}
          {email ? (
            <a href={mailtoHref(email)} className={buttonClasses({ variant: 'outline-dark', size: 'md' })}>
              <MailIcon className="size-4" />
              {/* The address as it is written: in the button's capitals it would read INFO@…DE. */}
              E-Mail an <span className="normal-case">{email}</span>
            </a>
          ) : null}
        </div>
        {customerId ? (
          <div className="mt-8">
            <ConsentFrame
              src={mobileDePortalUrl(customerId)}
              title="Händlerportal auf mobile.de"
              consentText="Hier können Sie unser Händlerportal auf mobile.de laden. Erst nach Ihrem Klick werden Daten (unter anderem Ihre IP-Adresse) an mobile.de übertragen; mobile.de setzt dabei eigene Cookies."
              loadLabel="MOBILE.DE LADEN"
              externalHref={mobileDePortalUrl(customerId)}
              externalLabel="Bestand auf mobile.de öffnen"
              icon={<CarIcon className="size-10 text-amber-600" />}
              sizeClassName="h-[80vh] min-h-[32rem]"
              testId="mobile-de-placeholder"
            />
          </div>
        ) : null}
      </div>
    </section>
  )
}
