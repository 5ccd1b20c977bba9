/**
 * Deletes a lead and its photos for good (GDPR Art. 17: a seller asks for erasure), on either
 * backend: `node --import tsx scripts/delete-lead.ts inbox.lead-<uuid>` with the site's environment
 * (DATA_DIR, or the SANITY_* variables). The lead goes first (Sanity refuses to delete an asset a
 * document still refers to), then its photos through the lake's own store (`lake.photos`): the image
 * assets, or the files under DATA_DIR/uploads. The dealer's mail about it (DATA_DIR/outbox, or the
 * mailbox) is not touched: delete it there. On the embedded lake the site must be stopped (one
 * writer per DATA_DIR, decision 039).
 */
import { pathToFileURL } from 'node:url'
import { createLake } from '#app/context.server.ts'
import { parseEnv } from '#app/env.server.ts'
import { type ContentLake } from '#app/sanity/lake.server.ts'
import { type StoredPhoto } from '#app/submissions/photo-store.server.ts'

/** Deletes the lead or contact message `id` and then its photos; resolves with the number of photos, or undefined when there is no such document. */
export async function deleteLead(lake: ContentLake, id: string): Promise<{ photos: number } | undefined> {
  const doc = await lake.fetch<{ photos?: StoredPhoto[] } | null>('*[_id == $id][0]{photos}', { id }, { includePrivate: true })
  if (!doc) return undefined
  await lake.mutate([{ delete: { id } }])
  const photos = doc.photos ?? []
  if (photos.length > 0) {
    if (!lake.photos) throw new Error('Dieser Content Lake kann keine Fotos löschen.')
    await lake.photos.remove(photos)
  }
  return { photos: photos.length }
}

async function main() {
  const id = process.argv[2]
  if (!id || !/^inbox\.(lead|contact)-[\w-]+$/.test(id)) {
    console.error('Aufruf: node --import tsx scripts/delete-lead.ts inbox.lead-<id>')
    process.exit(2)
  }
  const env = parseEnv(process.env)
  const lake = await createLake(env)
  try {
    const deleted = await deleteLead(lake, id)
    if (!deleted) {
      console.error(`Keine Anfrage mit der ID ${id} gefunden.`)
      process.exitCode = 1
    } else {
      console.log(`Anfrage ${id} gelöscht, dazu ${deleted.photos} Foto(s).`)
    }
  } finally {
    await lake.close?.()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
