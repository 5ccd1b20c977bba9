// Throughput of the home page: the app (server.mjs, one Node process) against the same HTML bytes
// served as a static file by nginx (one worker, no master) on the same machine, in one run.
//
// Usage: npm run build:app, then `flock /tmp/e2e.lock npm run bench` (the lock keeps builds and e2e
// suites off the machine while it measures). Writes the table between the bench markers in
// docs/performance.md.
//
// Order: nginx static, app with its page cache (PAGE_CACHE_TTL default), app without cache
// (PAGE_CACHE_TTL=0, the app's rendering rate). Each target first without Accept-Encoding (neither
// side compresses), then with `Accept-Encoding: gzip` (nginx `gzip on` vs the app's compression
// middleware, both zlib level 6). Same autocannon settings for every target. nginx and the cached app
// take turns BENCH_ROUNDS times and each row is the median run; the uncached app runs once.
//
// Options (env): BENCH_CONNECTIONS (10), BENCH_DURATION (10 s), BENCH_WARMUP (2 s), BENCH_ROUNDS (3),
// BENCH_GZIP=0 (skip the gzip rows), BENCH_PIN=0 (no taskset pinning), BENCH_WRITE=0 (print only),
// BENCH_NODE_FLAGS (extra flags for the app's node, e.g. --max-semi-space-size=64; none by default),
// BENCH_QUIET_WAIT (300 s: how long to wait for other jobs to leave the CPU before each run),
// BENCH_ATTEMPTS (3: runs per row when other jobs disturb it; the least disturbed one counts),
// NGINX (path of the nginx binary; default: nginx on PATH or in /usr/sbin).
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { cpus, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2)
const GZIP = process.env.BENCH_GZIP !== '0'
const WRITE = process.env.BENCH_WRITE !== '0'
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const QUIET_WAIT = Number(process.env.BENCH_QUIET_WAIT ?? 300)
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 3)
const GZIP_LEVEL = 6 // zlib's default, which the compression middleware uses; nginx is set to match
const CLK_TCK = 100 // Linux USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s

// ---------------------------------------------------------------------------------------------
// Cleanup: every child and the temp dir go away on success, failure, Ctrl-C and SIGTERM.

const children = new Set()
const tempDir = mkdtempSync(path.join(tmpdir(), 'bench-'))

