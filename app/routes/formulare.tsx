import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LeadForm, type LeadFormProps } from '#app/components/forms/lead-form.tsx'
import { STORY_VEHICLE_QUERY } from '#app/sanity/queries/inbox.ts'
import { type STORY_VEHICLE_QUERYResult } from '#app/sanity/types.ts'
import { submissionPageAction } from '#app/submissions/actions.server.ts'
import { requireFormsPage } from '#app/submissions/forms-page.server.ts'
import { LEAD_FORMS } from '#app/submissions/form-registry.ts'

/*
 * The story page of the lead forms: every lead form of the site, each in its own section, so all
 * of them are tested (unit, end to end, axe) on one page. Not linked and not indexed; the real
 * pages embed the same <LeadForm> with the same anchors. In production only with FORMS_PAGE=true.
 */

/** The vehicle the enquiry form is shown for (public id, `/vehicles/1`). */
export const STORY_VEHICLE_ID = '1'

interface StorySection {
  /** Section id: the anchor of the no-JavaScript round trip. */
  id: string
  title: string
  /** Where the form lives on the site (spec §2). */
  page: string
  form: Omit<LeadFormProps, 'anchor' | 'vehicle'>
}

/** Every lead form of the site, in the order of spec §3. */
export const STORY_SECTIONS: readonly StorySection[] = [
  { id: 'fahrzeug-anfrage', title: LEAD_FORMS['vehicle-enquiry'].title, page: '/vehicles/{id}', form: { form: LEAD_FORMS['vehicle-enquiry'] } },
  { id: 'bewertung-sonsbeck', title: 'Fahrzeugbewertung Sonsbeck', page: '/locations/sonsbeck', form: { form: LEAD_FORMS['valuation'], variant: 'sonsbeck' } },
  { id: 'bewertung-uedem', title: 'Fahrzeugbewertung Uedem', page: '/locations/uedem', form: { form: LEAD_FORMS['valuation'], variant: 'uedem' } },
  { id: 'bewertung-muenster', title: 'Fahrzeugbewertung Münster', page: '/locations/muenster', form: { form: LEAD_FORMS['valuation'], variant: 'muenster' } },
  { id: 'bmw-ankauf', title: LEAD_FORMS['valuation-bmw'].title, page: '/locations/xanten/bmw-ankauf', form: { form: LEAD_FORMS['valuation-bmw'] } },
  {
    id: 'mercedes-ankauf',
    title: 'Mercedes-Ankauf',
    page: '/locations/sonsbeck/mercedes-ankauf',
    form: { form: LEAD_FORMS['brand-purchase'], variant: 'mercedes' },
  },
  { id: 'audi-ankauf', title: 'Audi-Ankauf', page: '/locations/uedem/audi-ankauf', form: { form: LEAD_FORMS['brand-purchase'], variant: 'audi' } },
  { id: 'studenten-ankauf', title: LEAD_FORMS.student.title, page: '/locations/muenster/studenten-autoankauf', form: { form: LEAD_FORMS['student'] } },
  {
    id: 'gebrauchtwagen-anfrage',
    title: LEAD_FORMS['used-car-enquiry'].title,
    page: '/locations/xanten/gebrauchtwagen',
    form: { form: LEAD_FORMS['used-car-enquiry'] },
  },
  { id: 'export-anfrage', title: LEAD_FORMS.export.title, page: '/locations/sonsbeck/autoexport', form: { form: LEAD_FORMS['export'] } },
  {
    id: 'haendler-registrierung',
    title: LEAD_FORMS['dealer-registration'].title,
    page: '/locations/uedem/grosshandel',
    form: { form: LEAD_FORMS['dealer-registration'] },
  },
]

export async function loader({ context }: LoaderFunctionArgs) {
  requireFormsPage(context.env)
  const vehicle = await context.lake.fetch<STORY_VEHICLE_QUERYResult>(STORY_VEHICLE_QUERY, { id: STORY_VEHICLE_ID })
  return { vehicle }
}

/** Posts of the lead forms without JavaScript (with JavaScript they call POST /api/leads). */
export async function action(args: ActionFunctionArgs) {
  requireFormsPage(args.context.env)
  return submissionPageAction(args)
}

export const meta: MetaFunction = () => [{ title: 'Formulare' }, { name: 'robots', content: 'noindex, nofollow' }]

export default function FormsStoryPage() {
  const { vehicle } = useLoaderData<typeof loader>()
  return (
    <div className="bg-zinc-50 py-16 sm:py-20">
      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        <h1 className="text-4xl text-zinc-950 sm:text-5xl">Formulare</h1>
        <p className="mt-4 text-lg leading-relaxed text-zinc-600">
          Alle Anfrageformulare der Website auf einer Seite, zum Testen. Jedes Formular funktioniert mit und ohne JavaScript.
        </p>
        <nav aria-label="Formulare auf dieser Seite" className="mt-8">
          <ul className="flex flex-wrap gap-2">
            {STORY_SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-zinc-300 bg-white px-4 text-sm font-semibold text-zinc-900 hover:border-zinc-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      {STORY_SECTIONS.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24 pt-16 sm:pt-20">
          <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
            {/* A plain heading, not the site's SectionHeading: this story page importing it gave that
                module a chunk of its own, one more script request on every real page (decision 050). */}
            <h2 id={`${section.id}-heading`} className="text-2xl text-zinc-950 sm:text-3xl">
              {section.title}
            </h2>
            <p className="mt-3 text-lg text-zinc-600">Auf der Website: {section.page}</p>
            <div className="mt-8 rounded-xl border border-zinc-200 bg-white p-6 shadow-lg sm:p-8">
              {section.form.form.kind === 'vehicle-enquiry' && !vehicle ? (
                <p className="mb-5 text-sm text-zinc-600">Fahrzeug {STORY_VEHICLE_ID} ist nicht im Bestand; die Nachricht ist daher nicht vorausgefüllt.</p>
              ) : null}
              <LeadForm {...section.form} anchor={section.id} vehicle={section.form.form.kind === 'vehicle-enquiry' ? (vehicle ?? undefined) : undefined} />
            </div>
          </div>
        </section>
      ))}
    </div>
  )
}
