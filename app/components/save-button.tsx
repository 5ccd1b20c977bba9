import { useLocation } from '@remix-run/react'
import { type FormEvent, useState } from 'react'
import { HeartIcon } from '#app/components/icons.tsx'
import { addSavedId, MAX_SAVED_VEHICLES, removeSavedId, SAVED_LIST_PATH, useSavedIds, writeSavedIds } from '#app/vehicles/saved-list.ts'

export interface SaveButtonProps {
  /** The vehicle's public id. */
  id: string
  /** Make and model, for the button's name („Merken: BMW 320d“). */
  name: string
  className?: string
}

/**
 * „Merken“ (issue 38): without JavaScript a form post to /merkliste, which stores the id in the
 * Merkliste's cookie and shows the list; with it a toggle that writes the same cookie in the browser,
 * no request (`aria-pressed` says whether the car is saved). A saved car's button reads „Gemerkt“
 * (colour and heart alone tell sighted visitors nothing), and its name follows
 * the visible word, so a voice user says what is shown. The server always renders „Merken“ without
 * `aria-pressed` (pages are cached for everyone, decision 079); the state appears after hydration.
 */
export function SaveButton({ id, name, className = '' }: SaveButtonProps) {
  const saved = useSavedIds()
  const { pathname, search } = useLocation()
  const [full, setFull] = useState(false)
  const pressed = saved ? saved.includes(id) : undefined

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!saved) return
    event.preventDefault()
    if (pressed) {
      writeSavedIds(removeSavedId(saved, id))
      setFull(false)
      return
    }
    const outcome = addSavedId(saved, id)
    setFull(outcome.full)
    if (outcome.changed) writeSavedIds(outcome.ids)
  }

  return (
    <form method="post" action={SAVED_LIST_PATH} onSubmit={onSubmit} className={className}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={`${pathname}${search}`} />
      <button
        type="submit"
        aria-pressed={pressed}
        // Named here, not by a hidden span: Chromium would hear „Merken : …“ with a space before the colon.
        aria-label={`${pressed ? 'Gemerkt' : 'Merken'}: ${name}`}
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-zinc-300 bg-white/95 px-4 text-sm font-bold text-zinc-950 shadow-sm hover:border-zinc-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 aria-pressed:border-amber-400 aria-pressed:bg-amber-300"
      >
        <HeartIcon filled={pressed === true} className="size-5 text-zinc-950" />
        {pressed ? 'Gemerkt' : 'Merken'}
      </button>
      {full ? (
        <p role="status" className="mt-2 rounded bg-white/95 px-2 text-sm font-semibold text-zinc-950">
          Ihre Merkliste ist voll ({MAX_SAVED_VEHICLES} Fahrzeuge).{' '}
          <a href={SAVED_LIST_PATH} className="underline underline-offset-4">
            Merkliste ansehen
          </a>
        </p>
      ) : null}
    </form>
  )
}
