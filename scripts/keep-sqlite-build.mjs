// Keeps the better-sqlite3 binary this install compiled where better-sqlite3's own install looks
// first: npm's cache, under the name of the prebuilt file it would download from GitHub (which
// machines without internet cannot reach). The next install on this machine for the same version
// and Node ABI unpacks it instead of compiling SQLite again (48 of a fresh install's 76 s on two
// cores). `.ci/run` calls it after the install; a cache that holds nothing simply means a compile.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, renameSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)
const { cachedPrebuild, getDownloadUrl } = require('prebuild-install/util')
const packageDir = path.dirname(require.resolve('better-sqlite3/package.json'))
const pkg = require('better-sqlite3/package.json')
const binary = path.join(packageDir, 'build/Release/better_sqlite3.node')

// The address prebuild-install asks for, by its own template (its defaults: tag prefix `v`, no libc tag on glibc).
const url = getDownloadUrl({ pkg, platform: process.platform, arch: process.arch, 'tag-prefix': 'v' })
const cached = cachedPrebuild(url)

if (existsSync(cached)) process.exit(0)
if (!existsSync(binary)) {
  console.warn(`better-sqlite3: kein gebautes Modul unter ${binary}, nichts zu behalten`)
  process.exit(0)
}
mkdirSync(path.dirname(cached), { recursive: true })
const partial = `${cached}.${process.pid}.tmp`
execFileSync('tar', ['-czf', partial, '-C', packageDir, 'build/Release/better_sqlite3.node'])
renameSync(partial, cached)
console.log(`better-sqlite3 ${pkg.version} für Node-ABI ${process.versions.modules} behalten: ${cached}`)
