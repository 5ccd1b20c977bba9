/**
 * Keeps together what a line break must not split in German copy:
 *  - a number and its unit: `50 km`, `2,9 %`, `5.000 €`, `3,5 t` (no-break space),
 *  - a number and the word it is joined to: `50-km-Radius` never breaks as `50-` / `km-Radius`,
 *  (a company figure's placeholder, `{freeDeliveryKm} km`, counts as a number),
 *  - a word's leading hyphen (Ergänzungsstrich): `und -verkauf` never leaves `-` alone at a line end.
 * The last two use the non-breaking hyphen U+2011, which looks like a hyphen.
 */
export function bindLineBreaks(text: string): string {
  return text
    .replace(/([\d}]) (?=(?:%|€|km|kW|PS|kWh|t)(?![\p{L}\d]))/gu, '$1\u00a0')
    .replace(/([\d}])-(?=\p{L})/gu, '$1\u2011')
    .replace(/(^|\s)-(?=\p{L})/gu, '$1\u2011')
}
