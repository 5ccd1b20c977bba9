import { useLocation } from '@remix-run/react'
import { useEffect, useSyncExternalStore, type CSSProperties } from 'react'
import { toast, Toaster as Sonner } from 'sonner'

/*
 * The toast region and sonner, loaded on demand (never imported statically: docs/decisions/050).
 * root.tsx renders it lazily once a visitor starts on a form (toaster.tsx); toast.ts calls `toast`.
 */

export { toast }

// Sonner's rich colours put red/green text on pale backgrounds at about 4.2:1, short of WCAG AA
// (4.5:1). These darker shades of the same hues reach ≥ 6:1; sonner reads them as CSS variables.
const ACCESSIBLE_RICH_COLORS = {
  '--success-bg': '#f0fdf4',
  '--success-border': '#86efac',
  '--success-text': '#14532d',
  '--error-bg': '#fef2f2',
  '--error-border': '#fca5a5',
  '--error-text': '#7f1d1d',
  '--info-bg': '#eff6ff',
  '--info-border': '#93c5fd',
  '--info-text': '#1e3a8a',
  '--warning-bg': '#fffbeb',
  '--warning-border': '#fcd34d',
  '--warning-text': '#78350f',
} as CSSProperties

/*
 * Where toasts show: at the top centre, in the fixed header's band (80 px), which a form never is; the
 * first invalid field is scrolled below it. At the bottom a toast covered a form's lower fields (the
 * enquiry's „Nachricht“ at 1280×720) and, on a phone, the send button the thumb was about to tap again.
 * In a window under 30rem high (200 % zoom, a phone held sideways) the header scrolls away and the
 * invalid field comes to the top: there the toast shows at the bottom.
 */
const IN_THE_HEADER = { top: 8 }
// The `short:` variant's query (app/tailwind.css), followed as useMediaQuery does. Not imported from it: this
// region is loaded on its own, and sharing the hook with it put the hook in a chunk of its own, one more
// script on the home page (its budget: scripts/lighthouse.mjs, decision 094).
const SHORT_WINDOW = '(height < 30rem)'
// Without matchMedia (jsdom) the usual place.
const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(SHORT_WINDOW) : undefined)
function subscribeShort(onChange: () => void) {
  const query = media()
  query?.addEventListener('change', onChange)
  return () => query?.removeEventListener('change', onChange)
}
const isShort = () => media()?.matches ?? false

/**
 * The site's single toast region (spec §9): one toast at a time, 5 s each, swipe right to
 * dismiss, F8 moves focus to the region. Destructive messages use `toast.error`.
 * (See docs/decisions/005-toast-options.md for the spec values sonner has no counterpart for.)
 */
export default function ToastRegion() {
  // A toast belongs to the page it was raised on: leaving the page takes it along.
  const { pathname } = useLocation()
  useEffect(
    () => () => {
      toast.dismiss()
    },
    [pathname],
  )
  // The region renders only in the browser (toaster.tsx), so the server's answer is never used.
  const short = useSyncExternalStore(subscribeShort, isShort, () => false)
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      swipeDirections={['right']}
      hotkey={['F8']}
      containerAriaLabel="Benachrichtigungen"
      richColors
      closeButton
      position={short ? 'bottom-center' : 'top-center'}
      offset={short ? undefined : IN_THE_HEADER}
      mobileOffset={short ? undefined : IN_THE_HEADER}
      theme="light"
      style={ACCESSIBLE_RICH_COLORS}
      // Sonner's close button is 20 px: too small a target for a finger (at least 24 px, WCAG 2.5.8). Moved in
      // by a quarter, not a third, of its size, so that it stays on the screen above a toast at the top.
      toastOptions={{
        closeButtonAriaLabel: 'Benachrichtigung schließen',
        className: 'font-sans',
        classNames: { closeButton: '!size-8 [--toast-close-button-transform:translate(-25%,-25%)]' },
      }}
    />
  )
}
