// Production (and dev) server: Express in front of the Remix request handler.
// It validates the environment and opens the content lake once, before listening.
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
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

const app = express()
app.disable('x-powered-by')
// Whether req.ip may come from X-Forwarded-For: only behind a proxy that sets it (TRUST_PROXY),
// else anyone could dodge the submission limit by sending the header.
app.set('trust proxy', env.TRUST_PROXY)
app.use(compression())

// Fingerprinted build assets never change.
app.use('/build', express.static(path.join(root, 'public/build'), { immutable: true, maxAge: '1y' }))
// The built Sanity Studio (npm run build:studio) on the site's own domain; never indexed.
const studioDir = path.join(root, 'build/studio')
app.use('/studio', (_req, res, next) => {
  res.setHeader('X-Robots-Tag', 'noindex, nofollow')
  next()
})
app.use('/studio', express.static(studioDir, { index: 'index.html', maxAge: '1h' }))
app.get(['/studio', '/studio/*'], (_req, res, next) => {
  res.sendFile(path.join(studioDir, 'index.html'), (error) => error && next())
})
app.use(express.static(path.join(root, 'public'), { maxAge: '1h' }))

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

// Remix requests carry no remote address: the submission limit reads it from the load context.
const getLoadContext = (req) => ({ ...appContext, clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown' })
app.all('*', createRequestHandler({ build, mode: build.mode, getLoadContext }))

const server = app.listen(env.PORT, () => {
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
