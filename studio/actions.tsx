import { EnvelopeIcon, TrashIcon, UnlinkIcon } from '@sanity/icons'
import { useToast } from '@sanity/ui'
import { useEffect, useState } from 'react'
import { type DocumentActionComponent, type DocumentBadgeComponent, useClient, useDocumentOperation } from 'sanity'
import { CONTACT_STATUSES, titleOf } from '../schemas/lib/constants'
import { formerAddressesAfterRename } from '../schemas/lib/former-addresses'
import { type ReplySource } from '../schemas/lib/inbox-reply'
import { REPLIED_STATUS, useReplyHref } from '../schemas/components/inbox-inputs'
import { vehicleStatusTitle } from '../schemas/documents/vehicle'
import { DUPLICATE_WINDOW_SECONDS, IS_POSSIBLE_DUPLICATE_QUERY } from '../app/sanity/queries/dashboard'
import { count, erasureSummary, leadPhotoAssetIds, type PhotoDeletion, photoDeletionOf } from './lead-photos'
import { previewOrigin } from './presentation'

const API_VERSION = '2025-02-19'

/**
 * „Per E-Mail antworten“ in the „…“ menu too (the visible button sits above the status:
 * InboxStatusInput): opens the staff's mail program with a prepared reply naming the car, and sets a
 * new request „In Bearbeitung“. Leads and messages are edited live, so the patch is saved at once.
 */
export const ReplyByMailAction: DocumentActionComponent = (props) => {
  const { patch } = useDocumentOperation(props.id, props.type)
  const source = (props.published ?? props.draft ?? undefined) as (ReplySource & { status?: string }) | undefined
  const href = useReplyHref(source)
  return {
    label: 'Per E-Mail antworten',
    icon: EnvelopeIcon,
    disabled: !href,
    title: href ? undefined : 'Keine E-Mail-Adresse angegeben',
    onHandle: () => {
      if (!href) return
      // The first answer's time, for the Anfragen-Übersicht's „innerhalb von … Stunden beantwortet“ (issue 38).
      if ((source?.status ?? 'neu') === 'neu') patch.execute([{ set: { status: REPLIED_STATUS } }, { setIfMissing: { answeredAt: new Date().toISOString() } }])
      window.location.href = href
      props.onComplete()
    },
  }
}
ReplyByMailAction.displayName = 'ReplyByMailAction'

/**
 * „Veröffentlichen“ of a page or a vehicle: the Studio's own action, and when the document's address
 * (`field`: a page's path, a vehicle's public id) changed since it was last published, the old one is
 * first added to its former addresses (`formerField`), so that old links and search results are sent
 * on to the new one (decision 099).
 */
export function publishKeepingFormerAddress(
  Publish: DocumentActionComponent,
  { field, formerField }: { field: 'path' | 'id'; formerField: 'previousPaths' | 'previousIds' },
): DocumentActionComponent {
  const PublishKeepingFormerAddress: DocumentActionComponent = (props) => {
    const { patch } = useDocumentOperation(props.id, props.type)
    const description = Publish(props)
    const before = (props.published as Record<string, unknown> | null)?.[field]
    const draft = props.draft as Record<string, unknown> | null
    const now = draft?.[field]
    if (!description || typeof before !== 'string' || typeof now !== 'string' || before === now) return description
    return {
      ...description,
      onHandle: () => {
        // Into the draft first: the publish that follows takes the draft as it is then (as DetachFromSyncAction does).
        const former = formerAddressesAfterRename(draft?.[formerField] as string[] | undefined, before, now)
        patch.execute([{ set: { [formerField]: former } }])
        description.onHandle?.()
      },
    }
  }
  PublishKeepingFormerAddress.action = 'publish'
  return PublishKeepingFormerAddress
}

/** Where the site is: the Studio's own origin (the site serves it at /studio), or the configured one. */
function siteOrigin(): string {
  return previewOrigin(process.env.SANITY_STUDIO_PREVIEW_ORIGIN, window.location.origin)
}

/**
 * „Löschen“ of a lead, in place of the Studio's own, as an erasure request needs it (GDPR Art. 17,
 * decision 072): deletes the lead, then the image assets of its photos (Sanity refuses to delete an
 * asset another document still refers to: the same photo sent with another request stays for that
 * one), then asks the site to delete the copies of its mails it saved (POST /api/lead-erasure), and
 * says what it deleted. What this misses the site's hourly sweep removes (decision 072).
 */
export const DeleteLeadWithPhotosAction: DocumentActionComponent = (props) => {
  const client = useClient({ apiVersion: API_VERSION })
  const toast = useToast()
  const [state, setState] = useState<'idle' | 'confirm' | 'deleting'>('idle')
  const current = props.published ?? props.draft
  if (!current) return null
  const assets = leadPhotoAssetIds(current)
  const done = () => {
    setState('idle')
    props.onComplete()
  }
  const erase = async () => {
    await client.transaction().delete(props.id).delete(`drafts.${props.id}`).commit()
    const photos: PhotoDeletion[] = []
    for (const id of assets) photos.push(await client.delete(id).then(() => 'deleted' as const, photoDeletionOf))
    const mails = await fetch(`${siteOrigin()}/api/lead-erasure`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: props.id }),
    })
      .then(async (response) => (response.ok ? ((await response.json()) as { mails: number }).mails : undefined))
      .catch(() => undefined)
    toast.push({
      status: 'success',
      title: 'Anfrage gelöscht',
      description: erasureSummary(photos, mails),
      duration: 20_000,
      closable: true,
    })
  }
  return {
    label: state === 'deleting' ? 'Wird gelöscht …' : 'Löschen',
    icon: TrashIcon,
    tone: 'critical',
    disabled: state === 'deleting',
    onHandle: () => setState('confirm'),
    dialog:
      state === 'confirm'
        ? {
            type: 'confirm',
            tone: 'critical',
            message: `Diese Anfrage endgültig löschen, mit ${assets.length === 1 ? 'ihrem Foto und ' : assets.length > 1 ? `ihren ${count(assets.length, 'Foto', 'Fotos')} und ` : ''}den Kopien ihrer E-Mails auf dem Server? Das lässt sich nicht rückgängig machen.`,
            onCancel: done,
            onConfirm: () => {
              setState('deleting')
              void erase()
                .catch((error: unknown) =>
                  toast.push({
                    status: 'error',
                    title: 'Löschen fehlgeschlagen',
                    description: `Bitte noch einmal versuchen. (${error instanceof Error ? error.message : String(error)})`,
                    closable: true,
                  }),
                )
                .finally(done)
            },
          }
        : null,
  }
}
DeleteLeadWithPhotosAction.displayName = 'DeleteLeadWithPhotosAction'

