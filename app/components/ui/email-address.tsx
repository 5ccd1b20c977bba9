// No hyphen a dictionary would add (body hyphenates below 20rem, app/tailwind.css): it would read as part of the address.
const KEPT = 'whitespace-nowrap hyphens-manual max-[20rem]:whitespace-normal max-[20rem]:wrap-anywhere'

/**
 * An e-mail address as text that breaks, if at all, only after „@“ (not
 * „info@ruhrstern-automobi / le.de“, as in the footer at 1024 px before). Each part keeps together, also at
 * the domain's hyphen, where browsers would otherwise break; `<wbr>` offers the one place. One
 * inline box, so a flex link around it (icon and text) keeps it as one item. Our domains fit a
 * 320 px phone's line at the default font. Below 20rem (a larger default font on a phone: 390 px at
 * 24 px) the domain is wider than the line, and the parts break like any text, at the hyphen first,
 * rather than make the page wider than the screen (mid-word only where a part alone is wider).
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@')
  if (at <= 0) return <span>{email}</span>
  return (
    <span className="min-w-0">
      <span className={KEPT}>{email.slice(0, at + 1)}</span>
      <wbr />
      <span className={KEPT}>{email.slice(at + 1)}</span>
    </span>
  )
}
