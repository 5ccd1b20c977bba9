/**
 * A counter's suffix as German typesetting wants it (DIN 5008, Duden): units that are words or
 * abbreviations and the per cent sign stand apart from the number with a no-break space („55 km“,
 * „30 Min.“, „24 h“, „98 %“); signs that extend the number do not („2.500+“, „4,8/5“). The site's
 * counters and their previews in the Studio; a module of its own, so the pages' scripts take no more.
 */
export function spacedSuffix(suffix: string | null | undefined): string {
  if (!suffix) return ''
  return /^[\p{L}%]/u.test(suffix) ? `\u00a0${suffix}` : suffix
}
