import { type StringInputProps } from 'sanity'
import { readTime, TIME_PROBLEM } from '../lib/validation'
import { type Reading, ReadTextInput } from './read-text-input'

const TIME: Reading<string> = { read: readTime, show: (value) => value ?? '', problem: TIME_PROBLEM, inputMode: 'numeric' }

/**
 * The opening hours' times (Öffnet, Schließt): read as staff type them, „16.30“, „10 Uhr“ or „9“, and
 * stored as `HH:MM` (before, only „HH:MM“ passed, the message showed on hover).
 */
export function TimeInput(props: StringInputProps) {
  return <ReadTextInput props={props} reading={TIME} />
}
