import { Icon, type IconProps } from '#app/components/icons.tsx'

/*
 * WhatsApp: the click-to-chat link (a plain https link, no script, nothing requested before a tap) and
 * its glyph. Not in icons.tsx, which every page loads: only the vehicle page's contact bar, /contact's
 * quick contact and the sell page use them (the JavaScript budgets).
 */

/**
 * The international digits wa.me wants from a number as staff write it: `+49 157 …` and `0049 157 …`
 * as they are, a national `0157 …` as German. Undefined when too short to be a number.
 */
export function whatsappDigits(number: string | null | undefined): string | undefined {
  const trimmed = number?.trim() ?? ''
  let digits = trimmed.replace(/\D/g, '')
  if (trimmed.startsWith('+')) {
    // as is
  } else if (digits.startsWith('00')) digits = digits.slice(2)
  else if (digits.startsWith('0')) digits = `49${digits.slice(1)}`
  return digits.length >= 8 && digits.length <= 15 ? digits : undefined
}

/** `https://wa.me/<digits>?text=…`, or undefined without a usable number (then the button is left out). */
export function whatsappHref(number: string | null | undefined, text: string): string | undefined {
  const digits = whatsappDigits(number)
  return digits ? `https://wa.me/${digits}?${new URLSearchParams({ text }).toString().replace(/\+/g, '%20')}` : undefined
}

/** A speech bubble for WhatsApp (the site's own drawing: no brand asset is loaded). */
export function ChatIcon(props: IconProps) {
  return (
    <Icon
      {...props}
      d="M21 11.5a8.38 8.38 0 0 1-.9 3.8 8.5 8.5 0 0 1-7.6 4.7 8.38 8.38 0 0 1-3.8-.9L3 21l1.9-5.7a8.38 8.38 0 0 1-.9-3.8 8.5 8.5 0 0 1 4.7-7.6 8.38 8.38 0 0 1 3.8-.9h.5a8.48 8.48 0 0 1 8 8v.5z"
    />
  )
}
