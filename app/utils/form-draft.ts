import { useCallback, useRef } from 'react'

/*
 * What a visitor typed into a form, kept while they look at another page of the site (the
 * „Datenschutzerklärung“ link under every form, then Back, emptied a
 * filled sell form, photos included). With JavaScript a link is a client-side navigation, which
 * unmounts the form; without it the browser's back-forward cache keeps the page as it was. The
 * draft lives in this tab's memory, and a sent form leaves none.
 * A form may also pass a keeper for what must survive a reload (form-draft-reloads.ts: the sell
 * form's car); only the pages of such a form load it.
 */

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/** Where a form's draft is kept beyond the tab's memory, so a reload finds it (form-draft-reloads.ts). */
export interface DraftKeeper {
  /** What was kept under `key`: asked when the tab's memory has no draft of it. */
  restore(key: string): Map<string, string | boolean> | undefined
  /** Keeps `form` under `key` from now on, until it is sent; returns what stops it. */
  keep(form: HTMLFormElement, key: string, sent: () => boolean): () => void
  /** The form was sent: nothing is kept for it any more. */
  forget(key: string): void
}

const drafts = new Map<string, Map<string, string | boolean | File[]>>()

/**
 * The controls the visitor fills in, each by its name (a checkbox or radio button also by its
 * value): not the hidden ones (a stale submission key would name the lead already sent) or buttons.
 */
export function controlsOf(form: HTMLFormElement): Array<[string, Control]> {
  return [...form.elements].flatMap((element) => {
    const control = element as Control
    if (!control.name || /^(hidden|submit|button|reset|image|fieldset)$/.test(control.type)) return []
    return [[/^(checkbox|radio)$/.test(control.type) ? `${control.name}=${control.value}` : control.name, control]]
  })
}

/**
 * Keeps the draft of the form this ref is given to under `key` (its page and anchor): restored when
 * the form is drawn again in this tab, kept when it goes; `forget` once it is sent. Restoring runs
 * before the photo field reads its input (a parent's ref comes before its children's effects), so
 * the photos come back to its list as well.
 */
export function useFormDraft(key: string, keeper?: DraftKeeper): { ref: (form: HTMLFormElement | null) => void; forget: () => void } {
  const drawn = useRef<HTMLFormElement | null>(null)
  const sent = useRef(false)
  const stopKeeping = useRef<(() => void) | undefined>(undefined)
  const ref = useCallback(
    (form: HTMLFormElement | null) => {
      const leaving = drawn.current
      drawn.current = form
      stopKeeping.current?.()
      stopKeeping.current = undefined
      if (form) {
        sent.current = false
        const draft = drafts.get(key) ?? keeper?.restore(key)
        for (const [name, control] of draft ? controlsOf(form) : []) {
          const value = draft!.get(name)
          if (typeof value === 'boolean') (control as HTMLInputElement).checked = value
          else if (Array.isArray(value) && value.length > 0) {
            const transfer = new DataTransfer()
            for (const file of value) transfer.items.add(file)
            ;(control as HTMLInputElement).files = transfer.files
          } else if (typeof value === 'string') control.value = value
        }
        stopKeeping.current = keeper?.keep(form, key, () => sent.current)
      } else if (leaving && !sent.current) {
        const draft = new Map<string, string | boolean | File[]>()
        for (const [name, control] of controlsOf(leaving)) {
          const input = control as HTMLInputElement
          draft.set(name, /^(checkbox|radio)$/.test(input.type) ? input.checked : input.type === 'file' ? [...(input.files ?? [])] : input.value)
        }
        drafts.set(key, draft)
      }
    },
    // A keeper is a module constant of the form that passes it.
    [key],
  )
  const forget = useCallback(() => {
    sent.current = true
    drafts.delete(key)
    keeper?.forget(key)
  }, [key])
  return { ref, forget }
}

/** A form's draft key: where it sends (its page and anchor) and, for a form a query fills in, that query. */
export const draftKey = (action: string, query: URLSearchParams | string = '') => `${action} ${query}`

/** Gives the form drawn next under `key` these values: a form's hand-over to another, outside the address. */
export function handOverDraft(key: string, values: Iterable<[string, string]>) {
  drafts.set(key, new Map(values))
}

/** Every draft gone, as in a new tab: each unit test starts from one (tests/setup-unit.ts). */
export function forgetFormDrafts() {
  drafts.clear()
}
