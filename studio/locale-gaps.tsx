import { useEffect } from 'react'
import { defineLocaleResourceBundle, type LayoutProps } from 'sanity'

/*
 * German for what @sanity/locale-de-de leaves out (decision 073). The
 * Studio offers only German (sanity.config.ts), so a key the German bundle lacks has no English to
 * fall back on and shows raw: „inputs.image.browse-menu.text“ on every image field, the title
 * „asset-source.dialog.default-title“ of the photo library. studio/locale-gaps.test.ts compares
 * Sanity's English keys with the German bundle plus these, so an upgrade that adds keys fails there.
 */
export const studioGermanGaps = defineLocaleResourceBundle({
  locale: 'de-DE',
  namespace: 'studio',
  resources: {
    'asset-source.dialog.default-title_file': 'Datei auswählen',
    'asset-source.dialog.default-title_image': 'Bild auswählen',
    'asset-source.dialog.default-title_video': 'Video auswählen',
    'asset-sources.media-library.select-dialog.title_file': 'Datei für {{targetTitle}} auswählen',
    'asset-sources.media-library.select-dialog.title_image': 'Bild für {{targetTitle}} auswählen',
    'asset-sources.media-library.select-dialog.title_video': 'Video für {{targetTitle}} auswählen',
    'inputs.file.browse-button.text': 'Auswählen',
    'inputs.file.dialog.title': 'Datei auswählen',
    'inputs.file.multi-browse-button.text': 'Auswählen',
    'inputs.image.browse-menu.text': 'Auswählen',
    'release.action.new-release.limit-reached_one': 'Dieser Arbeitsbereich ist auf {{count}} Release begrenzt',
    'sheet-list.edit-columns': 'Spalten bearbeiten',
    'sheet-list.hide-field': 'Aus der Tabelle entfernen',
    'sheet-list.reset-columns': 'Spalten zurücksetzen',
    'sheet-list.select-fields': 'Bis zu 5 Feldtypen auswählen',
  },
})

export const structureGermanGaps = defineLocaleResourceBundle({
  locale: 'de-DE',
  namespace: 'structure',
  resources: {
    'panes.document-list-pane.error.max-retries-attempted_one': 'Nach {{count}} erfolglosen Versuch wird es nicht mehr automatisch versucht.',
    'panes.document-list-pane.error.max-retries-attempted_other': 'Nach {{count}} erfolglosen Versuchen wird es nicht mehr automatisch versucht.',
    // The German bundle writes „Vor {{timeSincePublished}}“ around a value that is already „vor 3 Minuten“.
    'action.publish.already-published.tooltip': 'Veröffentlicht {{timeSincePublished}}',
  },
})

/**
 * Labels that Sanity and its UI library write in English without a translation key, as the
 * screen reader and the tooltip meet them (`aria-label`, `title`): „Close dialog“ on every dialog,
 * „Field actions“ beside fields, the date picker's buttons. Only exact matches are replaced.
 */
export const HARDCODED_GERMAN: Readonly<Record<string, string>> = {
  'Close dialog': 'Dialog schließen',
  'Field actions': 'Feldaktionen',
  Clear: 'Leeren',
  Open: 'Öffnen',
  'Go to next month': 'Nächster Monat',
  'Go to previous month': 'Vorheriger Monat',
  'Next year': 'Nächstes Jahr',
  'Previous year': 'Vorheriges Jahr',
  'Select hour': 'Stunde wählen',
  'Select minutes': 'Minuten wählen',
}

const ATTRIBUTES = ['aria-label', 'title'] as const

/**
 * Replaces the hard-coded English labels in `root` and below: attributes, and text that is exactly
 * one of the longer phrases (a tooltip's „Field actions“; single words such as „Open“ could be
 * content). Returns how many it changed.
 */
export function germanizeLabels(root: Element): number {
  let changed = 0
  const elements = [root, ...root.querySelectorAll(ATTRIBUTES.map((name) => `[${name}]`).join(','))]
  for (const element of elements) {
    for (const name of ATTRIBUTES) {
      const german = HARDCODED_GERMAN[element.getAttribute(name) ?? '']
      if (german) {
        element.setAttribute(name, german)
        changed++
      }
    }
  }
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? ''
    const german = text.includes(' ') ? HARDCODED_GERMAN[text] : undefined
    if (german) {
      node.nodeValue = german
      changed++
    }
  }
  return changed
}

/** The Studio's layout with the hard-coded English labels made German as they appear (dialogs and menus are portals: the whole body is watched). */
export function GermanLabelsLayout(props: LayoutProps) {
  useEffect(() => {
    germanizeLabels(document.body)
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') germanizeLabels(record.target as Element)
        else
          for (const node of record.addedNodes) {
            if (node instanceof Element) germanizeLabels(node)
            else if (node.parentElement) germanizeLabels(node.parentElement)
          }
      }
    })
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: [...ATTRIBUTES] })
    return () => observer.disconnect()
  }, [])
  return props.renderDefault(props)
}
