import { RichText } from '#app/components/portable-text.tsx'
import { EmailAddress } from '#app/components/ui/email-address.tsx'
import { useSiteSettings } from '#app/utils/site-settings.ts'
import { type SectionProps } from './types'

/** The Impressum's provider identification (§ 5 DDG) from the site settings, then the page's text. */
export function LegalNoticeSection({ section, id }: SectionProps<'legalNoticeSection'>) {
  const settings = useSiteSettings()
  const { address, legal } = settings
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="bg-white py-12 sm:py-16">
      <div className="mx-auto max-w-3xl space-y-10 px-4 text-lg text-zinc-700 sm:px-6 lg:px-8">
        <div>
          {/* Legal headings keep their case: „§ 18 Abs. 2 MStV“ in capitals reads „ABS. 2 MSTV“. */}
          <h2 id={`${id}-heading`} className="text-2xl text-zinc-950 normal-case">
            Angaben gemäß § 5 DDG
          </h2>
          <p className="mt-4">
            {settings.legalName}
            {address ? (
              <>
                <br />
                {address.street}
                <br />
                {address.postalCode} {address.city}
              </>
            ) : null}
          </p>
          {legal ? (
            <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)]">
              <dt className="font-bold text-zinc-950">Vertreten durch</dt>
              <dd>Geschäftsführer: {legal.managingDirector}</dd>
              <dt className="font-bold text-zinc-950">Registereintrag</dt>
              <dd>
                {legal.registerCourt}, {legal.registerNumber}
              </dd>
              <dt className="font-bold text-zinc-950">Umsatzsteuer-ID</dt>
              <dd>Umsatzsteuer-Identifikationsnummer gemäß § 27a UStG: {legal.vatId}</dd>
            </dl>
          ) : null}
        </div>
        <div>
          <h2 className="text-2xl text-zinc-950 normal-case">Kontakt</h2>
          <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)]">
            <dt className="font-bold text-zinc-950">Telefon</dt>
            <dd>{settings.phone}</dd>
            <dt className="font-bold text-zinc-950">E-Mail</dt>
            <dd>
              <EmailAddress email={settings.email} />
            </dd>
          </dl>
        </div>
        {legal ? (
          <div>
            <h2 className="text-2xl text-zinc-950 normal-case">Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV</h2>
            <p className="mt-4">
              {legal.contentResponsible}
              {address ? (
                <>
                  <br />
                  {address.street}, {address.postalCode} {address.city}
                </>
              ) : null}
            </p>
          </div>
        ) : null}
        {section.body ? (
          <div className="[&_h3]:text-2xl">
            <RichText value={section.body} />
          </div>
        ) : null}
      </div>
    </section>
  )
}
