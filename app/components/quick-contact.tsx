import { Link } from '@remix-run/react'
import { CalendarIcon, MailIcon, PhoneIcon } from '#app/components/icons.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { SUBJECT_PARAM } from '#app/submissions/forms.ts'
import { mailtoHref, telHref } from '#app/utils/format.ts'
import { ChatIcon, whatsappHref } from '#app/components/whatsapp.tsx'

/**
 * Quick contact (spec §2 /contact): call, chat (WhatsApp, where sellers like to send photos), write,
 * or book an appointment. „Termin“ reloads the page with
 * `?betreff=termin`, so the form below opens with the subject „Termin vereinbaren“ chosen, with or
 * without JavaScript. A module of its own: the home page's contact section has none of it.
 */
export function QuickContact({
  phone,
  whatsapp: number,
  email,
  anchor,
  canBook,
}: {
  phone?: string | null
  whatsapp?: string | null
  email?: string | null
  anchor: string
  canBook: boolean
}) {
  const whatsapp = whatsappHref(number, 'Hallo, ich habe eine Frage:')
  const classes = buttonClasses({ variant: 'outline-dark', size: 'lg', surface: 'light' })
  return (
    <nav aria-label="Schnellkontakt" className="mt-10">
      {/* In a row where the four fit, wrapped where they do not (640–700 px, 200 % zoom, a larger font): a row that ran over both edges hid „ANRUFEN“ behind the left one. */}
      <ul className="flex flex-col justify-center gap-3 sm:flex-row sm:flex-wrap">
        {phone ? (
          <li>
            <a href={telHref(phone)} className={`${classes} w-full`}>
              <PhoneIcon className="size-5" />
              ANRUFEN
            </a>
          </li>
        ) : null}
        {whatsapp ? (
          <li>
            <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={`${classes} w-full`}>
              <ChatIcon className="size-5" />
              WHATSAPP
              <span className="sr-only"> (öffnet in neuem Tab)</span>
            </a>
          </li>
        ) : null}
        {email ? (
          <li>
            <a href={mailtoHref(email)} className={`${classes} w-full`}>
              <MailIcon className="size-5" />
              E-MAIL
            </a>
          </li>
        ) : null}
        {canBook ? (
          <li>
            <Link to={`?${SUBJECT_PARAM}=termin#${anchor}`} preventScrollReset className={`${classes} w-full`}>
              <CalendarIcon className="size-5" />
              TERMIN
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
