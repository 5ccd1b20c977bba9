import { Form, Link, useRouteLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { ArrowRightIcon, HeartIcon } from '#app/components/icons.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { type loader as rootLoader } from '#app/root.tsx'
import { COMPARE_PATH, SAVED_LIST_PATH, shareHref } from '#app/vehicles/saved-list.ts'

import { COMPARE_FORM_ID } from './saved-item'

/* The Merkliste's forms below its cards (route.tsx): compare the ticked cars, share or empty the list, or take over a shared one. */

/** A GET form (works without JavaScript): the ticked cars side by side at /merkliste/vergleich. */
export function CompareForm({ count }: { count: number }) {
  if (count < 2) return null
  return (
    <Form id={COMPARE_FORM_ID} method="get" action={COMPARE_PATH} className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
      <button type="submit" className={buttonClasses({ variant: 'primary', size: 'md' })}>
        AUSGEWÄHLTE VERGLEICHEN
        <ArrowRightIcon className="size-4" />
      </button>
      <p className="text-sm text-zinc-700">Wählen Sie zwei oder drei Fahrzeuge.</p>
    </Form>
  )
}

/** The link that shows this list to anyone, and „Alle entfernen“. */
export function ShareAndClear({ ids, onClear }: { ids: string[]; onClear: () => void }) {
  const { siteUrl } = useRouteLoaderData<typeof rootLoader>('root') ?? {}
  const link = `${siteUrl ?? ''}${shareHref(ids)}`
  const [copied, setCopied] = useState(false)
  const [canCopy, setCanCopy] = useState(false)
  useEffect(() => setCanCopy(typeof navigator !== 'undefined' && Boolean(navigator.clipboard)), [])
  return (
    <div className="mt-10 grid gap-8 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
      <div>
        <h2 className="text-xl text-zinc-950 normal-case">Merkliste teilen</h2>
        <p className="mt-2 text-sm text-zinc-700">Mit diesem Link sieht jeder diese Fahrzeuge. Er enthält nur die Fahrzeugnummern, nichts über Sie.</p>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <label htmlFor="merkliste-link" className="sr-only">
            Link zur Merkliste
          </label>
          <input
            id="merkliste-link"
            type="url"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className="min-h-11 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900"
          />
          {canCopy ? (
            <button
              type="button"
              onClick={() => void navigator.clipboard.writeText(link).then(() => setCopied(true))}
              className={buttonClasses({ variant: 'outline-dark', size: 'md', className: 'shrink-0' })}
            >
              {copied ? 'KOPIERT' : 'LINK KOPIEREN'}
            </button>
          ) : null}
        </div>
        {/* Screen readers do not read a focused button's new name out; this line they do. */}
        <p role="status" className="sr-only">
          {copied ? 'Link kopiert' : ''}
        </p>
      </div>
      <Form method="post" action={SAVED_LIST_PATH} preventScrollReset onSubmit={onClear}>
        <input type="hidden" name="intent" value="clear" />
        <button type="submit" className={buttonClasses({ variant: 'outline-dark', size: 'md' })}>
          ALLE ENTFERNEN
        </button>
      </Form>
    </div>
  )
}

/** A shared list into one's own Merkliste. */
export function AdoptForm({ ids, hasOwn }: { ids: string[]; hasOwn: boolean }) {
  return (
    <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:items-center">
      <Form method="post" action={SAVED_LIST_PATH}>
        <input type="hidden" name="intent" value="adopt" />
        <input type="hidden" name="ids" value={ids.join(',')} />
        <button type="submit" className={buttonClasses({ variant: 'dark', size: 'md' })}>
          <HeartIcon className="size-4" />
          IN MEINE MERKLISTE ÜBERNEHMEN
        </button>
      </Form>
      {hasOwn ? (
        <Link to={SAVED_LIST_PATH} className="inline-flex min-h-11 items-center font-semibold text-zinc-950 underline underline-offset-4">
          Zu meiner Merkliste
        </Link>
      ) : null}
    </div>
  )
}
