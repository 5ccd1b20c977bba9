import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/*
 * A content folder with many vehicles, varied from the 24 seed vehicles (same images), for the
 * vehicle index tests and `npm run bench:vehicles`. Every 17th vehicle is sold, every 11th
 * reserved; with `gaps` some have no title, description, price, year or listing date.
 */

interface SeedDoc {
  _id: string
  _type: string
  [key: string]: unknown
}

const root = path.resolve(import.meta.dirname, '..')

export function generateVehicleContent(count: number, { gaps = false }: { gaps?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vehicle-lake-'))
  symlinkSync(path.join(root, 'content/images'), path.join(dir, 'images'))
  cpSync(path.join(root, 'content/pages'), path.join(dir, 'pages'), { recursive: true })
  const docs = readFileSync(path.join(root, 'content/production.ndjson'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as SeedDoc)
  const templates = docs.filter((doc) => doc._type === 'vehicle')
  const others = docs.filter((doc) => doc._type !== 'vehicle')
  const start = Date.parse('2025-01-31T12:00:00Z')
  const vehicles = Array.from({ length: count }, (_, index) => {
    const template = templates[index % templates.length]!
    const id = String(index + 1)
    const variant = Math.floor(index / templates.length)
    const vehicle: SeedDoc = {
      ...template,
      _id: `vehicle-${id}`,
      id,
      title: template.title ? `${String(template.title)} #${variant}` : undefined,
      price: typeof template.price === 'number' ? Math.round((template.price * (0.7 + ((index * 37) % 60) / 100)) / 10) * 10 : undefined,
      mileage: ((template.mileage as number) + variant * 1_337) % 300_000,
      status: index % 17 === 0 ? 'sold' : index % 11 === 0 ? 'reserved' : 'available',
      // Some share a listing date, so the tie-breaker (_id) matters.
      listedAt: new Date(start - Math.floor(index / 3) * 3_600_000).toISOString(),
    }
    if (gaps) {
      if (index % 5 === 1) delete vehicle.title
      if (index % 7 === 2) delete vehicle.description
      if (index % 9 === 3) delete vehicle.price
      if (index % 13 === 4) delete vehicle.year
      if (index % 13 === 4 || index % 19 === 5) delete vehicle.firstRegistration
      if (index % 23 === 6) delete vehicle.listedAt
      if (index % 29 === 7) delete vehicle.status
      if (index % 31 === 8) vehicle.make = String(vehicle.make).toUpperCase()
    }
    return vehicle
  })
  writeFileSync(path.join(dir, 'production.ndjson'), [...others, ...vehicles].map((doc) => JSON.stringify(doc)).join('\n') + '\n')
  return dir
}
