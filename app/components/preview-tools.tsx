import { useLocation } from '@remix-run/react'
import { VisualEditing } from '@sanity/visual-editing/remix'

/**
 * What only staff in the Studio's preview get (loaded as a chunk of its own, never for visitors):
 * Sanity's overlays, where a click on a text opens its field in the Studio and every edit reloads
 * the page's data, and a note saying which content is shown, with the way out.
 */
export default function PreviewTools({ perspective }: { perspective: string }) {
  const { pathname } = useLocation()
  const shown = perspective === 'drafts' ? 'Entwürfe' : perspective === 'published' ? 'veröffentlichte Fassung' : `Release ${perspective.split(',')[0] ?? ''}`
  return (
    <>
      <p role="status" className="fixed bottom-3 left-3 z-[60] rounded-lg bg-zinc-950/90 px-4 py-2 text-sm text-white shadow-lg print:hidden">
        Vorschau: {shown} ·{' '}
        <a className="font-semibold text-amber-400 underline" href={`/api/preview-mode/disable?redirect=${encodeURIComponent(pathname)}`}>
          Vorschau beenden
        </a>
      </p>
      <VisualEditing />
    </>
  )
}
