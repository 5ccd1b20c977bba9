import { forwardRef, type ButtonHTMLAttributes } from 'react'

export type ButtonVariant = 'primary' | 'dark' | 'outline-light' | 'outline-dark' | 'ghost-light'
export type ButtonSize = 'md' | 'lg'

// Below 20rem (a larger default font on a phone) a word of a label can be wider than the card it sits in:
// it breaks at its soft hyphens (long words of content labels get them on the server, decision 102) or,
// failing those, anywhere, rather than widen the page; the icon keeps its size.
const BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg font-bold uppercase tracking-wide text-center max-[20rem]:wrap-anywhere [&_svg]:shrink-0 ' +
  'transition-colors duration-200 disabled:cursor-not-allowed disabled:opacity-70 ' +
  'focus-visible:outline-3 focus-visible:outline-offset-3'

// The focus outline must stand out from the surface around the button, not from the button:
// amber on dark surfaces, near-black on light ones.
const FOCUS_OUTLINE = { dark: 'focus-visible:outline-amber-400', light: 'focus-visible:outline-zinc-900' } as const
export type Surface = keyof typeof FOCUS_OUTLINE

// Contrast (WCAG AA): zinc-950 on amber-400 ≈ 11:1; white on zinc-900 ≈ 17:1; white on the dark
// hero behind its overlay stays well above 4.5:1.
// Forced colours (Windows high contrast) paint every background as Canvas: the filled buttons get a
// border there, in the system's text colour, or they would read as plain text. Only there, so the
// buttons keep their size everywhere else.
const FILLED_IN_FORCED_COLORS = 'forced-colors:border-2'
const VARIANTS: Record<ButtonVariant, string> = {
  primary: `bg-amber-400 text-zinc-950 shadow-sm hover:bg-amber-300 ${FILLED_IN_FORCED_COLORS}`,
  dark: `bg-zinc-900 text-white shadow-sm hover:bg-zinc-700 ${FILLED_IN_FORCED_COLORS}`,
  'outline-light': 'border-2 border-white/80 text-white hover:bg-white hover:text-zinc-950',
  'outline-dark': 'border-2 border-zinc-900 text-zinc-900 hover:bg-zinc-900 hover:text-white',
  'ghost-light': 'text-white hover:bg-white/10',
}

/** The surface each variant is made for, when the caller does not say. */
const DEFAULT_SURFACE: Record<ButtonVariant, Surface> = {
  primary: 'dark',
  dark: 'light',
  'outline-light': 'dark',
  'outline-dark': 'light',
  'ghost-light': 'dark',
}

// Both sizes keep the 44 px minimum touch target.
const SIZES: Record<ButtonSize, string> = {
  md: 'min-h-11 px-5 py-2.5 text-sm',
  lg: 'min-h-12 px-7 py-3 text-sm sm:text-base',
}

/** Class names of a button-looking element (a button, a link, a Remix Link). */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  surface = DEFAULT_SURFACE[variant],
  className = '',
}: { variant?: ButtonVariant; size?: ButtonSize; surface?: Surface; className?: string } = {}) {
  return `${BASE} ${VARIANTS[variant]} ${FOCUS_OUTLINE[surface]} ${SIZES[size]} ${className}`.trim()
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: ButtonSize
  surface?: Surface
}

/** A real `<button>` (actions); for navigation use a link styled with buttonClasses(). */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size, surface, className, type = 'button', ...props }, ref) {
  return <button ref={ref} type={type} className={buttonClasses({ variant, size, surface, className })} {...props} />
})
