/** The image asset ids of a lead's photos (`photos[].image.asset._ref`): deleted with the lead (DeleteLeadWithPhotosAction). */
export function leadPhotoAssetIds(doc: unknown): string[] {
  const photos = (doc as { photos?: unknown } | null | undefined)?.photos
  if (!Array.isArray(photos)) return []
  const ids = photos
    .map((photo) => (photo as { image?: { asset?: { _ref?: unknown } } } | null)?.image?.asset?._ref)
    .filter((ref): ref is string => typeof ref === 'string' && ref.startsWith('image-'))
  return [...new Set(ids)]
}

/** How the deletion of one photo's asset ended: Sanity refuses (409) an asset another document still refers to. */
export type PhotoDeletion = 'deleted' | 'shared' | 'failed'

export function photoDeletionOf(error: unknown): PhotoDeletion {
  return (error as { statusCode?: unknown } | null)?.statusCode === 409 ? 'shared' : 'failed'
}

/** „2 Fotos“, „1 Foto“: counts in the messages staff read. */
export const count = (n: number, one: string, many: string) => `${new Intl.NumberFormat('de-DE').format(n)} ${n === 1 ? one : many}`

/**
 * What „Löschen“ tells staff it did (decision 072): what was deleted, and why anything is left. A photo
 * another request also holds stays for it; one whose deletion failed for another reason (the network, a
 * refusal) is not „shared“: the site's hourly sweep removes it, as it removes the mails it could not be asked for.
 */
export function erasureSummary(photos: readonly PhotoDeletion[], mails: number | undefined): string {
  const tally = (outcome: PhotoDeletion) => photos.filter((photo) => photo === outcome).length
  const [deleted, shared, failed] = [tally('deleted'), tally('shared'), tally('failed')]
  const done = ['die Anfrage', count(deleted, 'Foto', 'Fotos'), ...(mails === undefined ? [] : [count(mails, 'gespeicherte E-Mail', 'gespeicherte E-Mails')])]
  const notes = [
    ...(shared ? [`${count(shared, 'Foto bleibt', 'Fotos bleiben')}, weil eine andere Anfrage sie auch enthält.`] : []),
    ...(failed
      ? [
          `${count(failed, 'Foto konnte', 'Fotos konnten')} gerade nicht gelöscht werden; die Website löscht ${failed === 1 ? 'es' : 'sie'} innerhalb einer Stunde.`,
        ]
      : []),
    ...(mails === undefined ? ['Die auf dem Server gespeicherten E-Mails zu dieser Anfrage löscht die Website innerhalb einer Stunde.'] : []),
    'E-Mails in Ihrem Postfach löschen Sie bitte dort.',
  ]
  return `Gelöscht: ${done.join(', ')}. ${notes.join(' ')}`
}
