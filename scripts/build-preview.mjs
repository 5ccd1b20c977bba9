// Builds the preview's overlays (app/preview/overlays.ts) as one script of their own, outside the
// Remix bundle graph, so that visitors' chunks do not change (docs/decisions/031). Writes
// public/build/_preview/overlays-<hash>.js and public/build/_preview/manifest.json ({"overlays": "/build/_preview/…"}),
// which the server reads to put the script on preview pages.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const outdir = 'public/build/_preview'
mkdirSync(outdir, { recursive: true })
const result = await build({
  entryPoints: { overlays: 'app/preview/overlays.ts' },
  bundle: true,
  format: 'esm',
  minify: true,
  target: 'es2022',
  outdir,
  entryNames: '[name]-[hash]',
  metafile: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
})
const [file] = Object.keys(result.metafile.outputs).filter((name) => name.endsWith('.js'))
writeFileSync(path.join(outdir, 'manifest.json'), `${JSON.stringify({ overlays: `/${path.relative('public', file).split(path.sep).join('/')}` })}\n`)
console.log(`build-preview: ${file} (${Math.round(result.metafile.outputs[file].bytes / 1024)} KB)`)
