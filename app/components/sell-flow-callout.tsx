import { Link } from '@remix-run/react'
import { ArrowRightIcon } from '#app/components/icons.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { SALE_PATH } from '#schemas/lib/constants.ts'

/**
 * The way into the sell request (issue 26) where a seller arrives: the home page's contact
 * section when its subject is „Fahrzeug verkaufen“, and beside every valuation form.
 */
export function SellFlowCallout({ id, text }: { id: string; text: string }) {
  return (
    <div id={id} className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <p className="text-zinc-900">
        <strong className="block font-bold">Auto verkaufen?</strong>
        {text}
      </p>
      <Link to={SALE_PATH} className={buttonClasses({ variant: 'primary', size: 'md', surface: 'light', className: 'shrink-0' })}>
        ZUM VERKAUFSFORMULAR
        <ArrowRightIcon className="ml-2 size-4" />
      </Link>
    </div>
  )
}
