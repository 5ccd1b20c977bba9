import { ClockIcon, PhoneIcon } from '#app/components/icons.tsx'
import { LeadForm, VALUATION_KINDS } from '#app/components/forms/lead-form.tsx'
import { SectionHeading } from '#app/components/section-heading.tsx'
import { SellFlowCallout } from '#app/components/sell-flow-callout.tsx'
import { CONTENT_LEAD_FORMS, type ContentLeadKind, isContentLeadKind } from '#app/submissions/page-lead-forms.ts'
import { telHref } from '#app/utils/format.ts'
import { hoursHeading, useSiteSettings } from '#app/utils/site-settings.ts'
import { type SectionProps } from './types'

/** `valuation:muenster` → kind `valuation`, variant `muenster` (schemas/sections/leadFormSection.ts). */
export function parseFormChoice(choice: string): { kind: ContentLeadKind; variant?: string } | null {
  const [kind, variant] = choice.split(':')
  // Only the forms the Studio offers a page (schemas/sections/leadFormSection.ts) are loaded here.
  if (!isContentLeadKind(kind)) return null
  return variant ? { kind, variant } : { kind }
}

/**
 * A lead form (valuation, export, dealer registration …) beside the phone number and the page's hours,
 * headed for what they are: the yard's „Öffnungszeiten“ or a city page's „Telefonisch erreichbar“ (decision 068).
 */
export function LeadFormSection({ section, id, hours: variant, muted }: SectionProps<'leadFormSection'>) {
  const settings = useSiteSettings()
  const hours = variant?.lines ?? []
  const choice = parseFormChoice(section.form)
  if (!choice) return null
  const headingId = `${id}-heading`
  return (
    <section id={id} aria-labelledby={headingId} className={`py-16 sm:py-24 ${muted ? 'bg-zinc-50' : 'bg-white'}`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={headingId} eyebrow={section.eyebrow} title={section.heading} intro={section.intro} />
        <div className="mt-12 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:gap-10">
          <div className="rounded-xl border border-zinc-200 bg-white p-6 shadow-lg sm:p-8">
            {VALUATION_KINDS.has(choice.kind) ? (
              <SellFlowCallout
                id={`${id}-verkaufen`}
                text="Mit Zustand und Fotos können wir Ihr Auto genauer einschätzen: Nutzen Sie unser Verkaufsformular – oder füllen Sie unten die Eckdaten aus und wählen Sie „Mit Fotos weiter“."
              />
            ) : null}
            <LeadForm
              form={CONTENT_LEAD_FORMS[choice.kind]}
              variant={choice.variant}
              anchor={id}
              {...(section.submitLabel ? { submitLabel: section.submitLabel } : {})}
            />
          </div>
          <ul className="grid grid-cols-1 gap-4 self-start sm:grid-cols-2 lg:grid-cols-1">
            {settings.phone ? (
              <li className="flex gap-4 rounded-xl border border-zinc-200 bg-white p-5 shadow-sm">
                <PhoneIcon className="mt-0.5 size-5 shrink-0 text-amber-600" />
                <div>
                  <p className="font-bold text-zinc-950">Lieber anrufen?</p>
                  <a
                    href={telHref(settings.phone)}
                    className="font-semibold text-zinc-950 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900"
                  >
                    {settings.phone}
                  </a>
                </div>
              </li>
            ) : null}
            {variant && hours.length > 0 ? (
              <li className="flex gap-4 rounded-xl border border-zinc-200 bg-white p-5 shadow-sm">
                <ClockIcon className="mt-0.5 size-5 shrink-0 text-amber-600" />
                <div>
                  <p className="font-bold text-zinc-950">{hoursHeading(variant)}</p>
                  <ul className="text-zinc-700">
                    {hours.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </div>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
    </section>
  )
}
