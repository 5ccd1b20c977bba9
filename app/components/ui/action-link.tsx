import { Link, useNavigate } from '@remix-run/react'
import { type MouseEvent, type ReactNode } from 'react'
import { buttonClasses, type ButtonSize, type ButtonVariant } from '#app/components/ui/button.tsx'
import { prefersReducedMotion, scrollToSection, sectionIdOf } from '#app/utils/scroll.ts'

/** A `link` object of the content model (a button label and where it leads). */
export interface ActionTarget {
  label?: string | null
  target?: string | null
  primary?: boolean | null
}

export interface ActionLinkProps {
  action: ActionTarget
  /** Surface the button sits on: amber/white outline on dark, amber/dark outline on light. */
  tone?: 'dark' | 'light'
  size?: ButtonSize
  /** In-page jumps animate (home) or jump at once (the city pages of the spec). */
  smooth?: boolean
  className?: string
  /** Extra content after the label, such as an arrow icon. */
  children?: ReactNode
}

/**
 * A content-managed button. `#section` targets are real anchors (they work without
 * JavaScript thanks to `scroll-padding-top`); with JavaScript they scroll to 80 px below the
 * top, smoothly unless the visitor prefers reduced motion. `/paths` are client-side links;
 * `tel:`, `mailto:` and external URLs are plain anchors.
 */
export function ActionLink({ action, tone = 'dark', size = 'lg', smooth = true, className, children }: ActionLinkProps) {
  const navigate = useNavigate()
  const label = action.label?.trim()
  const target = action.target?.trim()
  if (!label || !target) return null

  const variant: ButtonVariant = action.primary ? 'primary' : tone === 'dark' ? 'outline-light' : 'outline-dark'
  const classes = buttonClasses({ variant, size, surface: tone, className })
  const content = (
    <>
      {label}
      {children}
    </>
  )

  // `?betreff=ankauf#contact`: the section on this page, with a query the page reads (the
  // contact form's preselected subject). Without JavaScript the page reloads with it and jumps.
  // With JavaScript the client-side navigation changes only the query, and scrollToSection is the
  // one scroll: navigating to the hash too made the router scroll the section into view once the
  // navigation settled, which cut into the smooth scroll under way and left the section anywhere
  // from 80 px too low to 700 px too high (docs/decisions/056).
  const withQuery = /^(\?[^#]*)#(.+)$/.exec(target)
  if (withQuery) {
    const search = withQuery[1]!
    const id = decodeURIComponent(withQuery[2]!)
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      // No such section (yet): the link navigates to the query and the hash as usual. So does a jump
      // without animation: the router's hash scroll after the navigation is then the one scroll
      // (scroll-padding-top stops it below the header); an instant scroll of ours before it was undone.
      if (!document.getElementById(id) || !smooth || prefersReducedMotion()) return
      event.preventDefault()
      navigate(search, { preventScrollReset: true })
      scrollToSection(id, { smooth })
    }
    return (
      <Link to={target} preventScrollReset className={classes} onClick={onClick}>
        {content}
      </Link>
    )
  }
  const sectionId = sectionIdOf(target)
  if (sectionId) {
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      if (scrollToSection(sectionId, { smooth })) event.preventDefault()
    }
    return (
      <a href={target} className={classes} onClick={onClick}>
        {content}
      </a>
    )
  }
  if (target.startsWith('/') && !target.startsWith('//')) {
    return (
      <Link to={target} prefetch="intent" className={classes}>
        {content}
      </Link>
    )
  }
  const external = /^https?:\/\//.test(target)
  return (
    <a href={target} className={classes} {...(external ? { rel: 'noopener noreferrer' } : {})}>
      {content}
    </a>
  )
}
