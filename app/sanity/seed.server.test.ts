import { createHash } from 'node:crypto'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { loadDataset } from '#app/sanity/seed.server.ts'

const FIXTURE = path.resolve('tests/fixtures/mini-dataset')
const temporaryDirs: string[] = []

async function copyOfFixture(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'seed-'))
  temporaryDirs.push(dir)
  await cp(FIXTURE, dir, { recursive: true })
  return dir
}

afterEach(async () => {
  await Promise.all(temporaryDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

describe('loadDataset', () => {
  it('loads every document, drafts and private ids included, skipping blank lines', async () => {
    const { documents } = await loadDataset(FIXTURE)
    const ids = documents.map((doc) => doc._id)
    expect(ids.slice(0, 5)).toEqual(['siteSettings', 'vehicle-1', 'vehicle-2', 'drafts.vehicle-1', 'inbox.contact-seed'])
  })

  it('turns _sanityAsset into an image reference with the id Sanity would give the asset', async () => {
    const { documents } = await loadDataset(FIXTURE)
    const bytes = await readFile(path.join(FIXTURE, 'images/car.jpg'))
    const sha1 = createHash('sha1').update(bytes).digest('hex')
    const vehicle = documents.find((doc) => doc._id === 'vehicle-1')
    expect(vehicle?.images).toEqual([
      { _key: 'a1', _type: 'image', alt: 'VW Golf von vorne', asset: { _type: 'reference', _ref: `image-${sha1}-1200x800-jpg` } },
    ])
    expect(JSON.stringify(documents)).not.toContain('_sanityAsset')
  })

  it('synthesizes one sanity.imageAsset per file, with dimensions and a tiny placeholder', async () => {
    const { documents, assetFiles } = await loadDataset(FIXTURE)
    const assets = documents.filter((doc) => doc._type === 'sanity.imageAsset')
    // car.jpg is used twice but is one asset.
    expect(assets).toHaveLength(2)

    const bytes = await readFile(path.join(FIXTURE, 'images/logo.png'))
    const sha1 = createHash('sha1').update(bytes).digest('hex')
    const logo = assets.find((doc) => doc.originalFilename === 'logo.png')
    expect(logo).toMatchObject({
      _id: `image-${sha1}-300x120-png`,
      url: `/media/${sha1}-300x120.png`,
      path: `media/${sha1}-300x120.png`,
      extension: 'png',
      mimeType: 'image/png',
      size: bytes.length,
      sha1hash: sha1,
      metadata: { dimensions: { width: 300, height: 120, aspectRatio: 2.5 } },
    })
    const lqip = (logo?.metadata as { lqip: string }).lqip
    expect(lqip).toMatch(/^data:image\/webp;base64,/)
    const placeholder = await sharp(Buffer.from(lqip.split(',')[1] ?? '', 'base64')).metadata()
    expect(placeholder.width).toBe(16)

    expect(assetFiles.get(`${sha1}-300x120.png`)).toBe(path.join(FIXTURE, 'images/logo.png'))
    expect(assetFiles.size).toBe(2)
  })

  it('stamps documents with stable system fields', async () => {
    const first = await loadDataset(FIXTURE)
    const second = await loadDataset(FIXTURE)
    const vehicle = first.documents.find((doc) => doc._id === 'vehicle-1')
    expect(vehicle?._rev).toMatch(/^[\w-]{22}$/)
    expect(vehicle?._createdAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(second.documents).toEqual(first.documents)
  })

  it('names file and line of a bad line', async () => {
    const dir = await copyOfFixture()
    const file = path.join(dir, 'production.ndjson')
    await writeFile(file, `${await readFile(file, 'utf8')}{"_id": "broken",\n`)
    await expect(loadDataset(dir)).rejects.toThrow(`${file}:7: kein gültiges JSON`)
  })

  it('refuses lines that are not documents, duplicate ids and invalid ids', async () => {
    const dir = await copyOfFixture()
    const file = path.join(dir, 'production.ndjson')
    await writeFile(file, '{"_id":"a","_type":"x"}\n[1,2]\n')
    await expect(loadDataset(dir)).rejects.toThrow(`${file}:2: jede Zeile muss ein Dokument`)
    await writeFile(file, '{"_id":"a","_type":"x"}\n{"_id":"a","_type":"x"}\n')
    await expect(loadDataset(dir)).rejects.toThrow(`${file}:2: _id "a" kommt doppelt vor`)
    await writeFile(file, '{"_id":"a b","_type":"x"}\n')
    await expect(loadDataset(dir)).rejects.toThrow(`${file}:1: Invalid document ID "a b"`)
  })

  it('names a missing image file', async () => {
    const dir = await copyOfFixture()
    await rm(path.join(dir, 'images/logo.png'))
    await expect(loadDataset(dir)).rejects.toThrow(`Bilddatei fehlt: ${path.join(dir, 'images/logo.png')}`)
  })
})
