import { Box, Flex, Stack, Text } from '@sanity/ui'
import { useEffect, useState } from 'react'
import { type NumberInputProps, type SanityClient, useClient } from 'sanity'
import { IntentLink } from 'sanity/router'
import { API_VERSION } from '../lib/constants'
import { GermanNumberInput } from './german-number-input'
import { FIGURE_USAGE_QUERY, type FigurePage, figureUsage, figureUsageNote, type FigureKey, type FigureUsage, isFigureKey } from '../lib/figures'

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

/**
 * One page that shows the figure: its title opens the page's form (the Studio's edit intent, so
 * the structure opens it in its place), „Vorschau“ opens the page in the Vorschau tool beside its
 * form, at the page's path (the Presentation tool's edit intent in mode `presentation`).
 */
function PageRow({ page }: { page: FigurePage }) {
  return (
    <Flex as="li" gap={2} align="baseline" wrap="wrap">
      <Text size={1}>
        <IntentLink intent="edit" params={{ id: page.id, type: page.type }}>
          {page.title}
        </IntentLink>
      </Text>
      {page.path && (
        <>
          <Text size={1} muted>
            {page.path}
          </Text>
          <Text size={1}>
            <IntentLink
              intent="edit"
              params={{ id: page.id, type: page.type, mode: 'presentation', preview: page.path }}
              aria-label={`Vorschau von „${page.title}“`}
            >
              Vorschau
            </IntentLink>
          </Text>
        </>
      )}
    </Flex>
  )
}

type State = { note: string; pages: FigurePage[] }

/**
 * A Kennzahl's number field with a note on how many pages show it and, opened, which ones
 * (docs/decisions/027 and 054): staff who change a figure check the sentences it stands in.
 */
export function FigureUsageInput(props: NumberInputProps) {
  const key = props.path[props.path.length - 1]
  const client = useClient({ apiVersion: API_VERSION })
  const [state, setState] = useState<State>({ note: 'Wird gezählt …', pages: [] })
  useEffect(() => {
    let current = true
    countUsage(client).then(
      (usage) => current && isFigureKey(key) && setState({ note: figureUsageNote(key, usage[key]), pages: usage[key].documents }),
      () => current && setState({ note: 'Die Verwendung konnte nicht gezählt werden.', pages: [] }),
    )
    return () => {
      current = false
    }
  }, [client, key])
  return (
    <Stack space={3}>
      <GermanNumberInput {...props} />
      {state.pages.length === 0 ? (
        <Text size={1} muted>
          {state.note}
        </Text>
      ) : (
        // Closed at first: eight figures with up to fifty pages each would bury the form.
        <details>
          <summary style={{ cursor: 'pointer' }}>
            {/* One Text: two drew over each other in the summary's line. */}
            <Text as="span" size={1}>
              <span style={{ color: 'var(--card-muted-fg-color)' }}>{state.note}</span> <span>Seiten anzeigen</span>
            </Text>
          </summary>
          <Box paddingTop={3} paddingLeft={3}>
            <Stack as="ul" space={3} style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Seiten mit dieser Kennzahl">
              {state.pages.map((page) => (
                <PageRow key={page.id} page={page} />
              ))}
            </Stack>
          </Box>
        </details>
      )}
    </Stack>
  )
}
