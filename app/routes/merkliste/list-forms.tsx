import { Form, Link, useRouteLoaderData } from '@remix-run/react'
import { type FormEvent, useEffect, useState } from 'react'
import { ArrowRightIcon, HeartIcon } from '#app/components/icons.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { type loader as rootLoader } from '#app/root.tsx'
import { COMPARE_MAX, COMPARE_MIN, COMPARE_PATH, SAVED_LIST_PATH, shareHref } from '#app/vehicles/saved-list.ts'

import { COMPARE_FORM_ID } from './saved-item'

/* The Merkliste's forms below its cards (route.tsx): compare the ticked cars, share or empty the list, or take over a shared one. */

/**
 * A GET form (works without JavaScript): the ticked cars side by side at /merkliste/vergleich. With
 * JavaScript a choice of fewer than two or more than three is said here, before leaving the list;
 * without it the comparison page says so.
 */
export function CompareForm({ count }: { count: number }) {
  // The number ticked at the last press, and how many presses were refused.
  const [ticked, setTicked] = useState<number | null>(null)
  const [refusals, setRefusals] = useState(0)
  // One car: no boxes to tick (saved-item.tsx), and here the way to a comparison.
  if (count === 1) return <p className="mt-6 text-sm text-zinc-700">Merken Sie ein weiteres Fahrzeug, um es mit diesem zu vergleichen.</p>
  if (count < COMPARE_MIN) return null
  const refused = ticked !== null && (ticked < COMPARE_MIN || ticked > COMPARE_MAX)
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // The checkboxes sit on the cards and belong to this form through their `form` attribute.
    const chosen = new FormData(event.currentTarget).getAll('ids').length
    setTicked(chosen)
    if (chosen < COMPARE_MIN || chosen > COMPARE_MAX) {
      event.preventDefault()
      setRefusals((n) => n + 1)
    }
  }
  return (
    <Form id={COMPARE_FORM_ID} method="get" action={COMPARE_PATH} onSubmit={onSubmit} className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
      <button type="submit" className={buttonClasses({ variant: 'primary', size: 'md' })}>
        AUSGEWÄHLTE VERGLEICHEN
        <ArrowRightIcon className="size-4" />
      </button>
      {/* A live region from the start, so that the refusal is read out where the button keeps the focus; each
          refusal puts its words in anew (keyed), so a second press with the same number is read out too. */}
      <p role="status" className={refused ? 'text-sm font-medium text-red-700' : 'text-sm text-zinc-700'}>
        <span key={refusals}>
          {refused
            ? `Bitte wählen Sie zwei oder drei Fahrzeuge – ausgewählt ${ticked === 1 ? 'ist' : 'sind'} ${ticked}.`
            : 'Wählen Sie zwei oder drei Fahrzeuge.'}
        </span>
      </p>
    </Form>
  )
}

/** The link that shows this list to anyone, and „Alle entfernen“. */
export function ShareAndClear({ ids, onClear }: { ids: string[]; onClear: () => void }) {
  const { siteUrl } = useRouteLoaderData<typeof rootLoader>('root') ?? {}
  const link = `${siteUrl ?? ''}${shareHref(ids)}`
  const [copied, setCopied] = useState(false)
  const [canCopy, setCanCopy] = useState(false)
  // A car removed since: the copied link is no longer this list's.
  useEffect(() => setCopied(false), [link])
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
