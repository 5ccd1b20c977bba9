import { Select } from '@sanity/ui'
import { type ChangeEvent, useEffect, useState } from 'react'
import { set, type StringInputProps, unset, useClient, useFormValue } from 'sanity'
import { API_VERSION } from '../lib/constants'
import { LINK_SECTIONS_QUERY, type LinkSection, linkSectionsOf, type LinkTarget, pickDraft, type SectionsOf } from '../lib/links'

/**
 * A link's „Abschnitt“ as a choice among the sections the target has (a field's option list cannot
 * change with the chosen page): those of this very document for „Abschnitt dieser Seite“, those of
 * the referenced page (its draft if there is one) for „Seite“. The validation checks the same list.
 */
export function LinkAnchorInput(props: StringInputProps) {
  const { value, onChange, path, elementProps, readOnly } = props
  const link = useFormValue(path.slice(0, -1)) as LinkTarget | undefined
  const ownDocument = useFormValue([]) as SectionsOf | undefined
  const client = useClient({ apiVersion: API_VERSION })
  const ref = link?.linkType === 'page' ? link.page?._ref : undefined
  const [referenced, setReferenced] = useState<LinkSection[]>([])
  useEffect(() => {
    if (!ref) return setReferenced([])
    let current = true
    client.fetch<SectionsOf[]>(LINK_SECTIONS_QUERY, { id: ref.replace(/^drafts\./, '') }).then(
      (docs) => current && setReferenced(linkSectionsOf(pickDraft(docs))),
      () => current && setReferenced([]),
    )
    return () => {
      current = false
    }
  }, [client, ref])
  const sections = link?.linkType === 'section' ? linkSectionsOf(ownDocument) : referenced
  const missing = value && !sections.some((section) => section.value === value)
  return (
    <Select
      {...elementProps}
      value={value ?? ''}
      disabled={readOnly}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.currentTarget.value ? set(event.currentTarget.value) : unset())}
    >
      <option value="">{link?.linkType === 'page' ? 'Seitenanfang (kein Abschnitt)' : 'Abschnitt wählen …'}</option>
      {sections.map((section) => (
        <option key={section.value} value={section.value}>
          {section.title}
        </option>
      ))}
      {missing ? <option value={value}>{`${value} (gibt es auf der Seite nicht)`}</option> : null}
    </Select>
  )
}
