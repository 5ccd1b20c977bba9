import { Stack, Text, TextInput } from '@sanity/ui'
import { type FocusEvent, type FormEvent, useEffect, useState } from 'react'
import { set, type StringInputProps, unset } from 'sanity'
import { readTime } from '../lib/validation'

/** What the field says under a text that is no time; the stored value stays as it was. */
export const TIME_PROBLEM = 'Bitte eine Uhrzeit eintragen, z. B. 9, 16.30 oder 16:30 Uhr.'

/**
 * The opening hours' times (Öffnet, Schließt): read as staff type them, „16.30“, „10 Uhr“ or „9“, and
 * stored as `HH:MM` (staff review 2026-11-30, L5: only „HH:MM“ passed, the message showed on hover).
 * Away from the field it shows what is stored; a text it cannot read is not stored, and it says why.
 */
export function TimeInput(props: StringInputProps) {
  const { value, onChange, elementProps, readOnly } = props
  const [text, setText] = useState(value ?? '')
  const [editing, setEditing] = useState(false)
  const [problem, setProblem] = useState(false)
  // A value changed elsewhere (another editor, a reset) shows once nobody types here.
  useEffect(() => {
    if (!editing) {
      setText(value ?? '')
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
    const time = readTime(typed)
    setProblem(time === null)
    if (time !== null && time !== value) onChange(set(time))
  }
  return (
    <Stack space={2}>
      <TextInput
        {...elementProps}
        inputMode="numeric"
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
        customValidity={problem ? TIME_PROBLEM : undefined}
      />
      {problem ? (
        <Text size={1} role="alert" style={{ color: 'var(--card-badge-critical-fg-color, #c4314b)' }}>
          {TIME_PROBLEM}
        </Text>
      ) : null}
    </Stack>
  )
}
