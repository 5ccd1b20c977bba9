import { Stack, Text, TextInput } from '@sanity/ui'
import { type FocusEvent, type FormEvent, useEffect, useState } from 'react'
import { type NumberInputProps, set, unset } from 'sanity'
import { formatGermanNumber, readGermanNumber } from '../lib/german-number'

/** What the field says under a text that is no German number; the stored value stays as it was. */
export const GERMAN_NUMBER_PROBLEM = 'Bitte als Zahl eintragen: Tausender mit Punkt oder ohne, Dezimalstellen mit Komma, z. B. 24.500 oder 3,9.'

/**
 * Every number field of the Studio (sanity.config.ts, FormInput): a text field that reads „24.500“ as
 * 24500 and „3,9“ as 3,9, as staff write numbers, and shows the stored number the same way. The
 * browser's own number field read „24.500“ as 24,5 and published a price of 25 € (staff review
 * 2026-11-29, H1). A text it cannot read is not stored: the field says why, the value stays.
 */
export function GermanNumberInput(props: NumberInputProps) {
  const { value, onChange, elementProps, readOnly } = props
  const [text, setText] = useState(() => formatGermanNumber(value))
  const [editing, setEditing] = useState(false)
  const [problem, setProblem] = useState(false)
  // A value changed elsewhere (another editor, a reset, the sync) shows once nobody types here.
  useEffect(() => {
    if (!editing) {
      setText(formatGermanNumber(value))
      setProblem(false)
    }
  }, [value, editing])

  const onInput = (event: FormEvent<HTMLInputElement>) => {
    const typed = event.currentTarget.value
    setText(typed)
    if (typed.trim() === '') {
      setProblem(false)
      return onChange(unset())
    }
    const number = readGermanNumber(typed)
    setProblem(number === null)
    if (number !== null && number !== value) onChange(set(number))
  }
  return (
    <Stack space={2}>
      <TextInput
        {...elementProps}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        readOnly={readOnly}
        onChange={onInput}
        onFocus={(event: FocusEvent<HTMLInputElement>) => {
          setEditing(true)
          elementProps.onFocus(event)
        }}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          setEditing(false)
          elementProps.onBlur(event)
        }}
        customValidity={problem ? GERMAN_NUMBER_PROBLEM : undefined}
      />
      {problem ? (
        <Text size={1} role="alert" style={{ color: 'var(--card-badge-critical-fg-color, #c4314b)' }}>
          {GERMAN_NUMBER_PROBLEM}
        </Text>
      ) : null}
    </Stack>
  )
}
