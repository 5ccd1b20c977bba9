import { Stack, Text } from '@sanity/ui'
import { type ObjectInputProps } from 'sanity'
import { mailtoAddress } from '../lib/inbox-reply'

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
