import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { evaluate, parse } from 'groq-js'
import sharp from 'sharp'

/*
 * Test helpers around the seed dataset (content/production.ndjson): read it, turn its
 * `_sanityAsset` placeholders into asset references the way `sanity dataset import` does,
 * and evaluate GROQ over it with groq-js.
 */

export const ROOT = path.resolve(__dirname, '../..')
export const CONTENT_DIR = path.join(ROOT, 'content')
export const DATASET_PATH = path.join(CONTENT_DIR, 'production.ndjson')

export type SeedDocument = { _id: string; _type: string; [key: string]: unknown }

const ASSET_PATTERN = /^image@file:\/\/\.\/(images\/[\w.-]+)$/

/** The documents of the seed dataset, in file order. */
export function readSeed(file = DATASET_PATH): SeedDocument[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const doc: unknown = JSON.parse(line)
      if (!isRecord(doc) || typeof doc._id !== 'string' || typeof doc._type !== 'string') {
        throw new Error(`Line ${index + 1} is not a document with _id and _type`)
      }
      return doc as SeedDocument
    })
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Every object with a `_sanityAsset` key, with its JSON path. */
export function findAssetPlaceholders(value: unknown, at: string[] = []): Array<{ path: string; asset: Record<string, unknown> }> {
  if (Array.isArray(value)) return value.flatMap((item, index) => findAssetPlaceholders(item, [...at, String(index)]))
  if (!isRecord(value)) return []
  const own = typeof value._sanityAsset === 'string' ? [{ path: at.join('.'), asset: value }] : []
  return [...own, ...Object.entries(value).flatMap(([key, child]) => findAssetPlaceholders(child, [...at, key]))]
}

/** The file a `_sanityAsset` value points to, relative to content/, or undefined when malformed. */
export function assetFile(sanityAsset: unknown): string | undefined {
  return typeof sanityAsset === 'string' ? ASSET_PATTERN.exec(sanityAsset)?.[1] : undefined
}

export interface ImportedDataset {
  documents: SeedDocument[]
  /** `sanity.imageAsset` documents for every referenced file. */
  assets: SeedDocument[]
}

/**
 * The dataset as it looks after `sanity dataset import`: each placeholder becomes
 * `asset: {_type: 'reference', _ref: 'image-<sha1>-<w>x<h>-jpg'}` and an image asset document exists.
 */
export async function importSeed(documents: SeedDocument[] = readSeed()): Promise<ImportedDataset> {
  const assets = new Map<string, SeedDocument>()
  async function assetFor(file: string): Promise<string> {
    const absolute = path.join(CONTENT_DIR, file)
    const buffer = readFileSync(absolute)
    const { width = 0, height = 0, format = 'jpg' } = await sharp(buffer).metadata()
    const extension = format === 'jpeg' ? 'jpg' : format
    const sha1 = createHash('sha1').update(buffer).digest('hex')
    const id = `image-${sha1}-${width}x${height}-${extension}`
    assets.set(id, {
      _id: id,
      _type: 'sanity.imageAsset',
      assetId: sha1,
      extension,
      mimeType: `image/${format}`,
      originalFilename: path.basename(file),
      path: `images/test/seed/${sha1}-${width}x${height}.${extension}`,
      url: `https://cdn.sanity.io/images/test/seed/${sha1}-${width}x${height}.${extension}`,
      size: buffer.length,
      metadata: { _type: 'sanity.imageMetadata', dimensions: { _type: 'sanity.imageDimensions', width, height, aspectRatio: width / height } },
    })
    return id
  }
  async function convert(value: unknown): Promise<unknown> {
    if (Array.isArray(value)) return Promise.all(value.map(convert))
    if (!isRecord(value)) return value
    const entries = await Promise.all(
      Object.entries(value)
        .filter(([key]) => key !== '_sanityAsset')
        .map(async ([key, child]) => [key, await convert(child)] as const),
    )
    const result: Record<string, unknown> = Object.fromEntries(entries)
    if (typeof value._sanityAsset === 'string') {
      const file = assetFile(value._sanityAsset)
      if (!file || !existsSync(path.join(CONTENT_DIR, file))) throw new Error(`Missing asset file for ${value._sanityAsset}`)
      result.asset = { _type: 'reference', _ref: await assetFor(file) }
    }
    return result
  }
  const converted = (await Promise.all(documents.map(convert))) as SeedDocument[]
  return { documents: converted, assets: [...assets.values()] }
}

/** Evaluates a GROQ query over the documents, like the site's embedded content lake. */
export async function query<R = unknown>(documents: SeedDocument[], groq: string, params: Record<string, unknown> = {}): Promise<R> {
  const result = await evaluate(parse(groq, { params }), { dataset: documents, params })
  return (await result.get()) as R
}
