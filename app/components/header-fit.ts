/*
 * Whether the header's one row holds the logo, the menu links and the phone button (issue 36: an
 * eighth menu item, which the settings allow, pushed the phone button out of the viewport; at
 * 1280 px seven already did). The labels are content, so the row is measured from them on the
 * server: the links show from the first width where the row fits, the number beside the phone icon
 * only where it fits too, and otherwise the menu button serves at every width. Decided in the HTML
 * (Tailwind breakpoints), so it holds before and without scripts and never jumps after hydration.
 * The header's row is wider than the page's content (96rem instead of 80rem), so that on wide
 * screens the number finds room beside seven links.
 *
 * Worked out once per request by the root loader (siteHeaderFit), so the estimate's code stays out of
 * the browser's scripts; SiteHeader gets the result.
 *
 * The widths are estimates of bold system sans-serif (Arial/Liberation Sans metrics, which Segoe UI and
 * Roboto do not exceed by much) with a safety margin; tests/e2e/header-fit.test.ts checks them in Chromium.
 */

import { type SiteSettings } from '#app/utils/site-settings.ts'

/**
 * From which width a part of the header shows: `lg` (1024 px), `xl` (1280 px), `laptop` (1366 px), `wide` (1440 px), `2xl` (1536 px)
 * or never. The pixels are at the browsers' default 16 px font; the breakpoints are in rem, like the text they make room for, so a
 * larger default font moves them with it.
 */
export type HeaderBreakpoint = 'lg' | 'xl' | 'laptop' | 'wide' | '2xl' | 'never'

export interface HeaderFit {
  /** The desktop links (and the phone button beside them); below this, the menu button. */
  linksFrom: HeaderBreakpoint
  /** The phone number written beside the phone icon (spec §2: the desktop phone button shows the number). */
  numberFrom: HeaderBreakpoint
  /** The widths at which the row needs 96rem; at all others it is the content's 80rem, aligned with the page. */
  wideAt: readonly HeaderBreakpoint[]
}

/**
 * The widths, smallest first: the row there is the viewport less a classic scrollbar (15 px) and the
 * padding (2 × 32 px), within the header's max width; links have px-2, gap-1 at lg and gap-2 above.
 */
const TIERS = [
  { name: 'lg', min: 1024, padding: 8, gap: 4 },
  { name: 'xl', min: 1280, padding: 8, gap: 8 },
  { name: 'laptop', min: 1366, padding: 8, gap: 8 },
  { name: 'wide', min: 1440, padding: 8, gap: 8 },
  { name: '2xl', min: 1536, padding: 8, gap: 8 },
] as const
type Tier = (typeof TIERS)[number]
const viewport = (tier: Tier) => tier.min - 15
/** The row at max-w-[96rem], the most room the header can have. */
const wideRow = (tier: Tier) => Math.min(viewport(tier), 1536) - 64
/**
 * The row at max-w-7xl, the page's content box (80rem less px-8), plus the margin on its right up to
 * the padding from the viewport's edge: the row starts at the content's left edge, and a row that does
 * not fit the box runs on into that margin (a flex row that cannot shrink overflows at its end).
 */
const alignedRow = (tier: Tier) => Math.min(viewport(tier), 1280) - 64 + Math.max(0, (viewport(tier) - 1280) / 2)
/** Gaps between logo, links and phone block (gap-4), and the icon-only phone button (px-5, 16 px icon). */
const ROW_GAPS = 2 * 16
const PHONE_ICON_BUTTON = 20 + 16 + 20
/**
 * The Merkliste's heart link where the links show (lg:size-10) and its gap-1 before the phone button
 * (issue 38). It took the room of px-2.5 on the links at xl: all links have px-2 now (decision 079).
 */
const SAVED_LIST_LINK = 40 + 4
/** Estimates are this much too wide on purpose: a row that might not fit counts as not fitting. */
const SAFETY = 1.05

/**
 * Width of a text in bold sans-serif at `size` px, upper case as the header sets it, with `tracking`
 * em per letter, calibrated in Chromium on Linux (`system-ui`, wider than Arial Bold): the seed's seven
 * labels measured 628 px of text (estimated 624), „0201 8512 3400“ 131 px (estimated 131).
 */
