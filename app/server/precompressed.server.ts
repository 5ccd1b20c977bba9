import { readdirSync } from 'node:fs'
import path from 'node:path'
import { type RequestHandler } from 'express'

/** The twins scripts/precompress.mjs writes next to a build file, best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const

/**
 * Serves the brotli or gzip twin that `scripts/precompress.mjs` wrote next to a file of `dir`
 * when the client accepts that encoding (docs/decisions/017): compressed once at build time at the
 * best quality, instead of quickly on every request. Mount it in front of `express.static` on the
 * same path; a file without twins, or a client that takes neither encoding, passes through
 * unchanged (the compression middleware then does what it does for any response).
 *
 * The twins are listed once: a build never changes under a running server (a new build means a
 * restart), and no request pays for a file-system lookup.
 */
export function precompressedFiles(dir: string): RequestHandler {
  const twins = new Set(listFiles(dir))
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    let file: string
    try {
      file = decodeURIComponent(req.path)
    } catch {
      return next()
    }
    // The twins themselves are not files of the site (express.static would send them as octet streams).
    if (ENCODINGS.some((encoding) => file.endsWith(encoding.suffix) && twins.has(file))) return res.status(404).type('text/plain').send('Not Found')
    const available = ENCODINGS.filter((encoding) => twins.has(file + encoding.suffix))
    if (available.length === 0) return next()
    // Caches must keep one copy per encoding, whichever this client gets.
    res.setHeader('Vary', 'Accept-Encoding')
    const chosen = available.find((encoding) => req.acceptsEncodings(encoding.name) === encoding.name)
    if (!chosen) return next()
    // express.static keeps a Content-Type that is already set, and the compression middleware
    // leaves a response alone that already has a Content-Encoding.
    res.type(path.extname(file))
    res.setHeader('Content-Encoding', chosen.name)
    const query = req.url.indexOf('?')
    req.url = query === -1 ? req.url + chosen.suffix : req.url.slice(0, query) + chosen.suffix + req.url.slice(query)
    next()
  }
}

/** Every file below `dir`, as URL paths (`/_shared/chunk-X.js`); none when `dir` does not exist. */
function listFiles(dir: string): string[] {
  let entries
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true })
  } catch {
    return []
  }
  return entries.filter((entry) => entry.isFile()).map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)
}
