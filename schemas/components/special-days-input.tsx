import { Button, Card, Flex, Stack, Text } from '@sanity/ui'
import { type ArrayOfObjectsInputProps, set } from 'sanity'

type SpecialDay = { _key: string; from?: string; to?: string }

/** Entries by their first day (then their last); ones without a date yet keep their order at the end. */
export function inCalendarOrder<T extends { from?: string; to?: string }>(entries: readonly T[]): T[] {
  const dated = entries.filter((entry) => entry.from)
  const undated = entries.filter((entry) => !entry.from)
  const sorted = dated.sort((a, b) => a.from!.localeCompare(b.from!) || (a.to ?? a.from!).localeCompare(b.to ?? b.from!))
  return [...sorted, ...undated]
}

/**
 * The special days as staff entered them, with one click to put them in calendar order when they
 * are not. Not sorted by itself: opening the settings must not
 * change them, and an entry must not jump away while staff type its date.
 */
export function SpecialDaysInput(props: ArrayOfObjectsInputProps) {
  const entries = (props.value ?? []) as SpecialDay[]
  const sorted = inCalendarOrder(entries)
  // Only dated entries count: one added in the middle waits for its date without a warning.
  const dated = entries.filter((entry) => entry.from)
  const outOfOrder = sorted.some((entry, index) => entry.from && entry !== dated[index])
  return (
    <Stack space={3}>
      {outOfOrder && !props.readOnly && (
        <Card tone="caution" padding={3} radius={2} border>
          <Flex align="center" gap={3} wrap="wrap">
            <Text size={1}>Die Tage stehen nicht in der Reihenfolge des Kalenders. Die Website zeigt sie sortiert.</Text>
            <Button mode="ghost" fontSize={1} padding={2} text="Nach Datum sortieren" onClick={() => props.onChange(set(sorted))} />
          </Flex>
        </Card>
      )}
      {props.renderDefault(props)}
    </Stack>
  )
}
