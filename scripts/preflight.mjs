// npm run preflight: is this deployment ready to go live? Prints a German list of what is missing
// and exits 1 while anything is (app/server/preflight.server.ts). It reads the production build
// (npm run build first; the container image has it) with the site's environment, e.g.
//
//   SITE_URL=https://www.example.de SMTP_URL=smtps://… npm run preflight
//   docker compose exec site npm run preflight
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const build = await import(pathToFileURL(path.join(root, 'build/index.js')).href)
const { ready, report } = await build.entry.module.preflightReport(process.env)
console.log(report)
process.exitCode = ready ? 0 : 1
