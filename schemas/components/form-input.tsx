import { type InputProps, type NumberInputProps } from 'sanity'
import { FigureTextInput } from './figure-inputs'
import { GermanNumberInput } from './german-number-input'

/**
 * Every input of the Studio's forms (sanity.config.ts): number fields read and show numbers as
 * Germans write them, copy fields get the figure menu, the rest stays as it is. A number chosen from
 * a list (the review's stars) keeps its buttons.
 */
export function FormInput(props: InputProps) {
  const { schemaType } = props
  if (schemaType.jsonType === 'number' && !(schemaType.options as { list?: unknown[] } | undefined)?.list?.length) {
    // This input is the outermost: a field's own input (a Kennzahl's, FigureUsageInput) comes next and draws the German field itself.
    if (schemaType.components?.input) return props.renderDefault(props)
    return <GermanNumberInput {...(props as NumberInputProps)} />
  }
  return <FigureTextInput {...props} />
}
