import { EnvelopeIcon } from '@sanity/icons'
import { Box, Button, Card, Flex, Grid, Stack, Text } from '@sanity/ui'
import { useEffect, useRef, useState } from 'react'
import { type ArrayOfObjectsInputProps, type ObjectInputProps, set, type StringInputProps, useClient, useDocumentOperation, useFormValue } from 'sanity'
import { thumbnail } from './vehicle-inputs'
import { appointmentText, loadReplyContext, mailtoAddress, type ReplyContext, replyMailto, type ReplySource, shownAnswer } from '../lib/inbox-reply'

type Contact = { name?: string; phone?: string; email?: string }

/** The sender's name, and e-mail and phone as links staff can click (read-only: the site wrote them). */
export function ContactLinksInput(props: ObjectInputProps) {
  const contact = (props.value ?? {}) as Contact
  return (
    <Stack space={3} data-testid="lead-contact">
      <Text size={1}>{contact.name ?? 'Ohne Namen'}</Text>
      {contact.email ? (
        <Text size={1}>
          <a href={mailtoAddress(contact.email)}>{contact.email}</a>
        </Text>
      ) : null}
      {contact.phone ? (
        <Text size={1}>
          <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
        </Text>
      ) : null}
    </Stack>
  )
}

/** The Studio's API version for the reply's one query. */
const API_VERSION = '2025-02-19'
/** Used until the settings' dealer name has loaded (or if it is empty). */
export const FALLBACK_DEALER = 'Ruhrstern Automobile'

type InboxDocument = ReplySource & { status?: string; vehicle?: { _ref?: string } }

/**
 * The prepared reply to the open lead or message (mailto:), with the car and the dealer read from
 * the lake once per car; undefined without an address. Shared by the button above the status and
 * the document action „Per E-Mail antworten“.
 */
export function useReplyHref(doc: InboxDocument | null | undefined): string | undefined {
  const client = useClient({ apiVersion: API_VERSION })
  const vehicleId = doc?.vehicle?._ref
  const [context, setContext] = useState<ReplyContext>({})
  useEffect(() => {
    let live = true
    void loadReplyContext(client, vehicleId).then((loaded) => {
      if (live) setContext(loaded)
    })
    return () => {
      live = false
    }
  }, [client, vehicleId])
  return doc ? replyMailto({ ...doc, car: context.car }, context.dealerName || FALLBACK_DEALER) : undefined
}

/** The state after a reply: a new request is being dealt with. */
export const REPLIED_STATUS = 'in Bearbeitung'

/**
 * The status of a lead or message, with „Per E-Mail antworten“ above it as the visible first action
 * (the document's action bar cannot show one: leads are edited live, and Sanity puts every action
 * of a live document into the „…“ menu). Replying to a new request sets it „In Bearbeitung“.
 */
export function InboxStatusInput(props: StringInputProps) {
  const doc = useFormValue([]) as InboxDocument | undefined
  const href = useReplyHref(doc)
  const { onChange, value, readOnly } = props
  // When staff first take a request on (it leaves „Neu“), the Anfragen-Übersicht counts its answer time from `answeredAt` (issue 38).
  const id = useFormValue(['_id']) as string | undefined
  const type = useFormValue(['_type']) as string | undefined
  const answeredAt = useFormValue(['answeredAt'])
  const { patch } = useDocumentOperation(id?.replace(/^drafts\./, '') ?? '', type ?? 'lead')
  const previous = useRef(value)
  useEffect(() => {
    // Only a change made now: a request opened already „In Bearbeitung“ keeps no invented time.
    if ((previous.current ?? 'neu') === 'neu' && value && value !== 'neu' && !answeredAt && !readOnly) {
      patch.execute([{ setIfMissing: { answeredAt: new Date().toISOString() } }])
    }
    previous.current = value
  }, [value, answeredAt, readOnly, patch])
  return (
    <Stack space={3}>
      <Flex>
        {href ? (
          <Button
            as="a"
            href={href}
            icon={EnvelopeIcon}
            text="Per E-Mail antworten"
            tone="primary"
            data-testid="inbox-reply"
            onClick={() => {
              if (!readOnly && (value ?? 'neu') === 'neu') onChange(set(REPLIED_STATUS))
            }}
          />
        ) : (
          <Text size={1} muted>
            Keine E-Mail-Adresse angegeben: bitte telefonisch antworten.
          </Text>
        )}
      </Flex>
      {props.renderDefault(props)}
    </Stack>
  )
}

