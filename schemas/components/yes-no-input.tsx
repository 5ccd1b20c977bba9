import { Card, Flex, Inline, Radio, Text } from '@sanity/ui'
import { type BooleanInputProps, FormField, set, unset } from 'sanity'

const CHOICES = [
  { value: true, label: 'Ja' },
  { value: false, label: 'Nein' },
  { value: undefined, label: 'Keine Angabe' },
] as const

/**
 * A yes/no field whose empty value says something of its own (for „Unfallfrei“: nothing on the
 * site), as three choices. Sanity's switch cannot be turned back to empty once touched. A boolean's
 * field draws no title, so the input draws it.
 */
export function YesNoInput(props: BooleanInputProps) {
  const { value, onChange, readOnly, schemaType, validation, elementProps } = props
  const { id, ref, onFocus, onBlur } = elementProps
  return (
    <FormField title={schemaType.title} description={schemaType.description} validation={validation} inputId={id}>
      {/* As Sanity draws a radio list: a bordered box; the first choice takes the field's focus (a label's `for` would rename it). */}
      <Card border padding={3} radius={2}>
        <Inline id={id} space={4} role="radiogroup" aria-label={schemaType.title}>
          {CHOICES.map((choice, index) => (
            <Flex as="label" key={choice.label} align="center" gap={2}>
              <Radio
                ref={index === 0 ? ref : undefined}
                name={id}
                value={choice.label}
                checked={typeof value === 'boolean' ? value === choice.value : choice.value === undefined}
                disabled={readOnly}
                onFocus={onFocus}
                onBlur={onBlur}
                onChange={() => onChange(choice.value === undefined ? unset() : set(choice.value))}
              />
              <Text size={1}>{choice.label}</Text>
            </Flex>
          ))}
        </Inline>
      </Card>
    </FormField>
  )
}
