import { readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import express, { type Express, type RequestHandler, type Response as ExpressResponse } from 'express'
import { type Env, usesSanity } from '#app/env.server.ts'
import { createNonce, inlineScriptHashes, securityHeaders } from '#app/server/security-headers.server.ts'
import { STUDIO_UNAVAILABLE_STYLE_HASH, studioUnavailablePage } from '#app/server/studio-unavailable.server.ts'
import { CACHE_CONTROL } from '#app/utils/http.server.ts'

/*
 * The files the site serves from disk, each with its Cache-Control policy: the build's fingerprinted
 * assets, the built Sanity Studio under /studio (or, on the embedded lake, the page on connecting a
 * project), and public/. `root` holds public/ and build/studio (the repository root in production).
 */

/** Vite's output names end in an 8-character content hash: `sanity-D_VzGgFm.js`. */
const HASHED_NAME = /-[\w-]{8}\.(?:js|mjs|css|woff2?)$/

export function serveFiles(app: Express, root: string, env: Env): void {
  // Fingerprinted build assets never change; they are compressed once, at build time (decision 017).
  const buildDir = path.join(root, 'public/build')
  app.use('/build', precompressedFiles(buildDir))
  app.use(plainPath('/build'), express.static(buildDir, { redirect: false, cacheControl: false, setHeaders: fileHeaders('immutable') }))
  // The built Sanity Studio (npm run build:studio) on the site's own domain; never indexed. Its
  // hashed files are immutable; index.html (every client-side route of the Studio) is revalidated.
  // On the embedded lake nobody could log in to it: /studio explains how to connect a project.
  if (usesSanity(env)) {
    const studioDir = path.join(root, 'build/studio')
    app.use('/studio', express.static(studioDir, { index: false, redirect: false, cacheControl: false, setHeaders: fileHeaders('studio') }))
    app.get(['/studio', '/studio/*'], studioIndex(studioDir, env))
  } else {
    app.get(['/studio', '/studio/*'], studioUnavailable(env))
  }
  app.use(plainPath(''), express.static(path.join(root, 'public'), { redirect: false, cacheControl: false, setHeaders: fileHeaders('file') }))
}

/**
 * The mount path of the files under `prefix`, for plain paths only. A file has one address: a path
 * with an encoded slash or backslash (`/vehicles/..%2ffavicon.ico`, which `send` decodes and resolves
 * inside the folder) is left to the site, which has no such page; a folder is no file either
 * (`redirect: false`: no English „Redirecting“ page for `/build`).
 * A pattern, not a wrapper: every page request passes the public files, and Express's own matching
 * keeps them out of its way (no function of ours runs for it). Like a string mount, it matches the
 * prefix case-insensitively and only as whole segments, and cuts it off the path.
 */
function plainPath(prefix: string): RegExp {
  return new RegExp(`^${prefix}(?=/|$)(?![^?]*%(?:2f|5c))`, 'i')
}

/** `immutable`: fingerprinted files; `file`: other files of public/; `studio`: the built Studio's static folder. */
type FilePolicy = 'immutable' | 'file' | 'studio'

/** `setHeaders` for express.static: the named Cache-Control policy of a served file. */
function fileHeaders(policy: FilePolicy) {
  return (res: ExpressResponse, filePath: string) => {
    const immutable = policy === 'immutable' || (policy === 'studio' && HASHED_NAME.test(filePath))
    res.setHeader('Cache-Control', immutable ? CACHE_CONTROL.immutable : CACHE_CONTROL.file)
  }
}

/** The Studio's index.html for /studio and its client-side routes, with the Studio's own CSP. */
function studioIndex(studioDir: string, env: Env): RequestHandler {
  const indexFile = path.join(studioDir, 'index.html')
  return (req, res, next) => {
    // A missing file of the Studio's bundle is a 404, not the app shell (a script answered with HTML).
    if (req.path.startsWith('/studio/static/')) return next()
    // Read per request (a few KB, editors only): a rebuilt Studio needs no restart.
    readFile(indexFile, 'utf8').then(
      (html) => {
        for (const [name, value] of Object.entries(securityHeaders('studio', { env, scriptHashes: inlineScriptHashes(html) }))) {
          res.setHeader(name, value)
        }
        res.setHeader('Cache-Control', CACHE_CONTROL.revalidate)
        res.type('html').send(html)
      },
      // Not built (npm run build:studio): the site's 404 page.
      () => next(),
    )
  }
}

/**
 * /studio and its client routes on the embedded lake: the German page on connecting a Sanity
 * project (app/server/studio-unavailable.server.ts), with the pages' policy and never indexed.
 */
function studioUnavailable(env: Env): RequestHandler {
  const html = studioUnavailablePage({ siteOrigin: new URL(env.SITE_URL).origin })
  return (req, res, next) => {
    // Files of a Studio bundle are not pages: a 404, as with the Studio itself.
    if (req.path.startsWith('/studio/static/')) return next()
    for (const [name, value] of Object.entries(securityHeaders('page', { env, nonce: createNonce(), styleHashes: [STUDIO_UNAVAILABLE_STYLE_HASH] })))
      res.setHeader(name, value)
    res.setHeader('X-Robots-Tag', 'noindex, nofollow')
    // Revalidated like the Studio's index.html: once a project is connected, the same address serves the Studio.
    res.setHeader('Cache-Control', CACHE_CONTROL.revalidate)
    res.type('html').send(html)
  }
}

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
    if (ENCODINGS.some((encoding) => file.endsWith(encoding.suffix) && twins.has(file)))
      return res.status(404).type('text/plain; charset=utf-8').send('Datei nicht gefunden.')
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
