import { useEffect, useRef } from 'react'
import { type ObjectInputProps, set } from 'sanity'
import { pageSearchWords } from '../lib/search-words'

/**
 * The page form: as it is, plus the hidden search words (schemas/lib/search-words.ts) kept in step
 * with the name and path as staff change them. Only on a change: opening a page writes nothing, so
 * it never makes a draft by itself.
 */
export function PageSearchWordsInput(props: ObjectInputProps) {
  const { value, onChange, readOnly } = props
  const title = typeof value?.title === 'string' ? value.title : undefined
  const path = typeof value?.path === 'string' ? value.path : undefined
  const stored = typeof value?.searchWords === 'string' ? value.searchWords : undefined
  const opened = useRef({ title, path })
  useEffect(() => {
    if (readOnly || (opened.current.title === title && opened.current.path === path)) return
    const words = pageSearchWords({ title, path })
    if (words !== (stored ?? '')) onChange(set(words, ['searchWords']))
  }, [title, path, stored, readOnly, onChange])
  return props.renderDefault(props)
}
