/** Height of the fixed header: in-page jumps stop this far below the top (spec §9). */
export const HEADER_OFFSET = 80

/** Whether the visitor asked the system for less motion (false on the server). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)').matches : false
}

/**
 * Scrolls the element with this id to 80 px below the top of the viewport, clear of the fixed
 * header. `smooth` animates unless the visitor prefers reduced motion (the city pages of the
 * spec jump without animation). Focus moves to the section too, so keyboard and screen-reader
 * users continue where they landed, as after a native anchor jump.
 * Returns false when there is no such element (the caller then lets the link do its default).
 */
export function scrollToSection(id: string, { smooth = true }: { smooth?: boolean } = {}): boolean {
  const element = document.getElementById(id)
  if (!element) return false
  const top = element.getBoundingClientRect().top + window.scrollY - HEADER_OFFSET
  window.scrollTo({ top, behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'instant' })
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1')
  element.focus({ preventScroll: true })
  return true
}

/** The section id of an in-page target such as `#contact`, else null. */
export function sectionIdOf(target: string): string | null {
  return target.startsWith('#') && target.length > 1 ? decodeURIComponent(target.slice(1)) : null
}
