import { useEffect, useMemo, useRef, useState } from 'react'
import { CameraIcon } from '#app/components/icons.tsx'
import { MAX_PHOTOS, PHOTO_ACCEPT, PHOTO_FIELD, PHOTO_MESSAGES } from '#app/submissions/photos.ts'
import { useHydrated } from '#app/utils/hydration.tsx'

const fileKey = (file: File) => `${file.name}\n${file.size}\n${file.lastModified}`

interface PhotoFieldProps {
  /** The input's id (the error summary links to it). */
  inputId: string
  /** The messages at the field (the server's, or the form's own check). */
  errors: readonly string[] | undefined
  /** A new choice: the form's own photo message no longer applies. */
  onChoose: () => void
}

/**
 * The sell request's photo field: label, file input, the photos chosen, the messages and the hint
 * (after the control, so a jump to the field keeps the label below the header).
 *
 * A browser's file input replaces its photos with each new choice, so a seller who picked them one
 * by one sent only the last. With JavaScript each choice adds to the
 * earlier ones, shown with a preview and „Entfernen“, and the input holds them all, so the form sends
 * what the list shows. Without JavaScript the input is the browser's own.
 *
 * With JavaScript the input is also drawn as the site's own button, „Fotos auswählen“, with the count
 * beside it: the browser's control writes its own words in the browser's language („Choose Files“)
 * and cut its „Keine ausgewählt“ short on a phone. The input stays in the page (visually hidden,
 * focusable, its label unchanged), and photos dropped on the field are added like chosen ones.
 */
export function PhotoField({ inputId, errors, onChoose }: PhotoFieldProps) {
  const hydrated = useHydrated()
  const input = useRef<HTMLInputElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const [chosen, setChosen] = useState<File[]>([])
  // Chosen files whose preview the browser could not draw: said at once, not only after sending.
  const [unreadable, setUnreadable] = useState<ReadonlySet<string>>(new Set())
  const previews = useMemo(() => (typeof URL.createObjectURL === 'function' ? chosen.map((file) => URL.createObjectURL(file)) : []), [chosen])
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews])

  /** The photos the form will send: the list and the input alike. */
  const keep = (files: File[]) => {
    const transfer = new DataTransfer()
    for (const file of files) transfer.items.add(file)
    if (input.current) input.current.files = transfer.files
    setChosen(files)
  }
  const add = (files: Iterable<File>) => {
    onChoose()
    const known = new Set(chosen.map(fileKey))
    keep([...chosen, ...[...files].filter((file) => !known.has(fileKey(file)))])
  }
  const onChange = () => {
    if (hydrated) add(input.current?.files ?? [])
    else onChoose()
  }
  // Photos chosen before the scripts arrived are in the input: the list starts with them.
  useEffect(() => {
    if (hydrated && input.current?.files?.length) setChosen([...input.current.files])
  }, [hydrated])
  const remove = (index: number) => {
    const rest = chosen.filter((_, at) => at !== index)
    keep(rest)
    // Focus stays in the list (the next photo's button), or goes back to the input once it is empty.
    requestAnimationFrame(() => {
      const buttons = list.current?.querySelectorAll('button')
      const next = buttons?.[Math.min(index, (buttons?.length ?? 1) - 1)]
      ;(rest.length > 0 && next ? next : input.current)?.focus()
    })
  }

  const tooMany = chosen.length > MAX_PHOTOS
  const own = [
    ...(tooMany ? [PHOTO_MESSAGES.tooMany] : []),
    ...chosen.filter((file) => unreadable.has(fileKey(file))).map((file) => PHOTO_MESSAGES.notAnImage(file.name)),
  ]
  const messages = [...new Set([...(errors ?? []), ...own])]
  return (
    <>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-zinc-900">
        Fotos Ihres Fahrzeugs
      </label>
      <div
        className={hydrated ? 'relative flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-dashed border-zinc-400 bg-zinc-50 p-3' : undefined}
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault()
          add(event.dataTransfer.files)
        }}
      >
        <input
          ref={input}
          id={inputId}
          name={PHOTO_FIELD}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          aria-invalid={messages.length > 0 ? true : undefined}
          aria-describedby={[`${inputId}-hint`, messages.length > 0 ? `${inputId}-error` : ''].filter(Boolean).join(' ')}
          onChange={onChange}
          className={
            hydrated
              ? // Pinned to the field's top: a jump to the input (the error summary's link) then shows the label above it.
                'peer sr-only top-0 left-0'
              : 'block w-full min-h-11 rounded-lg border border-dashed border-zinc-400 bg-zinc-50 p-3 text-base text-zinc-900 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-zinc-900 file:px-4 file:font-semibold file:text-white focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-zinc-900'
          }
        />
        {hydrated ? (
          // A second label of the input, drawn as a button; hidden from assistive technology, which
          // names the input by its first label and announces the list of chosen photos.
          <>
            <label
              htmlFor={inputId}
              aria-hidden="true"
              className="inline-flex min-h-11 max-w-full cursor-pointer items-center gap-2 rounded-md bg-zinc-900 px-4 font-semibold text-white hover:bg-zinc-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-zinc-900 [&_svg]:shrink-0"
            >
              <CameraIcon />
              {/* Inside its box at a larger default font too: „aus-/wählen“ where it must break. */}
              {chosen.length === 0 ? 'Fotos aus\u00ADwählen' : 'Weitere Fotos'}
            </label>
            <span aria-hidden="true" className="text-sm text-zinc-700">
              {chosen.length === 0 ? 'Noch keine Fotos ausgewählt' : chosen.length === 1 ? '1 Foto ausgewählt' : `${chosen.length} Fotos ausgewählt`}
            </span>
          </>
        ) : null}
      </div>
      {hydrated && chosen.length > 0 ? (
        <ul ref={list} aria-label="Ausgewählte Fotos" className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {chosen.map((file, index) => (
            // On a narrow phone „Entfernen“ goes below, so the name keeps room to be read (it was „I…“ at 320 px).
            <li key={fileKey(file)} className="flex flex-wrap items-center gap-x-3 rounded-lg border border-zinc-200 bg-white p-2">
              {previews[index] && !unreadable.has(fileKey(file)) ? (
                <img
                  src={previews[index]}
                  alt=""
                  onError={() => setUnreadable((known) => new Set(known).add(fileKey(file)))}
                  className="size-12 shrink-0 rounded object-cover"
                />
              ) : null}
              <span className="min-w-24 flex-1 truncate text-sm text-zinc-900">{file.name}</span>
              <button
                type="button"
                onClick={() => remove(index)}
                aria-label={`Foto „${file.name}“ entfernen`}
                className="ml-auto min-h-11 shrink-0 rounded-md px-3 text-sm font-semibold text-zinc-950 underline underline-offset-4 hover:no-underline focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-zinc-900"
              >
                Entfernen
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {messages.length > 0 ? (
        <ul id={`${inputId}-error`} className="mt-1.5 space-y-1 text-sm font-medium text-red-700">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      <p id={`${inputId}-hint`} className="mt-2 text-sm text-zinc-600">
        Bis zu {MAX_PHOTOS} Fotos als JPEG, PNG oder WebP, je höchstens 10{'\u00a0'}MB: am besten vorne, hinten, Innenraum, Tacho und Schäden. Wir speichern die
        Fotos ohne Standort- und Kameradaten und zeigen sie niemandem außer unserem Team.
        {hydrated ? ' Sie können Fotos auch nacheinander auswählen.' : null}
      </p>
    </>
  )
}
