// Marks the framework chunks of the client build (React, React DOM, the Remix runtime: everything
// the browser entry imports) for eager compilation with V8's explicit compile hint, a
// `//# allFunctionsCalledOnLoad` first line (Chrome 136+; other browsers read a comment). Nearly all of
// their functions run during hydration; without the hint V8 compiles each on its first call, on the
// main thread, in the middle of hydration; with it, V8 compiles them on a background thread while
// the file streams in (docs/decisions/018). Runs after `remix build`, before scripts/precompress.mjs.
// The edit is the same for every build of the same sources, so the hashed names stay truthful.
//
//   node scripts/compile-hints.mjs [dir]   (default: public/build)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

const dir = process.argv[2] ?? 'public/build'
const manifestFile = readdirSync(dir).find((name) => /^manifest-\w+\.js$/.test(name))
if (!manifestFile) throw new Error(`compile-hints: no manifest-*.js in ${dir} (run remix build first)`)
const manifestSource = readFileSync(path.join(dir, manifestFile), 'utf8')
const manifest = JSON.parse(manifestSource.slice(manifestSource.indexOf('{')).replace(/;\s*$/, ''))

const publicDir = path.dirname(path.resolve(dir))
const hinted = []
for (const url of manifest.entry.imports) {
  const file = path.join(publicDir, url)
  const source = readFileSync(file, 'utf8')
  // The hint only counts as the file's very first line.
  if (!source.startsWith(COMPILE_HINT)) writeFileSync(file, COMPILE_HINT + source)
  hinted.push(url)
}
console.log(`compile-hints: ${hinted.length} framework chunks marked for eager compilation (${hinted.join(', ')})`)
