import { controlsOf, type DraftKeeper } from './form-draft.ts'

/*
 * A form's draft across a reload of the tab (decision 106): opening the
 * camera hides the page, and a phone short of memory may drop the tab and load it again on return. The
 * sell form keeps its car here (never a person's data or the photos); a module of its own, so the pages
 * of the other forms do not load it.
 */
const storageKey = (key: string) => `formDraft ${key}`

/** The tab's sessionStorage, or nothing where it is switched off or refused (some private modes throw on access). */
function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  } catch {
    return undefined
  }
}

/** The fields kept across a reload under `key`, if any: texts and choices only. */
function restore(key: string): Map<string, string | boolean> | undefined {
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(storageKey(key)) ?? 'null')
    if (typeof stored !== 'object' || stored === null) return undefined
    return new Map(Object.entries(stored).filter((entry): entry is [string, string | boolean] => typeof entry[1] === 'string' || typeof entry[1] === 'boolean'))
  } catch {
    return undefined
  }
}

/**
 * Keeps the fields called `names` in the tab's sessionStorage, written whenever the page is hidden
 * (another app, the camera, a tab the phone may discard) or left (a reload): a full or refused
 * storage keeps nothing. Texts and choices only, never files.
 */
export function sessionDraft(names: readonly string[]): DraftKeeper {
  return { restore, keep: (form, key, sent) => keep(form, key, names, sent), forget: (key) => storage()?.removeItem(storageKey(key)) }
}

function keep(form: HTMLFormElement, key: string, names: readonly string[], sent: () => boolean): () => void {
  const save = () => {
    if (sent()) return
    const kept = controlsOf(form).flatMap(([name, control]) => {
      const input = control as HTMLInputElement
      if (!names.includes(input.name) || input.type === 'file') return []
      return [[name, /^(checkbox|radio)$/.test(input.type) ? input.checked : input.value] as const]
    })
    try {
      storage()?.setItem(storageKey(key), JSON.stringify(Object.fromEntries(kept)))
    } catch {
      // Full or refused: the draft stays in the tab's memory only.
    }
  }
  const onHidden = () => {
    if (document.visibilityState === 'hidden') save()
  }
  document.addEventListener('visibilitychange', onHidden)
  window.addEventListener('pagehide', save)
  return () => {
    document.removeEventListener('visibilitychange', onHidden)
    window.removeEventListener('pagehide', save)
  }
}
