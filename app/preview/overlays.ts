/*
 * The Studio's preview in the browser (docs/decisions/031): Sanity's overlays, where a click on a
 * text opens its field in the Studio, and a note with the way out. Built by itself
 * (scripts/build-preview.mjs) and loaded by a <script> only on preview pages, so visitors' bundles
 * stay exactly as they were. It drives the page through Remix's router (`window.__remixRouter`):
 * an edit in the Studio revalidates the loaders (the drafts show as staff type, without a reload),
 * and navigating in the Studio navigates the page.
 */
import { enableVisualEditing } from '@sanity/visual-editing'

interface RemixRouter {
  state: { location: { pathname: string; search: string; hash: string } }
  subscribe(listener: (state: RemixRouter['state']) => void): () => void
  navigate(to: string | number, options?: { replace?: boolean }): Promise<void>
  revalidate(): Promise<void>
}

const router = (): RemixRouter | undefined => (window as unknown as { __remixRouter?: RemixRouter }).__remixRouter
const here = ({ pathname, search, hash }: RemixRouter['state']['location']) => `${pathname}${search}${hash}`

function showNote(perspective: string) {
  const shown = perspective === 'drafts' ? 'Entwürfe' : perspective === 'published' ? 'veröffentlichte Fassung' : `Release ${perspective.split(',')[0]}`
  const note = document.createElement('p')
  note.setAttribute('role', 'status')
  note.style.cssText =
    'position:fixed;bottom:12px;left:12px;z-index:60;margin:0;padding:8px 16px;border-radius:8px;background:rgb(9 9 11 / .9);color:#fff;font:14px/1.4 system-ui,sans-serif;box-shadow:0 4px 12px rgb(0 0 0 / .3)'
  const leave = document.createElement('a')
  leave.textContent = 'Vorschau beenden'
  leave.style.cssText = 'color:#fbbf24;font-weight:600;text-decoration:underline'
  // Back to the page shown at the moment of the click (Remix may have navigated since).
  const update = () => {
    leave.href = `/api/preview-mode/disable?redirect=${encodeURIComponent(location.pathname)}`
  }
  update()
  leave.addEventListener('click', update)
  note.append(`Vorschau: ${shown} · `, leave)
  document.body.append(note)
}

/**
 * After React has hydrated the document: a node added to <body> earlier fails the hydration, and
 * React then renders the whole page again without it.
 */
async function hydrated() {
  if (document.readyState !== 'complete') await new Promise((resolve) => addEventListener('load', resolve, { once: true }))
  while (!router()) await new Promise((resolve) => setTimeout(resolve, 50))
  await new Promise((resolve) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(resolve, { timeout: 1000 }) : setTimeout(resolve, 200)))
}

await hydrated()
const script = document.querySelector<HTMLScriptElement>('script[data-preview-perspective]')
showNote(script?.dataset.previewPerspective ?? 'drafts')

enableVisualEditing({
  history: {
    subscribe(navigate) {
      const remix = router()
      if (!remix) {
        navigate({ type: 'push', url: `${location.pathname}${location.search}${location.hash}` })
        return () => {}
      }
      navigate({ type: 'push', url: here(remix.state.location) })
      let last = here(remix.state.location)
      return remix.subscribe((state) => {
        const url = here(state.location)
        if (url !== last) navigate({ type: 'push', url })
        last = url
      })
    },
    update(update) {
      const remix = router()
      if (update.type === 'pop') history.back()
      else if (remix) void remix.navigate(update.url, { replace: update.type === 'replace' })
      else location.assign(update.url)
    },
  },
  refresh() {
    const remix = router()
    if (!remix) {
      location.reload()
      return false
    }
    return remix.revalidate()
  },
})
