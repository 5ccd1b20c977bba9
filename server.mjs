// Production (and dev) server: Express in front of the Remix request handler.
// It validates the environment and opens the content lake once, before listening. The typed parts
// (page cache, security headers, the Express↔Fetch adapter) live in app/server/ and come with the
// build (docs/decisions/014, 015).
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { broadcastDevReady } from '@remix-run/node'
import compression from 'compression'
import express from 'express'

const root = path.dirname(fileURLToPath(import.meta.url))
const buildPath = path.join(root, 'build/index.js')
const build = await import(pathToFileURL(buildPath).href)

let appContext
try {
  appContext = await build.entry.module.createAppContext(process.env)
} catch (error) {
  console.error(`\nDer Server startet nicht.\n${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
}
const { env, lake } = appContext

const site = build.entry.module.createExpressSite({ build, mode: build.mode, context: appContext })

const app = express()
app.disable('x-powered-by')
// Whether req.ip may come from X-Forwarded-For: only behind a proxy that sets it (TRUST_PROXY),
// else anyone could dodge the submission limit by sending the header.
app.set('trust proxy', env.TRUST_PROXY)
// Security headers and `no-store` on every answer, errors of Express itself included; the steps
// below set the policies of what they serve.
app.use(site.baseHeaders)
app.use(compression())
// Fresh page-cache hits first: no file-system lookup, no Remix.
app.use(site.cachedPages)

// Fingerprinted build assets never change; they are compressed once, at build time.
app.use('/build', site.precompressedFiles(path.join(root, 'public/build')))
app.use('/build', express.static(path.join(root, 'public/build'), { cacheControl: false, setHeaders: site.fileHeaders('immutable') }))
// The built Sanity Studio (npm run build:studio) on the site's own domain; never indexed. Its
// hashed files are immutable; index.html (every client-side route of the Studio) is revalidated.
const studioDir = path.join(root, 'build/studio')
app.use('/studio', express.static(studioDir, { index: false, redirect: false, cacheControl: false, setHeaders: site.fileHeaders('studio') }))
app.get(['/studio', '/studio/*'], site.studioIndex(studioDir))
app.use(express.static(path.join(root, 'public'), { cacheControl: false, setHeaders: site.fileHeaders('file') }))

// A form post whose Origin names another site is refused with 403 (docs/decisions/008). Without
// this, Remix aborts such page posts itself, with an empty 500. JSON is left to the routes: no
// browser sends it across sites without a CORS preflight, which this site never allows.
const siteOrigin = new URL(env.SITE_URL).origin
app.use((req, res, next) => {
  if (req.method !== 'POST' || !req.is(['application/x-www-form-urlencoded', 'multipart/form-data'])) return next()
  const origin = req.get('origin')
  if (origin === undefined || origin === siteOrigin) return next()
  const host = req.get('x-forwarded-host')?.split(',')[0]?.trim() || req.get('host')
  if (URL.canParse(origin) && new URL(origin).host === host) return next()
  res.status(403).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Anfragen von fremden Websites werden nicht angenommen.')
})

// Everything else: Remix, through the page cache (its load context carries the client address and the CSP nonce).
app.all('*', site.remix)

// A fresh cached page for a client that takes it uncompressed is answered before Express runs.
const server = http.createServer((req, res) => {
  if (!site.answerUncompressedHit(req, res)) app(req, res)
})
server.listen(env.PORT, () => {
  console.log(`Bereit: http://localhost:${env.PORT} (Inhalte: ${lake.kind === 'sanity' ? 'Sanity Content Lake' : 'eingebettet'})`)
  // Only under `remix dev`, which sets REMIX_DEV_ORIGIN; a development build started by hand has none.
  if (build.mode === 'development' && process.env.REMIX_DEV_ORIGIN) broadcastDevReady(build)
})

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () =>
    server.close(async () => {
      await appContext.notifier?.stop()
      process.exit(0)
    }),
  )
}
