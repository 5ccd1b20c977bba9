/**
 * An e-mail address as text that breaks, if at all, only after „@“ (the tablet review:
 * „info@ruhrstern-automobi / le.de“ in the footer at 1024 px). Each part keeps together, also at
 * the domain's hyphen, where browsers would otherwise break; `<wbr>` offers the one place. One
 * inline box, so a flex link around it (icon and text) keeps it as one item. Our domains fit a
 * 320 px phone's line; a longer part would overflow rather than break mid-word.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@')
  if (at <= 0) return <span>{email}</span>
  return (
    <span className="min-w-0">
      <span className="whitespace-nowrap">{email.slice(0, at + 1)}</span>
      <wbr />
      <span className="whitespace-nowrap">{email.slice(at + 1)}</span>
    </span>
  )
}
