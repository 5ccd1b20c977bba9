import { Stack, Text, TextInput } from '@sanity/ui'
import { type FocusEvent, type FormEvent, useEffect, useState } from 'react'
import { type NumberInputProps, set, type StringInputProps, unset } from 'sanity'

/** How a field reads what staff type and shows what is stored, and what it says under a text it cannot read. */
export interface Reading<T extends string | number> {
  read: (typed: string) => T | null
  show: (value: T | undefined) => string
  problem: string
  inputMode: 'decimal' | 'numeric'
}

/**
 * A text field that reads what staff type as they write it (a German number, a time) and stores the
 * value read; away from the field it shows the stored value. A text it cannot read is not stored: the
 * field says why below it, and the value stays as it was.
 */
export function ReadTextInput<T extends string | number>({ props, reading }: { props: NumberInputProps | StringInputProps; reading: Reading<T> }) {
  const { elementProps, readOnly } = props
  const value = props.value as T | undefined
  const onChange = props.onChange as (patch: ReturnType<typeof set> | ReturnType<typeof unset>) => void
  const [text, setText] = useState(() => reading.show(value))
  const [editing, setEditing] = useState(false)
  const [problem, setProblem] = useState(false)
  // A value changed elsewhere (another editor, a reset, the sync) shows once nobody types here.
  useEffect(() => {
    if (!editing) {
      setText(reading.show(value))
      setProblem(false)
    }
  }, [value, editing, reading])

  const onInput = (event: FormEvent<HTMLInputElement>) => {
    const typed = event.currentTarget.value
    setText(typed)
    if (typed.trim() === '') {
      setProblem(false)
      return onChange(unset())
    }
    const read = reading.read(typed)
    setProblem(read === null)
    if (read !== null && read !== value) onChange(set(read))
  }
  return (
    <Stack space={2}>
      <TextInput
        {...elementProps}
        inputMode={reading.inputMode}
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
        customValidity={problem ? reading.problem : undefined}
      />
      {problem ? (
        <Text size={1} role="alert" style={{ color: 'var(--card-badge-critical-fg-color, #c4314b)' }}>
          {reading.problem}
        </Text>
      ) : null}
    </Stack>
  )
}