function cleanup() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  children.clear()
  rmSync(tempDir, { recursive: true, force: true })
}
process.on('exit', cleanup)
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping nginx and the app, removing ${tempDir}`)
    process.exit(130)
  })
}

function fail(message) {
  console.error(`\nbench: ${message}`)
  process.exit(1)
}

// ---------------------------------------------------------------------------------------------
// Preconditions

if (!existsSync(path.join(root, 'build/index.js')) || !existsSync(path.join(root, 'public/build'))) {
  fail('no production build (build/index.js, public/build). Run `npm run build:app` first.')
}

function which(command) {
  // nginx lives in /usr/sbin on Debian, which is not on a normal user's PATH.
  const dirs = [...(process.env.PATH ?? '').split(':').filter((dir) => path.isAbsolute(dir)), '/usr/sbin', '/usr/local/sbin']
  return dirs.map((dir) => path.join(dir, command)).find((file) => existsSync(file))
}

const nginxBin = process.env.NGINX ?? which('nginx')
if (!nginxBin) {
  fail(
    'nginx is not installed. On Debian/Ubuntu install it with\n\n' +
      '    sudo apt-get update && sudo apt-get install -y nginx\n\n' +
      '(as root without sudo). The bench starts its own nginx in a temp dir as the current user and\n' +
      'never touches the system service; set NGINX=/path/to/nginx for a binary elsewhere.',
  )
}
// nginx -v prints to stderr.
const nginxVersion = spawnSync(nginxBin, ['-v'], { encoding: 'utf8' })
  .stderr.trim()
  .replace(/^nginx version: /, '')

// Pinning: servers on core 0, this process (autocannon) on core 1, so the load generator does not
// steal the server's CPU. Same for every target.
const tasksetBin = which('taskset')
const PIN = process.env.BENCH_PIN !== '0' && tasksetBin !== undefined && cpus().length >= 2
if (PIN) execFileSync(tasksetBin, ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' })
const pinned = (command, args) => (PIN ? [tasksetBin, ['-c', '0', command, ...args]] : [command, args])

// ---------------------------------------------------------------------------------------------
// Helpers

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** GET with exactly the headers given (Node's fetch would add Accept-Encoding). */
function get(port, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/', headers, agent: false }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on('error', reject)
    })
    request.on('error', reject)
    request.setTimeout(30_000, () => request.destroy(new Error('timeout')))
  })
}

async function waitFor(port, child, name) {
  let exited = false
  child.once('exit', () => (exited = true))
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${name} exited during start (exit code ${child.exitCode})`)
    try {
      const response = await get(port)
      if (response.status === 200) return
      throw new Error(`${name} answered ${response.status} on /`)
    } catch (error) {
      if (error.message.includes('answered')) throw error
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${name} did not answer on port ${port} within 60 s`)
}

function start(name, command, args, options) {
  const [bin, argv] = pinned(command, args)
  const child = spawn(bin, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
  children.add(child)
  const output = []
  const keep = (chunk) => output.push(chunk) && output.length > 200 && output.shift()
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  child.output = () => Buffer.concat(output).toString()
  child.on('exit', () => children.delete(child))
  child.name = name
  return child
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
  await exited
  clearTimeout(timer)
}

/** CPU seconds (user + system, all threads) a process has used so far. */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK // utime, stime (fields 14 and 15)
}

/** Busy CPU seconds of the whole machine so far (all cores; idle and iowait excluded). */
function machineBusySeconds() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number)
  return (user + nice + system + irq + softirq + steal) / CLK_TCK
}

async function startApp(cacheTtl) {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tempDir, 'data-'))
  // Embedded lake and file outbox only: no external service may take part in the measurement.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(SANITY_|MOBILE_DE_|SMTP_|PAGE_CACHE_TTL$)/.test(key)))
  Object.assign(env, { NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, SITE_URL: `http://127.0.0.1:${port}` })
  if (cacheTtl !== undefined) env.PAGE_CACHE_TTL = String(cacheTtl)
  const child = start(`app (PAGE_CACHE_TTL=${cacheTtl ?? 'default'})`, process.execPath, [...NODE_FLAGS, 'server.mjs'], { cwd: root, env })
  try {
    await waitFor(port, child, child.name)
  } catch (error) {
    throw new Error(`${error.message}\n${child.output()}`)
  }
  return { child, port }
}

async function startNginx(html) {
  const prefix = path.join(tempDir, 'nginx')
  const htdocs = path.join(prefix, 'html')
  mkdirSync(htdocs, { recursive: true })
  writeFileSync(path.join(htdocs, 'index.html'), html)
  const port = await freePort()
  const temp = (name) => `${name}_temp_path ${path.join(prefix, name)};`
  const conf = `# Generated by scripts/bench.mjs: one process (no master, no daemon), as the current user.
worker_processes 1;
master_process off;
daemon off;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${path.join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65s;
  keepalive_requests 1000000;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  types { }
  default_type text/html;
  charset utf-8;
  gzip on;
  gzip_comp_level ${GZIP_LEVEL}; # text/html is always among gzip_types
  server {
    listen 127.0.0.1:${port};
    root ${htdocs};
    location = / { try_files /index.html =404; }
  }
}
`
  const confFile = path.join(prefix, 'nginx.conf')
  writeFileSync(confFile, conf)
  const child = start('nginx', nginxBin, ['-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', confFile], {})
  try {
    await waitFor(port, child, 'nginx')
  } catch (error) {
    throw new Error(
      `${error.message}\n${child.output()}${existsSync(path.join(prefix, 'error.log')) ? readFileSync(path.join(prefix, 'error.log'), 'utf8') : ''}`,
    )
  }
  return { child, port }
}

function load(port, headers, duration) {
  return autocannon({ url: `http://127.0.0.1:${port}/`, connections: CONNECTIONS, pipelining: 1, duration, headers })
}

function problems(result) {
  const other = Object.keys(result.statusCodeStats ?? {}).filter((code) => code !== '200')
  return result.non2xx + result.errors + result.timeouts + (other.length ? 1 : 0) === 0
    ? undefined
    : `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}, status codes ${JSON.stringify(result.statusCodeStats)}`
}

/** CPU (in cores) the rest of the machine uses over `ms`, besides this process and `pid`. */
async function otherLoad(pid, ms) {
  const machine = machineBusySeconds()
  const server = cpuSeconds(pid)
  const own = process.cpuUsage()
  await new Promise((resolve) => setTimeout(resolve, ms))
  const used = process.cpuUsage(own)
  return (machineBusySeconds() - machine - (cpuSeconds(pid) - server) - (used.user + used.system) / 1e6) / (ms / 1000)
}