/**
 * „Vom Abgleich lösen": a synced car becomes one staff maintain by hand. Deliberate, with a
 * confirmation, because the sync then never touches it again (not even to mark it sold).
 */
export const DetachFromSyncAction: DocumentActionComponent = (props) => {
  const { patch, publish } = useDocumentOperation(props.id, props.type)
  const toast = useToast()
  const [open, setOpen] = useState(false)
  const current = (props.draft ?? props.published) as { source?: string } | null
  if (current?.source !== 'mobile.de') return null
  return {
    label: 'Vom Abgleich lösen',
    icon: UnlinkIcon,
    tone: 'critical',
    onHandle: () => setOpen(true),
    dialog: open
      ? {
          type: 'confirm',
          tone: 'critical',
          message:
            'Dieses Fahrzeug wird danach nur noch hier gepflegt: Der Abgleich mit mobile.de ändert es nie wieder und markiert es auch nicht als verkauft, wenn das Inserat endet. Alle Felder werden bearbeitbar. Das Fahrzeug wird dabei sofort veröffentlicht, mit allen noch nicht veröffentlichten Änderungen. Fortfahren?',
          onCancel: () => {
            setOpen(false)
            props.onComplete()
          },
          onConfirm: () => {
            patch.execute([{ set: { source: 'manual' } }])
            // Always published at once: the sync and the site read the published car, so a draft
            // alone would leave it synced. Not guarded by `publish.disabled`: that is from the render
            // before the patch (no draft yet → „NO_CHANGES“); the operation reads the document as the
            // patch left it and waits until the draft is saved.
            publish.execute()
            toast.push({
              status: 'success',
              title: 'Vom Abgleich gelöst und veröffentlicht',
              description: 'Der Abgleich mit mobile.de ändert dieses Fahrzeug nicht mehr.',
            })
            setOpen(false)
            props.onComplete()
          },
        }
      : null,
  }
}
DetachFromSyncAction.displayName = 'DetachFromSyncAction'

/** The vehicle's status and origin as badges on the open document. */
export const VehicleBadges: DocumentBadgeComponent = (props) => {
  const current = (props.draft ?? props.published) as { status?: string; source?: string } | null
  if (!current) return null
  const status = current.status ?? 'available'
  return {
    label: vehicleStatusTitle(status),
    color: status === 'sold' ? 'danger' : status === 'reserved' ? 'warning' : 'success',
    title: current.source === 'mobile.de' ? 'Von mobile.de' : undefined,
  }
}
VehicleBadges.displayName = 'VehicleBadges'

export const FromMobileDeBadge: DocumentBadgeComponent = (props) => {
  const current = (props.draft ?? props.published) as { source?: string } | null
  return current?.source === 'mobile.de' ? { label: 'von mobile.de', color: 'primary' } : null
}
FromMobileDeBadge.displayName = 'FromMobileDeBadge'

/**
 * „Mögliche Dublette“ on an open lead (issue 38): another lead with the same e-mail
 * address or phone number within 30 days, by the Anfragen-Übersicht's own GROQ. Read once per lead shown.
 */
export const PossibleDuplicateBadge: DocumentBadgeComponent = (props) => {
  const client = useClient({ apiVersion: API_VERSION })
  const [duplicate, setDuplicate] = useState(false)
  const { id, type } = props
  useEffect(() => {
    let current = true
    if (type !== 'lead') return
    client
      .fetch<boolean>(IS_POSSIBLE_DUPLICATE_QUERY, { id, windowSeconds: DUPLICATE_WINDOW_SECONDS })
      .then((answer) => current && setDuplicate(answer === true))
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [client, id, type])
  if (type !== 'lead' || !duplicate) return null
  return { label: 'Mögliche Dublette', title: 'Dieselbe E-Mail-Adresse oder Telefonnummer wie eine andere Anfrage innerhalb von 30 Tagen', color: 'danger' }
}
PossibleDuplicateBadge.displayName = 'PossibleDuplicateBadge'

/** „Neu" (and the other states) on an open lead or message: what is still to do. */
export const InboxStatusBadge: DocumentBadgeComponent = (props) => {
  const current = (props.draft ?? props.published) as { status?: string } | null
  if (!current) return null
  const status = current.status ?? 'neu'
  return { label: titleOf(CONTACT_STATUSES, status) ?? 'Neu', color: status === 'neu' ? 'primary' : status === 'erledigt' ? 'success' : 'warning' }
}
InboxStatusBadge.displayName = 'InboxStatusBadge'
