import { useRouteLoaderData } from '@remix-run/react'
import { type loader as rootLoader } from '#app/root.tsx'
import { type useSiteSettings } from '#app/utils/site-settings.ts'

/** On paper only: who offers the car and how to reach them, above the vehicle (a printout has no header or footer). */
export function PrintLetterhead({ settings, path }: { settings: ReturnType<typeof useSiteSettings>; path: string }) {
  const { siteUrl } = useRouteLoaderData<typeof rootLoader>('root') ?? {}
  const address = settings.address
  const contact = [
    address ? `${address.street}, ${address.postalCode} ${address.city}` : null,
    settings.phone ? `Tel. ${settings.phone}` : null,
    settings.email,
  ].filter(Boolean)
  return (
    <div className="hidden border-b-2 border-black pb-2 print:block">
      <p className="text-lg font-bold">{settings.dealerName}</p>
      <p className="text-sm">{contact.join(' · ')}</p>
      {siteUrl ? <p className="text-sm">{`${siteUrl}${path}`}</p> : null}
    </div>
  )
}
