import { Stack, Text } from '@sanity/ui'
import { useEffect, useState } from 'react'
import { type NumberInputProps, type SanityClient, useClient } from 'sanity'
import { API_VERSION } from '../lib/constants'
import { FIGURE_USAGE_QUERY, figureUsage, figureUsageNote, type FigureKey, type FigureUsage, isFigureKey } from '../lib/figures'

type Usage = Record<FigureKey, FigureUsage>

/** One count for all eight fields of the form, not eight queries. */
const counts = new WeakMap<SanityClient, Promise<Usage>>()

function countUsage(client: SanityClient): Promise<Usage> {
  let pending = counts.get(client)
  if (!pending) {
    pending = client.fetch<Array<{ _type: string }>>(FIGURE_USAGE_QUERY).then(figureUsage)
    counts.set(client, pending)
    // Counted again when the form opens next time, after staff may have edited pages.
    void pending.finally(() => setTimeout(() => counts.delete(client), 10_000))
  }
  return pending
}

/** A Kennzahl's number field with a note on how many pages show it (docs/decisions/027). */
export function FigureUsageInput(props: NumberInputProps) {
  const key = props.path[props.path.length - 1]
  const client = useClient({ apiVersion: API_VERSION })
  const [note, setNote] = useState('Wird gezählt …')
  useEffect(() => {
    let current = true
    countUsage(client).then(
      (usage) => current && isFigureKey(key) && setNote(figureUsageNote(key, usage[key])),
      () => current && setNote('Die Verwendung konnte nicht gezählt werden.'),
    )
    return () => {
      current = false
    }
  }, [client, key])
  return (
    <Stack space={3}>
      {props.renderDefault(props)}
      <Text size={1} muted>
        {note}
      </Text>
    </Stack>
  )
}