/** Waits until other jobs leave the machine alone (< 15 % of a core over 2 s), at most QUIET_WAIT seconds. */
async function waitForQuiet(pid) {
  const deadline = Date.now() + QUIET_WAIT * 1000
  let told = false
  for (;;) {
    const other = await otherLoad(pid, 2000)
    if (other < 0.15) return
    if (Date.now() > deadline) {
      console.warn(`  the machine stayed busy (${Math.round(other * 100)} % of a core in other jobs); measuring anyway`)
      return
    }
    if (!told) process.stdout.write(`(waiting for other jobs: ${Math.round(other * 100)} % of a core) `)
    told = true
  }
}

/** Warm-up, then the measured run, with the server's CPU time over the measured run. */
async function measureOnce(label, target, headers) {
  await waitForQuiet(target.child.pid)
  process.stdout.write(`warm-up ${WARMUP} s … `)
  const warm = await load(target.port, headers, WARMUP)
  if (problems(warm)) fail(`${label} (warm-up): ${problems(warm)}`)
  process.stdout.write(`${DURATION} s … `)
  const serverBefore = cpuSeconds(target.child.pid)
  const clientBefore = process.cpuUsage()
  const machineBefore = machineBusySeconds()
  const started = performance.now()
  const result = await load(target.port, headers, DURATION)
  const seconds = (performance.now() - started) / 1000
  const serverCpu = (cpuSeconds(target.child.pid) - serverBefore) / seconds
  const client = process.cpuUsage(clientBefore)
  const clientCpu = (client.user + client.system) / 1e6 / seconds
  // Whatever else ran (other jobs, kernel work not charged to either process): should be near 0.
  const otherCpu = (machineBusySeconds() - machineBefore) / seconds - serverCpu - clientCpu
  if (problems(result)) fail(`${label}: ${problems(result)}`)
  return { result, serverCpu, clientCpu, otherCpu }
}

/**
 * One row: the body as the target sends it, then the load. A run during which other jobs took
 * more than a quarter of a core is repeated (up to ATTEMPTS in all); the least disturbed run counts.
 */
async function measure(label, target, encoding) {
  const headers = encoding === 'gzip' ? { 'accept-encoding': 'gzip' } : {}
  const probe = await get(target.port, headers)
  if (probe.status !== 200) fail(`${label}: GET / answered ${probe.status}`)
  const sentEncoding = probe.headers['content-encoding'] ?? 'identity'
  if (sentEncoding !== encoding) fail(`${label}: asked for ${encoding}, got Content-Encoding ${sentEncoding}`)
  let best
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    process.stdout.write(`${label.padEnd(30)} ${encoding.padEnd(8)} `)
    const run = await measureOnce(label, target, headers)
    const { result, serverCpu, clientCpu, otherCpu } = run
    console.log(
      `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; CPU: server ${percent(serverCpu)}, ` +
        `autocannon ${percent(clientCpu)}, other jobs ${percent(otherCpu)}`,
    )
    if (!best || otherCpu < best.otherCpu) best = run
    if (otherCpu <= 0.25) break
    console.warn(`  other jobs took ${percent(otherCpu)} of a core: ${attempt < ATTEMPTS ? 'measuring again' : 'keeping the least disturbed run'}`)
  }
  const { result, serverCpu, clientCpu, otherCpu } = best
  return {
    label,
    encoding,
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mbps: result.throughput.average / 1e6,
    bad: result.non2xx + result.errors + result.timeouts,
    serverCpu,
    clientCpu,
    otherCpu,
    bodyBytes: probe.body.length,
  }
}

/** The run with the median rate (the lower middle one for an even count), with the range of all runs. */
function median(list) {
  const sorted = [...list].sort((a, b) => a.rps - b.rps)
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], runs: sorted.length, min: sorted[0].rps, max: sorted.at(-1).rps }
}

function percent(share) {
  return `${Math.max(0, Math.round(share * 100))} %`
}

// ---------------------------------------------------------------------------------------------
// The run