type LeadPhoto = { _key?: string; url?: string; width?: number; height?: number }

/** A Sanity CDN image at a thumbnail's width; another address as it is. */
const thumbnailOf = (url: string) => (url.startsWith('https://cdn.sanity.io/') ? `${url}?w=480&fit=max&auto=format` : url)

/**
 * The seller's photos as pictures to look at and open full size, not as a list with drag handles
 * and a greyed „Element hinzufügen“: the site wrote them, staff read them.
 */
export function LeadPhotosInput(props: ArrayOfObjectsInputProps) {
  const photos = (props.value ?? []) as LeadPhoto[]
  return (
    <Grid columns={[2, 3, 4]} gap={2} data-testid="lead-photos">
      {photos.map((photo, index) => {
        const name = `Foto ${index + 1}${photo.width && photo.height ? ` (${photo.width} × ${photo.height} px)` : ''}`
        return (
          <Card key={photo._key ?? index} radius={2} border overflow="hidden">
            {photo.url ? (
              <a href={photo.url} target="_blank" rel="noreferrer" aria-label={`${name} in voller Größe öffnen`}>
                {thumbnail({ url: thumbnailOf(photo.url), alt: name })}
              </a>
            ) : null}
            <Box padding={2}>
              <Text size={1} muted>
                {name}
              </Text>
            </Box>
          </Card>
        )
      })}
    </Grid>
  )
}

/**
 * A choice the site made (the form a lead came from, why its photos were not kept) as its words, not
 * as a dropdown staff cannot open.
 */
export function ChosenTextInput(props: StringInputProps) {
  const list = (props.schemaType.options?.list ?? []) as Array<string | { title?: string; value?: string }>
  const chosen = list.find((item) => (typeof item === 'string' ? item : item.value) === props.value)
  const words = typeof chosen === 'object' ? chosen.title : chosen
  return (
    // Greyed as Sanity's read-only fields are: nothing here to type into.
    <Card padding={3} radius={2} border tone="transparent">
      <Text size={1}>{words ?? props.value ?? 'Ohne Angabe'}</Text>
    </Card>
  )
}

/** The form's answers as what they are: read-only lines „Bezeichnung: Wert“, not an editable list. */
export function LeadFieldsInput(props: ArrayOfObjectsInputProps) {
  const fields = (props.value ?? []) as Array<{ _key?: string; label?: string; value?: string }>
  if (fields.length === 0)
    return (
      <Text size={1} muted>
        Keine Angaben
      </Text>
    )
  return (
    <Card padding={3} radius={2} border data-testid="lead-fields">
      <Stack as="dl" space={3} style={{ margin: 0 }}>
        {fields.map((field, index) => {
          const shown = shownAnswer(field.label ?? '', field.value ?? '')
          return (
            <Stack key={field._key ?? index} space={2}>
              <Text as="dt" size={1} muted weight="medium">
                {shown.label}
              </Text>
              <Text as="dd" size={1} style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {shown.value}
              </Text>
            </Stack>
          )
        })}
      </Stack>
    </Card>
  )
}

/** A test drive's wished slot as the form offered it („Sa, 28.11.2026, 12:00–15:00 Uhr“), not two ISO date fields. */
export function AppointmentInput(props: ObjectInputProps) {
  return (
    <Text size={1} data-testid="lead-appointment">
      {appointmentText(props.value as { start?: string; end?: string } | undefined) ?? '–'}
    </Text>
  )
}
