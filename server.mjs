// Production (and dev) server: loads the Remix build, validates the environment, opens the
// content lake once and listens. The request pipeline itself is built by createServer
// (app/server/create-server.server.ts), which the tests call too.
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { broadcastDevReady } from '@remix-run/node'

const root = path.dirname(fileURLToPath(import.meta.url))
const build = await import(pathToFileURL(path.join(root, 'build/index.js')).href)

let context
try {
  context = await build.entry.module.createAppContext(process.env)
} catch (error) {
  console.error(`\nDer Server startet nicht.\n${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
}

build.entry.module.logFatalErrors(context.logger)
const { server } = build.entry.module.createServer({ build, mode: build.mode, context, root })
// HOST: 127.0.0.1 unless told (docs/decisions/038): behind nginx on the same machine nobody else
// reaches the app, so nobody can send it a forged X-Forwarded-For or hold its connections.
server.listen(context.env.PORT, context.env.HOST, () => {
  const { address, port } = server.address()
  const shown = address.includes(':') ? `[${address}]` : address
  const where = address === '0.0.0.0' || address === '::' ? `auf allen Netzwerkschnittstellen, Port ${port}` : `http://${shown}:${port}`
  // Through the logger: in production every line on stdout is JSON.
  context.logger.info(
    { host: address, port, lake: context.lake.kind },
    `Bereit: ${where} (Inhalte: ${context.lake.kind === 'sanity' ? 'Sanity Content Lake' : 'eingebettet'})`,
  )
  // What is still missing to go live (npm run preflight lists the same), as warnings: the site starts
  // anyway, so the embedded demo runs from the README's command.
  if (context.env.NODE_ENV === 'production') void build.entry.module.logPreflight(context)
  // Only under `remix dev`, which sets REMIX_DEV_ORIGIN; a development build started by hand has none.
  if (build.mode === 'development' && process.env.REMIX_DEV_ORIGIN) void broadcastDevReady(build)
})

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () =>
    server.close(async () => {
      await build.entry.module.stopAppContext(context)
      process.exit(0)
    }),
  )
}
