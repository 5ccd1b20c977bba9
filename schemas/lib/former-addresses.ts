/**
 * A document's former addresses (a page's paths, a vehicle's public ids), kept when staff rename it
 * so that old links and search results are sent on (decision 099). Pure: the Studio's publish
 * (studio/actions.tsx) and the tests use it.
 */

/** How many former addresses a document keeps (the oldest are dropped): enough for years of renaming. */
export const MAX_FORMER_ADDRESSES = 20

/**
 * The former addresses after the document is published as `now` instead of `before`: the old one
 * added, the new one taken out (a document renamed back), each once, the latest first, at most
 * MAX_FORMER_ADDRESSES.
 */
export function formerAddressesAfterRename(previous: readonly string[] | null | undefined, before: string, now: string): string[] {
  const kept = (previous ?? []).filter((address) => address !== now && address !== before)
  return (before === now ? kept : [before, ...kept]).slice(0, MAX_FORMER_ADDRESSES)
}
