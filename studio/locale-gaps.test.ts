// @vitest-environment jsdom
import { deDELocale } from '@sanity/locale-de-de'
import { type LocaleResourceBundle, usEnglishLocale } from 'sanity'
import { describe, expect, it } from 'vitest'
import { germanizeLabels, structureGermanGaps, studioGermanGaps } from './locale-gaps'

/** A bundle's strings, loading them when the bundle loads lazily (as the German one does). */
async function resources(bundle: LocaleResourceBundle): Promise<Record<string, string>> {
  const value = bundle.resources as unknown
  if (typeof value !== 'function') return value as Record<string, string>
  const loaded = (await (value as () => Promise<{ default?: Record<string, string> }>)()) as { default?: Record<string, string> }
  return loaded.default ?? (loaded as Record<string, string>)
}

/** Whether `key` (maybe a plural form) has a German string. */
const translated = (german: Record<string, string>, key: string) => {
  const base = key.replace(/_(one|other)$/, '')
  return key in german || `${key}_one` in german || `${key}_other` in german || (base !== key && `${base}_other` in german && `${base}_one` in german)
}

describe('the Studio in German (staff review 2026-11-28, N3)', () => {
  it('every string of Sanity’s own Studio bundle has a German text: the German bundle’s or ours', async () => {
    const locale = (deDELocale() as { i18n: { locales: Array<{ bundles: LocaleResourceBundle[] }> } }).i18n.locales[0]!
    const germanStudio = Object.assign({}, ...(await Promise.all(locale.bundles.filter((bundle) => bundle.namespace === 'studio').map(resources))))
    const english = await resources(usEnglishLocale.bundles!.find((bundle) => (bundle as LocaleResourceBundle).namespace === 'studio') as LocaleResourceBundle)
    const ours = await resources(studioGermanGaps)
    // Before this bundle: „inputs.image.browse-menu.text“ and „asset-source.dialog.default-title_image“ among 15.
    expect(Object.keys(english).filter((key) => !translated(germanStudio, key))).toContain('inputs.image.browse-menu.text')
    expect(Object.keys(english).filter((key) => !translated({ ...germanStudio, ...ours }, key))).toEqual([])
    // Ours only fills gaps: nothing the German bundle already says differently.
    expect(Object.keys(ours).filter((key) => key in germanStudio)).toEqual([])
    expect(ours['inputs.image.browse-menu.text']).toBe('Auswählen')
    expect(Object.keys(await resources(structureGermanGaps))).toContain('panes.document-list-pane.error.max-retries-attempted_other')
  })

  it('the publish button’s tooltip reads „Veröffentlicht vor 3 Minuten“, not „Vor vor 3 Minuten veröffentlicht“ (staff review 2026-11-29, L5)', async () => {
    const locale = (deDELocale() as { i18n: { locales: Array<{ bundles: LocaleResourceBundle[] }> } }).i18n.locales[0]!
    const germanStructure = Object.assign({}, ...(await Promise.all(locale.bundles.filter((bundle) => bundle.namespace === 'structure').map(resources))))
    const key = 'action.publish.already-published.tooltip'
    // Sanity fills in a relative time that already says „vor“; when the German bundle stops adding its own, ours can go.
    expect(germanStructure[key]).toBe('Vor {{timeSincePublished}} veröffentlicht')
    const ours = await resources(structureGermanGaps)
    expect(ours[key]!.replace('{{timeSincePublished}}', 'vor 3 Minuten')).toBe('Veröffentlicht vor 3 Minuten')
  })

  it('hard-coded English labels become German: aria-labels, titles and a tooltip’s text; content words stay', () => {
    document.body.innerHTML = `
      <button aria-label="Close dialog"></button>
      <button aria-label="Field actions" title="Go to next month"></button>
      <div role="tooltip"><span>Field actions</span></div>
      <p>Open</p>`
    expect(germanizeLabels(document.body)).toBe(4)
    expect([...document.querySelectorAll('button')].map((button) => button.getAttribute('aria-label'))).toEqual(['Dialog schließen', 'Feldaktionen'])
    expect(document.querySelector('button[title]')!.getAttribute('title')).toBe('Nächster Monat')
    expect(document.querySelector('[role=tooltip]')!.textContent).toBe('Feldaktionen')
    expect(document.querySelector('p')!.textContent).toBe('Open')
  })
})
