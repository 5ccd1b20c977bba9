// Writes a brotli (.br, best quality) and a gzip (.gz, level 9) twin next to every compressible
// file of the client build, for app/server/static-files.server.ts to serve (docs/decisions/017).
// The last step of `npm run build:app`; `remix build` empties public/build first, so every file is new.
//
//   node scripts/precompress.mjs [dir]   (default: public/build)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dir = process.argv[2] ?? 'public/build'
/** Text formats only; below 1 KB the headers cost more than compression saves. */
const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|txt|map)$/
const MIN_BYTES = 1024

let files = 0
let rawBytes = 0
let brotliBytes = 0
for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue
  const file = path.join(entry.parentPath, entry.name)
  const content = readFileSync(file)
  if (content.length < MIN_BYTES) continue
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  })
  writeFileSync(`${file}.br`, brotli)
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
  files++
  rawBytes += content.length
  brotliBytes += brotli.length
}
console.log(`precompress: ${files} files compressed in ${dir} (${(rawBytes / 1024).toFixed(0)} KB → ${(brotliBytes / 1024).toFixed(0)} KB brotli)`)
