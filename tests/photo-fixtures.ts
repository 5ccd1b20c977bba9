import { deflateSync } from 'node:zlib'
import sharp from 'sharp'

/*
 * Photos for the sell request's tests (issue 26), made on the fly: a JPEG that carries GPS EXIF
 * like a phone's, a PNG, and the bad uploads the server must refuse.
 */

/** A JPEG with a camera's EXIF including GPS coordinates (Essen), 800 × 600. */
export async function gpsJpeg(seed = 0): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 40 + seed, g: 90, b: 160 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15', Copyright: 'Erika Mustermann' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 29/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '7/1 0/1 0/1' },
    })
    .toBuffer()
}

/** A small PNG, 640 × 480. */
export async function png(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .png()
    .toBuffer()
}

/** A PDF (its magic number), to be sent under a `.jpg` name. */
export function pdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
}

/** A JPEG cut off after 60 % of its bytes. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#888' } })
    .composite([{ input: Buffer.from('<svg width="1200" height="900"><circle cx="600" cy="450" r="400" fill="red"/></svg>') }])
    .jpeg()
    .toBuffer()
  return whole.subarray(0, Math.floor(whole.length * 0.6))
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body) >>> 0)
  return Buffer.concat([length, body, crc])
}

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff
  for (const byte of buffer) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return crc ^ 0xffffffff
}

/** A PNG of `side` × `side` pixels whose rows are all zero: `rowBytes` per row (the filter byte added), deflated at `level`. */
function zeroPng(side: number, bitDepth: number, colourType: number, rowBytes: number, level: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header[8] = bitDepth
  header[9] = colourType
  const pixels = deflateSync(Buffer.alloc((1 + rowBytes) * side), { level })
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * A decompression bomb: a valid one-bit grey PNG of 20,000 × 20,000 pixels (400 MP, 1.2 GB once
 * decoded to RGB) whose all-black rows compress to a few dozen KB.
 */
export function pngBomb(side = 20_000): Buffer {
  return zeroPng(side, 1, 0, Math.ceil(side / 8), 9)
}

/**
 * A 16-bit RGB PNG of `side` × `side` pixels (7,000: 49 MP, 294 MB once decoded) that passes the
 * pixel limit and compresses to a few hundred KB: the photo whose decoding costs seconds of CPU.
 */
export function png16(side = 7_000): Buffer {
  return zeroPng(side, 16, 2, side * 6, 1)
}