const commit = (() => {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'server.mjs', 'app'], { cwd: root, encoding: 'utf8' }).trim()
    return dirty ? `${hash} + uncommitted changes in server.mjs/app` : hash
  } catch {
    return 'unknown'
  }
})()
const autocannonVersion = JSON.parse(readFileSync(path.join(root, 'node_modules/autocannon/package.json'), 'utf8')).version

console.log(
  `Home page throughput: ${CONNECTIONS} connections, pipelining 1, ${WARMUP} s warm-up + ${DURATION} s per run, ${ROUNDS} rounds of nginx and the cached app; ` +
    (PIN ? 'servers on core 0, autocannon on core 1 (taskset).' : 'no CPU pinning.'),
)

const rows = []
let app = await startApp(undefined)
let nginx
try {
  // The HTML the app serves (a first request fills the cache); the second shows whether it is cached.
  const first = await get(app.port)
  const second = await get(app.port)
  const xCache = second.headers['x-cache']
  const cacheState = xCache ? `page cache on (X-Cache on a repeated request: ${xCache})` : 'no X-Cache header: this build has no full-page cache'
  console.log(`App: ${first.body.length} bytes of HTML on /; ${cacheState}.`)
  nginx = await startNginx(first.body)
  const encodings = GZIP ? ['identity', 'gzip'] : ['identity']

  // The cached answer must be the same document nginx serves (a per-request nonce keeps the length).
  const cached = await get(app.port)
  if (cached.body.length !== first.body.length) {
    fail(`the app's cached body has ${cached.body.length} bytes, nginx's file ${first.body.length}`)
  }
  // nginx and the cached app take turns, ROUNDS times; each row is the median run of its target.
  const appLabel = xCache ? 'app, page cache on' : 'app (no page cache in build)'
  const runs = new Map()
  for (let round = 1; round <= ROUNDS; round++) {
    if (ROUNDS > 1) console.log(`Round ${round} of ${ROUNDS}`)
    for (const [label, target] of [
      ['nginx, static file', nginx],
      [appLabel, app],
    ]) {
      for (const encoding of encodings) {
        const key = `${label}|${encoding}`
        runs.set(key, [...(runs.get(key) ?? []), await measure(label, target, encoding)])
      }
    }
  }
  for (const list of runs.values()) rows.push(median(list))
  await stop(nginx.child)
  await stop(app.child)

  app = await startApp(0)
  const uncached = await get(app.port)
  if (uncached.headers['x-cache'] && !/^(BYPASS|MISS)/i.test(uncached.headers['x-cache'])) {
    fail(`PAGE_CACHE_TTL=0 still answers X-Cache: ${uncached.headers['x-cache']}`)
  }
  for (const encoding of encodings) rows.push(median([await measure('app, PAGE_CACHE_TTL=0', app, encoding)]))
  await stop(app.child)

  // -------------------------------------------------------------------------------------------
  // Report

  const baseline = (encoding) => rows.find((row) => row.label.startsWith('nginx') && row.encoding === encoding)
  const ratio = (row) => (row.label.startsWith('nginx') ? '1' : (row.rps / baseline(row.encoding).rps).toFixed(2))
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`
  const cpuPerRequest = (r) => r.serverCpu / r.rps // seconds
  const duration = (seconds) => (seconds < 0.001 ? `${Math.round(seconds * 1e6)} µs` : `${(seconds * 1000).toFixed(1)} ms`)
  const disturbed = (r) => r.otherCpu > 0.25
  const count = (n) => Math.round(n).toLocaleString('en-US')
  const rate = (r) => (r.runs > 1 ? `${count(r.rps)} (${count(r.min)}–${count(r.max)})` : count(r.rps))
  const table = [
    '| target | encoding | req/s (mean; range of the runs) | ÷ nginx | p50 | p99 | MB/s | body | non-2xx + errors | CPU: server | server CPU per request | CPU: autocannon | CPU: other jobs |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.encoding} | ${rate(r)} | ${ratio(r)} | ${r.p50} ms | ${r.p99} ms | ${r.mbps.toFixed(1)} | ${kb(r.bodyBytes)} | ` +
        `${r.bad} of ${r.total.toLocaleString('en-US')} | ${percent(r.serverCpu)} | ${duration(cpuPerRequest(r))} | ${percent(r.clientCpu)} | ${percent(r.otherCpu)}${disturbed(r) ? ' ⚠' : ''} |`,
    ),
  ].join('\n')
  const cachedRow = rows.find((r) => r.label.startsWith('app') && !r.label.includes('TTL=0') && r.encoding === 'identity')
  const uncachedRow = rows.find((r) => r.label.includes('TTL=0') && r.encoding === 'identity')
  const nginxRow = baseline('identity')
  const cachedRatio = cachedRow.rps / nginxRow.rps
  const notes = [
    `App ÷ nginx (identity): **${cachedRatio.toFixed(2)}** with ${xCache ? 'the page cache' : 'the app as built (no page cache)'} ` +
      `(target ≥ 0.5: ${cachedRatio >= 0.5 ? 'met' : 'not met'}), **${(uncachedRow.rps / nginxRow.rps).toFixed(2)}** without; ` +
      `the app renders the home page at **${Math.round(uncachedRow.rps)} req/s** without cache ` +
      `(${duration(cpuPerRequest(uncachedRow))} of CPU per page).`,
  ]
  if (nginxRow.serverCpu < 0.9 && nginxRow.clientCpu > 0.8) {
    notes.push(
      `nginx used only ${percent(nginxRow.serverCpu)} of its core while autocannon used ${percent(nginxRow.clientCpu)} of its own: ` +
        `the static figure is what one core of autocannon can take (it decodes every body into a string), not nginx's limit. ` +
        `By server CPU per request the app's ${xCache ? 'cached' : ''} answer costs ${(cpuPerRequest(cachedRow) / cpuPerRequest(nginxRow)).toFixed(1)}× nginx's.`,
    )
  }
  if (rows.some(disturbed)) notes.push(`⚠: other jobs took more than a quarter of a core during the row (after up to ${ATTEMPTS} attempts); its figure is low.`)
  const summary = notes.join('\n\n')
  const cpu = cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU'
  const section = `<!-- bench:start -->
Measured ${new Date().toISOString().slice(0, 10)} with \`flock /tmp/e2e.lock npm run bench\` on this machine (${cpus().length} cores, ${cpu}),
Node ${process.versions.node} (no flags${NODE_FLAGS.length ? ` but ${NODE_FLAGS.join(' ')}` : ''}), ${nginxVersion}, autocannon ${autocannonVersion}; commit ${commit}; ${cacheState}.
\`GET /\` with ${CONNECTIONS} keep-alive connections, pipelining 1, ${WARMUP} s warm-up then ${DURATION} s per row, in this order:
nginx (one process: \`master_process off\`, \`worker_processes 1\`, \`sendfile on\`, access log off) serving the
app's own HTML of \`/\` as a static file, the app (\`node server.mjs\`, NODE_ENV=production, embedded lake) with its
page cache${ROUNDS > 1 ? ` (the two take turns, ${ROUNDS} rounds; each row is the median run, with the range of all runs)` : ''},
then the app restarted with \`PAGE_CACHE_TTL=0\` (one run). "identity": no Accept-Encoding, so neither side compresses;
"gzip": \`Accept-Encoding: gzip\`, nginx \`gzip on\` vs the app's compression middleware, both zlib level ${GZIP_LEVEL}, per response.
${PIN ? 'Servers pinned to core 0 and autocannon (in the bench process) to core 1 with `taskset`, for every target alike' : 'No CPU pinning: servers and autocannon share both cores'};
CPU columns: CPU time ÷ wall time of the measured ${DURATION} s (100 % = one core busy; "other jobs" = the rest of the
machine's busy time), so a server below 100 % while autocannon is near 100 % means the load generator, not the server,
was the limit. Each row waits for other jobs to leave the CPU first and is repeated when they disturb it anyway.
Every row: all responses 200, no errors or timeouts (the bench fails otherwise).

${table}

${summary}
<!-- bench:end -->`

  console.log(`\n${table}\n\n${summary}`)
  if (WRITE) {
    const file = path.join(root, 'docs/performance.md')
    const doc = readFileSync(file, 'utf8')
    const marked = /<!-- bench:start -->[\s\S]*?<!-- bench:end -->/
    const next = marked.test(doc)
      ? doc.replace(marked, () => section)
      : `${doc.trimEnd()}\n\n## Throughput: app vs nginx\n\n\`flock /tmp/e2e.lock npm run bench\` (scripts/bench.mjs; \`npm run build:app\` first).\n\n${section}\n`
    writeFileSync(file, next)
    console.log(`\nWrote docs/performance.md`)
  }
} catch (error) {
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error))
}
process.exit(0)
