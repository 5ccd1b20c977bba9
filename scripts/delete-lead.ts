/**
 * Deletes a lead and its photos for good (GDPR Art. 17: a seller asks for erasure), on either
 * backend: `node --import tsx scripts/delete-lead.ts inbox.lead-<uuid>` with the site's environment
 * (DATA_DIR, or the SANITY_* variables). The lead goes first (Sanity refuses to delete an asset a
 * document still refers to), then its photos: the image assets, or the files under DATA_DIR/uploads.
 * The dealer's mail about it (DATA_DIR/outbox, or the mailbox) is not touched: delete it there.
 */
import { createLake } from '#app/context.server.ts'
import { parseEnv } from '#app/env.server.ts'
import { photoStoreFor, type StoredPhoto } from '#app/submissions/photo-store.server.ts'

const id = process.argv[2]
if (!id || !/^inbox\.(lead|contact)-[\w-]+$/.test(id)) {
  console.error('Aufruf: node --import tsx scripts/delete-lead.ts inbox.lead-<id>')
  process.exit(2)
}
const env = parseEnv(process.env)
const lake = await createLake(env)
try {
  const doc = await lake.fetch<{ photos?: StoredPhoto[] } | null>('*[_id == $id][0]{photos}', { id }, { includePrivate: true })
  if (!doc) {
    console.error(`Keine Anfrage mit der ID ${id} gefunden.`)
    process.exitCode = 1
  } else {
    await lake.mutate([{ delete: { id } }])
    const photos = doc.photos ?? []
    await photoStoreFor({ env, lake }).remove(photos)
    console.log(`Anfrage ${id} gelöscht, dazu ${photos.length} Foto(s).`)
  }
} finally {
  await lake.close?.()
}