export function textWidth(text: string, size: number, tracking = 0): number {
  let em = 0
  for (const char of text.toLocaleUpperCase('de-DE')) {
    if (char === ' ') em += 0.35
    else if (/[MW]/.test(char)) em += 0.85
    else if (/[IJ1.,:;!|'’-]/.test(char)) em += 0.33
    else if (/\d/.test(char)) em += 0.72
    else em += 0.75
    em += tracking
  }
  return em * size
}

function logoWidth(dealerName: string): number {
  const [first = dealerName, ...rest] = dealerName.trim().split(/\s+/)
  // The mark (40 px) and gap-3, beside the larger of the wordmark (text-lg extrabold) and the second line (0.7rem, tracking 0.3em).
  return 40 + 12 + Math.max(textWidth(first, 18, -0.025) * 1.04, textWidth(rest.join(' '), 11.2, 0.3))
}

function linksWidth(labels: readonly string[], tier: Tier): number {
  const text = labels.reduce((sum, label) => sum + textWidth(label, 14, 0.025), 0)
  return text + labels.length * 2 * tier.padding + Math.max(0, labels.length - 1) * tier.gap
}

function numberButtonWidth(phone: string): number {
  // px-5, the icon, gap-2 and the number in text-sm bold.
  return 20 + 16 + 8 + textWidth(phone, 14) + 20
}

/** The settings the header reads. */
export type HeaderSettings = Pick<SiteSettings, 'dealerName' | 'phone' | 'mainNav'>

/** The menu items the header shows: those with a label and an address. */
export function headerLinks(mainNav: HeaderSettings['mainNav']): Array<{ label: string; href: string }> {
  return (mainNav ?? []).flatMap((item) => (item.label && item.href ? [{ label: item.label, href: item.href }] : []))
}

/** headerFit for the site's settings (the root loader's, and the header's tests'). */
export function siteHeaderFit(settings: HeaderSettings): HeaderFit {
  return headerFit({ labels: headerLinks(settings.mainNav).map((link) => link.label), phone: settings.phone ?? '', dealerName: settings.dealerName ?? '' })
}

/** Where the header shows its links and its phone number, for these labels, this number and this name. */
export function headerFit({ labels, phone, dealerName }: { labels: readonly string[]; phone: string; dealerName: string }): HeaderFit {
  const fixed = logoWidth(dealerName) + ROW_GAPS + SAVED_LIST_LINK
  const width = (tier: Tier, phoneButton: number) => (fixed + linksWidth(labels, tier) + phoneButton) * SAFETY
  const links = TIERS.find((tier) => width(tier, PHONE_ICON_BUTTON) <= wideRow(tier))
  // Without the links the row holds the logo and three icon buttons: it fits the content's box anywhere.
  if (!links) return { linksFrom: 'never', numberFrom: 'never', wideAt: [] }
  const number = phone === '' ? undefined : TIERS.find((tier) => tier.min >= links.min && width(tier, numberButtonWidth(phone)) <= wideRow(tier))
  const shown = (tier: Tier) => (tier.min < links.min ? 0 : width(tier, number && tier.min >= number.min ? numberButtonWidth(phone) : PHONE_ICON_BUTTON))
  const wideAt = TIERS.filter((tier) => shown(tier) > alignedRow(tier)).map((tier) => tier.name)
  return { linksFrom: links.name, numberFrom: number?.name ?? 'never', wideAt }
}

/**
 * The header row's max width where the two rows differ (below 1295 px both are the viewport's): the
 * content's 80rem or 96rem, written out whole so that Tailwind finds the classes. Tailwind writes them
 * in this order (85.375rem = 1366 px, 90rem = 1440 px, 96rem), so each width's class overrides the narrower ones.
 */
const ROW_AT = {
  laptop: ['min-[85.375rem]:max-w-7xl', 'min-[85.375rem]:max-w-[96rem]'],
  wide: ['min-[90rem]:max-w-7xl', 'min-[90rem]:max-w-[96rem]'],
  '2xl': ['2xl:max-w-7xl', '2xl:max-w-[96rem]'],
} as const

/** The row's max-width classes: the content's 80rem, 96rem at the widths `wideAt` names. */
export function headerRowClasses(fit: HeaderFit): string {
  return ['max-w-7xl', ...Object.entries(ROW_AT).map(([tier, [aligned, wide]]) => (fit.wideAt.includes(tier as HeaderBreakpoint) ? wide : aligned))].join(' ')
}

/*
 * The classes per width, written out whole so that Tailwind finds them in this file.
 */

/** The desktop links and the desktop phone button. */
export const SHOWN_FROM: Record<HeaderBreakpoint, string> = {
  lg: 'hidden lg:block',
  xl: 'hidden xl:block',
  laptop: 'hidden min-[85.375rem]:block',
  wide: 'hidden min-[90rem]:block',
  '2xl': 'hidden 2xl:block',
  never: 'hidden',
}
/** The menu button, the round phone button and the menu itself: until the links show. */
export const HIDDEN_FROM: Record<HeaderBreakpoint, string> = {
  lg: 'lg:hidden',
  xl: 'xl:hidden',
  laptop: 'min-[85.375rem]:hidden',
  wide: 'min-[90rem]:hidden',
  '2xl': '2xl:hidden',
  never: '',
}
/** The number in the phone button. */
export const NUMBER_FROM: Record<HeaderBreakpoint, string> = {
  lg: 'hidden lg:inline',
  xl: 'hidden xl:inline',
  laptop: 'hidden min-[85.375rem]:inline',
  wide: 'hidden min-[90rem]:inline',
  '2xl': 'hidden 2xl:inline',
  never: 'hidden',
}
