import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { type SanityDocument } from '#app/lake/lake.server.ts'
import { validateId } from '#app/lake/mutations.server.ts'

/** The seed dataset with its image assets resolved the way `sanity dataset import` resolves them. */
export interface LoadedDataset {
  documents: SanityDocument[]
  /** Asset file name (`<sha1>-<W>x<H>.<ext>`, as in the asset URL) → absolute path of the source image. */
  assetFiles: Map<string, string>
}

interface ImageAsset {
  document: SanityDocument
  fileName: string
}

// Sanity names assets by the format sharp detects, not by the file's own extension.
const FORMATS: Record<string, { extension: string; mimeType: string }> = {
  jpeg: { extension: 'jpg', mimeType: 'image/jpeg' },
  png: { extension: 'png', mimeType: 'image/png' },
  webp: { extension: 'webp', mimeType: 'image/webp' },
  gif: { extension: 'gif', mimeType: 'image/gif' },
}

const ASSET_PATTERN = /^image@file:\/\/(.+)$/

/**
 * Reads `<contentDir>/production.ndjson` (Sanity's NDJSON export format, blank lines allowed)
 * and turns every `{_sanityAsset: "image@file://./images/x.jpg"}` into an image reference plus
 * one `sanity.imageAsset` document per file, with the same asset id Sanity's import would give.
 * Throws an error naming the file and line for a bad line, and naming a missing image file.
 */
export async function loadDataset(contentDir: string): Promise<LoadedDataset> {
  const file = path.resolve(contentDir, 'production.ndjson')
  const [text, fileStat] = await Promise.all([readFile(file, 'utf8'), stat(file)])
  // Documents without timestamps get the seed file's time, which is stable between restarts.
  const seedTime = fileStat.mtime.toISOString()
  const assets = new Map<string, Promise<ImageAsset>>()
  const documents: SanityDocument[] = []
  const ids = new Set<string>()

  const lines = text.split('\n')
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue
    const where = `${file}:${index + 1}`
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch (error) {
      throw new Error(`${where}: kein gültiges JSON (${error instanceof Error ? error.message : String(error)})`)
    }
    if (!isRecord(parsed) || typeof parsed._id !== 'string' || typeof parsed._type !== 'string') {
      throw new Error(`${where}: jede Zeile muss ein Dokument mit _id und _type (Text) sein`)
    }
    try {
      validateId(parsed._id)
    } catch (error) {
      throw new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`)
    }
    if (ids.has(parsed._id)) throw new Error(`${where}: _id "${parsed._id}" kommt doppelt vor`)
    ids.add(parsed._id)
    const resolved = await resolveAssets(parsed, contentDir, assets, where)
    documents.push(stamp({ ...resolved, _id: parsed._id, _type: parsed._type }, line, seedTime))
  }

  const assetFiles = new Map<string, string>()
  for (const [absolutePath, pending] of assets) {
    const asset = await pending
    assetFiles.set(asset.fileName, absolutePath)
    documents.push(stamp(asset.document, asset.fileName, seedTime))
  }
  return { documents, assetFiles }
}

/** Returns a copy of `value` with every `_sanityAsset` replaced by an asset reference. */
async function resolveAssets(
  value: Record<string, unknown>,
  contentDir: string,
  assets: Map<string, Promise<ImageAsset>>,
  where: string,
): Promise<Record<string, unknown>> {
  const resolveValue = async (child: unknown): Promise<unknown> => {
    if (Array.isArray(child)) return Promise.all(child.map(resolveValue))
    if (isRecord(child)) return resolveAssets(child, contentDir, assets, where)
    return child
  }
  const result: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(value)) {
    if (key === '_sanityAsset') continue
    result[key] = await resolveValue(child)
  }
  const source = value._sanityAsset
  if (source === undefined) return result

  const match = typeof source === 'string' ? ASSET_PATTERN.exec(source) : null
  if (!match?.[1]) throw new Error(`${where}: _sanityAsset ${JSON.stringify(source)} wird nicht unterstützt (erwartet: "image@file://./images/<Datei>")`)
  const absolutePath = path.resolve(contentDir, match[1])
  let pending = assets.get(absolutePath)
  if (!pending) {
    pending = describeImage(absolutePath, where)
    assets.set(absolutePath, pending)
  }
  const asset = await pending
  return { ...result, asset: { _type: 'reference', _ref: asset.document._id } }
}

async function describeImage(absolutePath: string, where: string): Promise<ImageAsset> {
  let bytes: Buffer
  try {
    bytes = await readFile(absolutePath)
  } catch {
    throw new Error(`${where}: Bilddatei fehlt: ${absolutePath}`)
  }
  const image = sharp(bytes)
  const metadata = await image.metadata()
  const format = FORMATS[metadata.format]
  const { width, height } = metadata
  if (!format || !width || !height) {
    throw new Error(`${where}: ${absolutePath} ist kein unterstütztes Bild (${metadata.format}); bitte JPEG, PNG, WebP oder GIF`)
  }
  const sha1 = createHash('sha1').update(bytes).digest('hex')
  const fileName = `${sha1}-${width}x${height}.${format.extension}`
  const placeholder = await image.clone().resize({ width: 16 }).webp({ quality: 40 }).toBuffer()
  return {
    fileName,
    document: {
      _id: `image-${sha1}-${width}x${height}-${format.extension}`,
      _type: 'sanity.imageAsset',
      assetId: sha1,
      sha1hash: sha1,
      path: `media/${fileName}`,
      url: `/media/${fileName}`,
      originalFilename: path.basename(absolutePath),
      extension: format.extension,
      mimeType: format.mimeType,
      size: bytes.length,
      metadata: {
        _type: 'sanity.imageMetadata',
        dimensions: { _type: 'sanity.imageDimensions', width, height, aspectRatio: width / height },
        hasAlpha: metadata.hasAlpha,
        lqip: `data:image/webp;base64,${placeholder.toString('base64')}`,
      },
    },
  }
}

/** Fills in the system fields Sanity's import would set; `_rev` follows the content so it changes when the seed does. */
function stamp(doc: SanityDocument, content: string, seedTime: string): SanityDocument {
  return {
    ...doc,
    _createdAt: doc._createdAt ?? seedTime,
    _updatedAt: doc._updatedAt ?? seedTime,
    _rev: doc._rev ?? createHash('sha1').update(content).digest('base64url').slice(0, 22),
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
