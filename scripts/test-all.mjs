// Runs every check and test suite of the project and ends with one line `N passed, N failed`
// summing the unit and in-process HTTP (vitest) and end-to-end (Playwright) suites and the Lighthouse budgets.
// Exits non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const results = 'reports'
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })

const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', FORCE_COLOR: '0' }
const failures = []
/** Each step's wall time, printed at the end: where CI's minutes go (issue 40 item 6). */
const times = []

function run(label, command, args) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`)
  const started = Date.now()
  const { status } = spawnSync(command, args, { stdio: 'inherit', env })
  times.push(`${label} ${Math.round((Date.now() - started) / 1000)} s`)
  if (status !== 0) failures.push(`${label} (exit ${status})`)
  return status === 0
}

/**
 * Runs steps at the same time, printing each one's output when it ends: the static checks are
 * mostly single-threaded, so two of them share CI's two cores (issue 40 item 5).
 */
async function runTogether(steps) {
  const started = Date.now()
  const outcomes = await Promise.all(
    steps.map(
      ([label, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { env })
          let output = ''
          child.stdout.on('data', (chunk) => (output += chunk))
          child.stderr.on('data', (chunk) => (output += chunk))
          child.on('close', (status) => resolve({ label, command, args, status, output, seconds: Math.round((Date.now() - started) / 1000) }))
        }),
    ),
  )
  for (const { label, command, args, status, output, seconds } of outcomes) {
    console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`)
    process.stdout.write(output)
    times.push(`${label} ${seconds} s`)
    if (status !== 0) failures.push(`${label} (exit ${status})`)
  }
}

function readJson(file) {
  if (!existsSync(file)) return undefined
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

run('Test tools (Chromium, nginx)', 'bash', ['scripts/ensure-test-tools.sh'])
await runTogether([
  ['Typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']],
  ['Lint', 'npx', ['eslint', '.']],
])
await runTogether([
  ['Formatting', 'npx', ['prettier', '--check', '.']],
  ['Generated types up to date', 'bash', ['-c', 'npm run typegen && git diff --exit-code -- app/sanity/types.ts schema.json']],
])
run('Unit tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${results}/unit.json`])
const built = run('Build', 'npm', ['run', 'build'])
if (built) {
  // The in-process HTTP lane needs the production build (vitest.http.config.ts, decision 063).
  run('HTTP tests', 'npx', ['vitest', 'run', '-c', 'vitest.http.config.ts', '--reporter=default', '--reporter=json', `--outputFile=${results}/http.json`])
  run('End-to-end tests', 'npx', ['playwright', 'test'])
  // After the suites, on a quiet machine: Lighthouse budgets on the home page and a vehicle page.
  run('Lighthouse budgets', 'node', ['scripts/lighthouse.mjs', '--assert'])
} else {
  failures.push('HTTP and end-to-end tests (skipped: the build failed)')
}

let passed = 0
let failed = 0
const unit = readJson(`${results}/unit.json`)
if (unit) {
  passed += unit.numPassedTests
  failed += unit.numFailedTests
  console.log(`Unit: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed, ${unit.numPendingTests + unit.numTodoTests} skipped`)
} else {
  failures.push('Unit tests (no report)')
}
const httpLane = readJson(`${results}/http.json`)
if (httpLane) {
  passed += httpLane.numPassedTests
  failed += httpLane.numFailedTests
  console.log(`HTTP: ${httpLane.numPassedTests} passed, ${httpLane.numFailedTests} failed, ${httpLane.numPendingTests + httpLane.numTodoTests} skipped`)
} else if (built) {
  failures.push('HTTP tests (no report)')
}
const e2e = readJson(`${results}/e2e.json`)
if (e2e) {
  const { expected, unexpected, flaky, skipped } = e2e.stats
  passed += expected + flaky
  failed += unexpected
  console.log(`End-to-end: ${expected + flaky} passed (${flaky} flaky), ${unexpected} failed, ${skipped} skipped`)
} else if (built) {
  failures.push('End-to-end tests (no report)')
}

const lighthouse = readJson(`${results}/lighthouse.json`)
if (lighthouse) {
  const lighthouseFailed = lighthouse.checks.filter((check) => !check.passed).length
  passed += lighthouse.checks.length - lighthouseFailed
  failed += lighthouseFailed
  console.log(`Lighthouse: ${lighthouse.checks.length - lighthouseFailed} passed, ${lighthouseFailed} failed (median of ${lighthouse.runs} runs per page)`)
} else if (built) {
  failures.push('Lighthouse budgets (no report)')
}

console.log(`\nZeiten: ${times.join(', ')}`)
if (failures.length > 0) console.log(`\nFehlgeschlagen: ${failures.join('; ')}`)
// A failing step that is not a test (typecheck, build) still counts as one failure.
const stepFailures = failures.filter((f) => !/^(Unit tests|HTTP tests|End-to-end tests|Lighthouse budgets) \(exit/.test(f)).length
console.log(`${passed} passed, ${failed + stepFailures} failed`)
process.exit(failures.length > 0 ? 1 : 0)
