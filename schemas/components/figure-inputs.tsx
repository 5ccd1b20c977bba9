import { BarChartIcon } from '@sanity/icons'
import { Box, Button, Flex, Menu, MenuButton, MenuItem, Stack, Text } from '@sanity/ui'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { type InputProps, type PreviewProps, type SanityClient, set, type StringInputProps, useClient, useFormValue } from 'sanity'
import { API_VERSION } from '../lib/constants'
import {
  acceptsFigures,
  type FigureKey,
  FIGURE_VALUES_QUERY,
  FIGURES,
  type FiguresQueryResult,
  type FigureValues,
  figureValues,
  insertPlaceholder,
  placeholdersExplained,
  resolvePlaceholders,
} from '../lib/figures'

/*
 * Kennzahlen where staff write copy (issue 27, docs/decisions/054): every text field whose copy the
 * site shows with its figures resolved gets „Kennzahl einfügen“, a menu of the figures by their
 * German names, and previews in the form show the figures' values instead of `{key}`. Both are
 * registered for the whole form (studio/sanity.config.ts), so a new section type gets them too.
 */

/** The current figures, read once for all previews of a form (as the usage note counts once). */
const values = new WeakMap<SanityClient, Promise<FigureValues>>()

function readFigures(client: SanityClient): Promise<FigureValues> {
  let pending = values.get(client)
  if (!pending) {
    // The site's own query (FIGURE_VALUES_QUERY), published values: the preview says what visitors read.
    pending = client.withConfig({ perspective: 'published' }).fetch<FiguresQueryResult>(FIGURE_VALUES_QUERY).then(figureValues)
    values.set(client, pending)
    // Read again for previews shown later, after staff may have changed a figure.
    void pending.finally(() => setTimeout(() => values.delete(client), 10_000))
  }
  return pending
}

function useFigureValues(): FigureValues | undefined {
  const client = useClient({ apiVersion: API_VERSION })
  const [figures, setFigures] = useState<FigureValues>()
  useEffect(() => {
    let current = true
    // Without the figures the preview keeps the placeholder: the site shows an unknown one the same way.
    readFigures(client).then(
      (read) => current && setFigures(read),
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [client])
  return figures
}

const hasPlaceholder = (text: unknown): text is string => typeof text === 'string' && text.includes('{')

function resolvedText<T>(text: T, figures: FigureValues): T | string {
  return hasPlaceholder(text) ? resolvePlaceholders(text, figures) : text
}

function ResolvedPreview(props: PreviewProps) {
  const figures = useFigureValues()
  if (!figures) return props.renderDefault(props)
  return props.renderDefault({
    ...props,
    title: resolvedText(props.title, figures) as ReactNode,
    subtitle: resolvedText(props.subtitle, figures) as ReactNode,
    description: resolvedText(props.description, figures) as ReactNode,
  })
}

/** Every preview in the Studio: one whose texts hold a placeholder shows the figure's value. */
export function FigurePreview(props: PreviewProps) {
  if (![props.title, props.subtitle, props.description].some(hasPlaceholder)) return props.renderDefault(props)
  return <ResolvedPreview {...props} />
}

type TextElement = HTMLInputElement | HTMLTextAreaElement

/** A text field with „Kennzahl einfügen“ beside it: the chosen figure's `{key}` goes in at the cursor. */
function FigureTextField(props: StringInputProps) {
  const { elementProps, onChange, value, readOnly } = props
  // Whether staff were in the field: only then is its cursor theirs (else the text gets it at the end).
  const visited = useRef(false)
  const cursorAfter = useRef<{ value: string; cursor: number } | null>(null)
  const element = () => elementProps.ref.current as TextElement | null

  useEffect(() => {
    // Once the form holds the new text, staff go on typing right after the placeholder.
    const pending = cursorAfter.current
    const field = element()
    if (!pending || !field || value !== pending.value) return
    cursorAfter.current = null
    requestAnimationFrame(() => {
      field.focus()
      field.setSelectionRange(pending.cursor, pending.cursor)
    })
  })

  function insert(key: FigureKey) {
    const field = element()
    const selection =
      visited.current && field && field.selectionStart !== null && field.selectionEnd !== null
        ? { start: field.selectionStart, end: field.selectionEnd }
        : undefined
    const next = insertPlaceholder(value, key, selection)
    cursorAfter.current = next
    onChange(set(next.value))
  }

  return (
    <Flex gap={2} align="flex-start">
      <Box flex={1} onFocus={() => (visited.current = true)}>
        <Stack space={2}>
          {props.renderDefault(props)}
          {hasPlaceholder(value) && <PlaceholderNote text={value} />}
        </Stack>
      </Box>
      {!readOnly && (
        <MenuButton
          id={`${props.id}-kennzahl`}
          button={<Button icon={BarChartIcon} text="Kennzahl" mode="ghost" fontSize={1} padding={3} aria-label="Kennzahl einfügen" title="Kennzahl einfügen" />}
          menu={
            <Menu aria-label="Kennzahl einfügen">
              {FIGURES.map((figure) => (
                <MenuItem key={figure.value} text={figure.title} onClick={() => insert(figure.value)} />
              ))}
            </Menu>
          }
          popover={{ portal: true, placement: 'bottom-end' }}
        />
      )}
    </Flex>
  )
}

/**
 * Under a text that holds placeholders: the text as visitors read it and each placeholder by its
 * name and value, so staff never have to know what `{freeDeliveryKm}` means (issue 36).
 */
function PlaceholderNote({ text }: { text: string }) {
  const figures = useFigureValues()
  return (
    <Stack space={2} data-testid="kennzahl-note">
      {figures && (
        <Text size={1} muted>
          Auf der Website: „{resolvePlaceholders(text, figures)}“
        </Text>
      )}
      {placeholdersExplained(text, figures ?? {}).map((line) => (
        <Text key={line} size={1} muted>
          {line}
        </Text>
      ))}
    </Stack>
  )
}

/** Copy fields of the pages and settings get the figure menu, the rest stays as it is (FormInput hands it every input but numbers). */
export function FigureTextInput(props: InputProps) {
  const { schemaType } = props
  // Cheap checks first: only text fields read the document's type.
  if (schemaType.jsonType !== 'string' || (schemaType.name !== 'string' && schemaType.name !== 'text')) return props.renderDefault(props)
  return <CopyField {...(props as StringInputProps)} />
}

function CopyField(props: StringInputProps) {
  const documentType = useFormValue(['_type'])
  const hasList = Boolean((props.schemaType.options as { list?: unknown[] } | undefined)?.list?.length)
  if (!acceptsFigures({ documentType, typeName: props.schemaType.name, hasList, path: props.path })) return props.renderDefault(props)
  return <FigureTextField {...props} />
}
