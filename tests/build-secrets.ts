/**
 * What must never reach the browser bundle (public/build): the names of the server's variables
 * (all of them are server-only, app/env.server.ts), the secrets the test setups use, the secrets
 * of the environment that ran the build, and anything shaped like a Sanity token. Used by
 * tests/http/build-secrets.test.ts after every build, and unit-tested in build-secrets.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ENV_NAMES } from '#app/env.server.ts'
import { MOCK_CREDENTIALS } from './mocks/mobile-de'

export interface Forbidden {
  /** What it is, for the failure message (never the secret itself). */
  label: string
  pattern: RegExp
}

export interface Leak {
  file: string
  label: string
}

/**
 * NODE_ENV is the one name bundlers are meant to see (React reads `process.env.NODE_ENV`,
 * replaced at build time); it holds nothing secret.
 */
const PUBLIC_NAMES = new Set(['NODE_ENV'])

/** Variable names whose values are secrets. */
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|USERNAME|SMTP_URL/

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const word = (text: string) => new RegExp(`(?<![A-Za-z0-9_])${escape(text)}(?![A-Za-z0-9_])`)

/** `NAME: 'value'` / `NAME = 'value'` literals of secret-looking names in a source file (e.g. playwright.config.ts). */
export function secretLiterals(source: string): string[] {
  const values = new Set<string>()
  for (const match of source.matchAll(/\b([A-Z0-9_]+)['"]?\s*[:=]\s*['"]([^'"\n]{6,})['"]/g)) {
    if (SECRET_NAME.test(match[1]!)) values.add(match[2]!)
  }
  return [...values]
}

export function forbiddenInClientBuild(options: { root: string; environment?: Record<string, string | undefined> }): Forbidden[] {
  const forbidden: Forbidden[] = ENV_NAMES.filter((name) => !PUBLIC_NAMES.has(name)).map((name) => ({
    label: `the variable name ${name}`,
    pattern: word(name),
  }))
  const secrets = new Map<string, string>()
  for (const value of secretLiterals(readFileSync(path.join(options.root, 'playwright.config.ts'), 'utf8'))) {
    secrets.set(value, 'a test secret from playwright.config.ts')
  }
  secrets.set(MOCK_CREDENTIALS.password, 'the mobile.de mock password')
  for (const [name, value] of Object.entries(options.environment ?? {})) {
    if (value && value.length >= 6 && SECRET_NAME.test(name)) secrets.set(value, `the value of ${name} in this environment`)
  }
  for (const [value, label] of secrets) forbidden.push({ label, pattern: word(value) })
  // Sanity API tokens: "sk" and a long run of letters and digits.
  forbidden.push({ label: 'a Sanity token (sk…)', pattern: /(?<![A-Za-z0-9])sk[A-Za-z0-9]{60,}/ })
  return forbidden
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  )
}

/** The brotli and gzip twins of scripts/precompress.mjs: compressed copies of files that are scanned themselves. */
const COMPRESSED_TWIN = /\.(?:br|gz)$/

/** Every forbidden string found in the files under `dir` (source maps included). */
export function findLeaks(dir: string, forbidden: Forbidden[]): Leak[] {
  const leaks: Leak[] = []
  for (const file of filesUnder(dir)) {
    // Read as text, compressed bytes could spell a short variable name (PORT) by chance.
    if (COMPRESSED_TWIN.test(file)) continue
    const text = readFileSync(file, 'utf8')
    for (const { label, pattern } of forbidden) {
      if (pattern.test(text)) leaks.push({ file: path.relative(dir, file), label })
    }
  }
  return leaks
}
