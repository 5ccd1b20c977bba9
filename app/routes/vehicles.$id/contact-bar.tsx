import { ChatIcon } from '#app/components/whatsapp.tsx'
import { MailIcon, PhoneIcon } from '#app/components/icons.tsx'

const BAR_LINK =
  'flex min-h-14 flex-col items-center justify-center gap-0.5 text-sm font-semibold text-zinc-900 focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-zinc-900'

/**
 * Phones only (hidden from md up): call, WhatsApp and the enquiry, always one tap away. Plain links:
 * no script and no request before a tap. app/tailwind.css gives the page room below it
 * (`data-contact-bar`), so it never covers the end of the page or a toast.
 */
export function ContactBar({ tel, whatsapp }: { tel: string; whatsapp: string | undefined }) {
  return (
    <nav
      aria-label="Schnellkontakt"
      data-contact-bar
      className="fixed short:static inset-x-0 bottom-0 z-40 border-t border-zinc-200 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_8px_rgba(0,0,0,0.08)] md:hidden print:hidden"
    >
      <ul className="mx-auto flex max-w-xl divide-x divide-zinc-200">
        {tel ? (
          <li className="flex-1">
            <a href={tel} className={BAR_LINK}>
              <PhoneIcon className="size-5" />
              Anrufen
            </a>
          </li>
        ) : null}
        {whatsapp ? (
          <li className="flex-1">
            <a href={whatsapp} className={BAR_LINK} target="_blank" rel="noopener noreferrer">
              <ChatIcon />
              WhatsApp
              <span className="sr-only"> (öffnet in neuem Tab)</span>
            </a>
          </li>
        ) : null}
        <li className="flex-1">
          <a href="#anfrage" className={BAR_LINK}>
            <MailIcon className="size-5" />
            Anfragen
          </a>
        </li>
      </ul>
    </nav>
  )
}
