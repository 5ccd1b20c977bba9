import { lazy, Suspense, useEffect, useState } from 'react'

const ToastRegion = lazy(() => import('#app/components/ui/toast-region.tsx'))

/**
 * The site's single toast region (spec §9), mounted once the visitor starts on a form: a focus, a
 * tap or a submit inside one. sonner and the region then load (docs/decisions/050), so the region
 * exists before the form's first toast and screen readers announce it; a toast raised before it
 * arrived appears when it does (sonner replays active toasts to a region that subscribes late).
 */
export function Toaster() {
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    if (wanted) return
    const onFormIntent = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('form')) setWanted(true)
    }
    const events = ['focusin', 'pointerdown', 'submit'] as const
    for (const type of events) document.addEventListener(type, onFormIntent, { capture: true })
    return () => {
      for (const type of events) document.removeEventListener(type, onFormIntent, { capture: true })
    }
  }, [wanted])
  return wanted ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null
}
