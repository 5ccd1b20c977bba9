// Throughput of the cached home page as clients ask for it: the app (server.mjs, one Node process)
// against a bare Node `http` server writing the very same answer (status, headers, body) and nginx
// serving the same bytes as static files, on the same machine, in one run (issue 37).
//
// Usage: npm run build:app, then `flock /tmp/e2e.lock npm run bench` (the lock keeps builds and e2e
// suites off the machine while it measures). Writes the table between the bench markers in
// docs/performance.md. Needs wrk (`apt-get install wrk`) and nginx; nginx serves the brotli bytes
// with libnginx-mod-http-brotli-static when that module is installed, else the gzip bytes.
//
// Rows, each target in each encoding: "identity" (no Accept-Encoding: curl, some bots) and
// "gzip, deflate, br" (what every browser sends). The app answers from its page cache; the bare
// Node server replays the app's own hit (captured once per encoding) with writeHead + end; nginx
// serves the app's HTML and its stored br/gzip copies (`brotli_static`/`gzip_static`, nothing
// compressed per request). The three take turns BENCH_ROUNDS times, each time in fresh processes,
// and each row is the median run; then the app restarted without cache (PAGE_CACHE_TTL=0, one run: its rendering rate).
// wrk, not autocannon: one autocannon core was the limit before (it decodes every body).
//
// Every target runs on the Node that runs this script. Production and CI run Node 22 (decision 038): to
// measure that runtime, put it first on PATH as .ci/run does, in a checkout installed under it.
//
// Options (env): BENCH_CONNECTIONS (10), BENCH_DURATION (10 s), BENCH_WARMUP (2 s), BENCH_ROUNDS (5),
// BENCH_PIN=0 (no taskset pinning), BENCH_WRITE=0 (print only), BENCH_UNCACHED=0 (skip the uncached rows),
// BENCH_NODE_FLAGS (extra flags for the app's node, e.g. --max-semi-space-size=64; none by default),
// BENCH_QUIET_WAIT (300 s: how long to wait for other jobs to leave the CPU before each run),
// BENCH_ATTEMPTS (3: runs per row when other jobs disturb it; the least disturbed one counts),
// BENCH_INSTRUCTIONS=1 (after the rounds, also count the CPU instructions per cached answer of the app and of
// bare Node under valgrind's callgrind; needs valgrind. Not a gate: the app's count moved by a third between two
// runs of one build, docs/performance.md),
// NGINX (path of the nginx binary; default: nginx on PATH or in /usr/sbin), WRK (path of wrk).
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { cpus, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2)
const UNCACHED = process.env.BENCH_UNCACHED !== '0'
const WRITE = process.env.BENCH_WRITE !== '0'
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const QUIET_WAIT = Number(process.env.BENCH_QUIET_WAIT ?? 300)
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 3)
const INSTRUCTIONS = process.env.BENCH_INSTRUCTIONS === '1'
const INSTRUCTIONS_WARMUP = 30 // seconds under callgrind (uncounted): some tens of thousands of answers
/** The two rows: no Accept-Encoding, and what every browser sends. */
const ENCODINGS = [
  { name: 'identity', headers: {} },
  { name: 'gzip, deflate, br', headers: { 'accept-encoding': 'gzip, deflate, br' } },
]
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
const wrkBin = process.env.WRK ?? which('wrk')
if (!wrkBin) fail('wrk is not installed. On Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y wrk')
const wrkVersion = spawnSync(wrkBin, ['-v'], { encoding: 'utf8' })
  .stdout.split('\n')[0]
  .replace(/ Copyright.*$/, '')
  .trim()
const valgrindBin = which('valgrind')
const callgrindControl = which('callgrind_control')
if (INSTRUCTIONS && !(valgrindBin && callgrindControl)) fail('BENCH_INSTRUCTIONS=1 needs valgrind. On Debian/Ubuntu: sudo apt-get install -y valgrind')
/** nginx's brotli_static module (Debian: libnginx-mod-http-brotli-static), if installed. */
const brotliModule = ['/usr/lib/nginx/modules/ngx_http_brotli_static_module.so', '/usr/share/nginx/modules/ngx_http_brotli_static_module.so'].find((file) =>
  existsSync(file),
)

// nginx -v prints to stderr.
const nginxVersion = spawnSync(nginxBin, ['-v'], { encoding: 'utf8' })
  .stderr.trim()
  .replace(/^nginx version: /, '')

// Pinning: servers on core 0, wrk (and this process) on core 1, so the load generator does not
// steal the server's CPU. Same for every target.
const tasksetBin = which('taskset')
const PIN = process.env.BENCH_PIN !== '0' && tasksetBin !== undefined && cpus().length >= 2
if (PIN) execFileSync(tasksetBin, ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' })
const pinned = (command, args, core = 0) => (PIN ? [tasksetBin, ['-c', String(core), command, ...args]] : [command, args])

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

async function waitFor(port, child, name, seconds = 60) {
  let exited = false
  child.once('exit', () => (exited = true))
  const deadline = Date.now() + seconds * 1000
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
  throw new Error(`${name} did not answer on port ${port} within ${seconds} s`)
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

/**
 * The command that runs Node with `args`: plain, or under callgrind with its counting off until
 * instructionsPerAnswer turns it on (`callgrindFile`: where callgrind writes its counts).
 */
function nodeCommand(args, callgrindFile) {
  if (!callgrindFile) return [process.execPath, [...NODE_FLAGS, ...args]]
  return [valgrindBin, ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${callgrindFile}`, process.execPath, ...NODE_FLAGS, ...args]]
}

async function startApp(cacheTtl, callgrindFile) {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tempDir, 'data-'))
  // Embedded lake and file outbox only: no external service may take part in the measurement.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(SANITY_|MOBILE_DE_|SMTP_|PAGE_CACHE_TTL$)/.test(key)))
  Object.assign(env, { NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, SITE_URL: `http://127.0.0.1:${port}` })
  if (cacheTtl !== undefined) env.PAGE_CACHE_TTL = String(cacheTtl)
  const child = start(`app (PAGE_CACHE_TTL=${cacheTtl ?? 'default'})`, ...nodeCommand(['server.mjs'], callgrindFile), { cwd: root, env })
  try {
    await waitFor(port, child, child.name, callgrindFile ? 600 : 60)
  } catch (error) {
    throw new Error(`${error.message}\n${child.output()}`)
  }
  return { child, port }
}

/** nginx serving the app's HTML and its stored compressed copies as static files, compressing nothing per request. */
async function startNginx(files) {
  const prefix = path.join(tempDir, 'nginx')
  const htdocs = path.join(prefix, 'html')
  mkdirSync(htdocs, { recursive: true })
  writeFileSync(path.join(htdocs, 'index.html'), files.identity)
  writeFileSync(path.join(htdocs, 'index.html.gz'), files.gzip)
  if (files.br) writeFileSync(path.join(htdocs, 'index.html.br'), files.br)
  const port = await freePort()
  const temp = (name) => `${name}_temp_path ${path.join(prefix, name)};`
  const conf = `# Generated by scripts/bench.mjs: one process (no master, no daemon), as the current user.
${brotliModule ? `load_module ${brotliModule};\n` : ''}worker_processes 1;
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
  gzip_static on;
  gzip_vary on;
  ${brotliModule ? 'brotli_static on;' : ''}
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

/** The bare Node server: the app's own cached answers (headers and body per encoding), replayed with writeHead + end. */
async function startBare(answers, callgrindFile) {
  const file = path.join(tempDir, 'bare-answers.json')
  writeFileSync(
    file,
    JSON.stringify(Object.fromEntries(Object.entries(answers).map(([name, { headers, body }]) => [name, { headers, body: body.toString('base64') }]))),
  )
  const port = await freePort()
  // Negotiates as little as it can: br in Accept-Encoding or not, which is all the two rows need.
  const code = `
const http = require('node:http')
const answers = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'))
for (const answer of Object.values(answers)) answer.body = Buffer.from(answer.body, 'base64')
http.createServer((req, res) => {
  const answer = /\\bbr\\b/.test(req.headers['accept-encoding'] ?? '') ? answers.br : answers.identity
  res.writeHead(200, answer.headers)
  res.end(answer.body)
}).listen(${port}, '127.0.0.1')
`
  const child = start('bare Node', ...nodeCommand(['-e', code], callgrindFile), {})
  await waitFor(port, child, 'bare Node', callgrindFile ? 600 : 60)
  return { child, port }
}

/** The headers of an answer as `writeHead` takes them, without those Node sets per response. */
function replayable(headers) {
  return Object.entries(headers)
    .filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name))
    .flat()
}

/** One wrk run; its figures parsed from wrk's report (`--latency` for the percentiles). */
function load(port, headers, duration) {
  // A 30 s timeout (wrk's default is 2 s): an uncached render on a busy machine may take longer, which is a figure, not a failure.
  const args = [
    '-t1',
    `-c${CONNECTIONS}`,
    `-d${duration}s`,
    '--timeout',
    '30s',
    '--latency',
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
  ]
  const [bin, argv] = pinned(wrkBin, [...args, `http://127.0.0.1:${port}/`], 1)
  return new Promise((resolve, reject) => {
    const child = spawn(bin, argv, { stdio: ['ignore', 'pipe', 'pipe'] })
    children.add(child)
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.stderr.on('data', (chunk) => (out += chunk))
    child.on('error', reject)
    child.on('exit', (code) => {
      children.delete(child)
      if (code !== 0) return reject(new Error(`wrk exited with ${code}:\n${out}`))
      const number = (pattern) => Number(pattern.exec(out)?.[1] ?? NaN)
      const ms = (pattern) => {
        const match = pattern.exec(out)
        if (!match) return NaN
        const factor = { us: 0.001, ms: 1, s: 1000 }[match[2]] ?? NaN
        return Number(match[1]) * factor
      }
      const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
      resolve({
        requests: number(/(\d+) requests in/),
        rps: number(/Requests\/sec:\s+([\d.]+)/),
        p50: ms(/\s50%\s+([\d.]+)(us|ms|s)\b/),
        p99: ms(/\s99%\s+([\d.]+)(us|ms|s)\b/),
        non2xx: number(/Non-2xx or 3xx responses: (\d+)/) || 0,
        errors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
        wrkPid: child.pid,
      })
    })
  })
}

function problems(result) {
  return result.non2xx + result.errors === 0 ? undefined : `non-2xx ${result.non2xx}, socket errors ${result.errors}`
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

/** Busy CPU seconds of all wrk processes that ran (children's time, collected when each exits). */
function childrenCpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[13]) + Number(fields[14])) / CLK_TCK // cutime, cstime (fields 16 and 17)
}

/** Warm-up, then the measured run, with the server's and wrk's CPU time over the measured run. */
async function measureOnce(label, target, headers) {
  await waitForQuiet(target.child.pid)
  process.stdout.write(`warm-up ${WARMUP} s … `)
  const warm = await load(target.port, headers, WARMUP)
  if (problems(warm)) fail(`${label} (warm-up): ${problems(warm)}`)
  process.stdout.write(`${DURATION} s … `)
  const serverBefore = cpuSeconds(target.child.pid)
  const clientBefore = childrenCpuSeconds()
  const machineBefore = machineBusySeconds()
  const started = performance.now()
  const result = await load(target.port, headers, DURATION)
  const seconds = (performance.now() - started) / 1000
  const serverCpu = (cpuSeconds(target.child.pid) - serverBefore) / seconds
  const clientCpu = (childrenCpuSeconds() - clientBefore) / seconds
  // Whatever else ran (other jobs, this process, kernel work not charged to either): should be near 0.
  const otherCpu = (machineBusySeconds() - machineBefore) / seconds - serverCpu - clientCpu
  if (problems(result)) fail(`${label}: ${problems(result)}`)
  return { result, serverCpu, clientCpu, otherCpu }
}

/**
 * One row: the body as the target sends it, then the load. A run during which other jobs took
 * more than a quarter of a core is repeated (up to ATTEMPTS in all); the least disturbed run counts.
 */
async function measure(label, target, encoding) {
  const probe = await get(target.port, encoding.headers)
  if (probe.status !== 200) fail(`${label}: GET / answered ${probe.status}`)
  const sentEncoding = probe.headers['content-encoding'] ?? 'identity'
  if (!target.expects(encoding.name, sentEncoding)) fail(`${label}: asked with "${encoding.name}", got Content-Encoding ${sentEncoding}`)
  let best
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    process.stdout.write(`${label.padEnd(24)} ${encoding.name.padEnd(18)} `)
    const run = await measureOnce(label, target, encoding.headers)
    const { result, serverCpu, clientCpu, otherCpu } = run
    console.log(
      `${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms; CPU: server ${percent(serverCpu)}, ` +
        `wrk ${percent(clientCpu)}, other jobs ${percent(otherCpu)}`,
    )
    if (!best || otherCpu < best.otherCpu) best = run
    if (otherCpu <= 0.25) break
    console.warn(`  other jobs took ${percent(otherCpu)} of a core: ${attempt < ATTEMPTS ? 'measuring again' : 'keeping the least disturbed run'}`)
  }
  const { result, serverCpu, clientCpu, otherCpu } = best
  return {
    label,
    encoding: encoding.name,
    sent: sentEncoding,
    rps: result.rps,
    total: result.requests,
    p50: result.p50,
    p99: result.p99,
    bad: result.non2xx + result.errors,
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

/**
 * CPU instructions per answer, all threads of the process (callgrind's count): a warm-up uncounted (V8
 * optimises by calls, not by time, and callgrind slows everything about fiftyfold), then a counted wrk
 * run, divided by the requests wrk completed. The machine's load does not enter it, but what runs per second
 * rather than per answer does (at 500–700 answers a second under callgrind): the app's count moved by a third
 * between two runs of one build (docs/performance.md).
 */
async function instructionsPerAnswer(label, target, encoding) {
  const control = (...args) => execFileSync(callgrindControl, [...args, String(target.child.pid)], { stdio: 'ignore' })
  process.stdout.write(`${label.padEnd(24)} ${encoding.name.padEnd(18)} under callgrind: warm-up ${INSTRUCTIONS_WARMUP} s … `)
  await load(target.port, encoding.headers, INSTRUCTIONS_WARMUP)
  process.stdout.write(`counted ${DURATION} s … `)
  control('--zero')
  control('--instr=on')
  const result = await load(target.port, encoding.headers, DURATION)
  control('--instr=off')
  const dumps = () => readdirSync(tempDir).filter((name) => name.startsWith(`${path.basename(target.callgrindFile)}.`))
  const before = new Set(dumps())
  control('--dump')
  if (problems(result)) fail(`${label} under callgrind: ${problems(result)}`)
  // One file per dump (callgrind.<name>.1, .2, …), complete once its last line, `totals:`, is written.
  let totals
  for (let waited = 0; !totals && waited < 100; waited++) {
    const dump = dumps().find((name) => !before.has(name))
    totals = dump && /^totals: (\d+)$/m.exec(readFileSync(path.join(tempDir, dump), 'utf8'))
    if (!totals) await new Promise((resolve) => setTimeout(resolve, 200))
  }
  if (!totals) fail(`${label}: callgrind wrote no counts within 20 s`)
  const perAnswer = Number(totals[1]) / result.requests
  console.log(`${Math.round(perAnswer).toLocaleString('en-US')} instructions per answer (${result.requests} answers)`)
  return perAnswer
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

console.log(
  `Cached home page throughput: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per run, ${ROUNDS} rounds of bare Node, the app and nginx; ` +
    (PIN ? 'servers on core 0, wrk on core 1 (taskset).' : 'no CPU pinning.'),
)

const rows = []
const labels = { bare: 'bare Node, same answer', app: 'app, page cache', nginx: `nginx, static files` }
const nginxBrotli = Boolean(brotliModule)
let app
let nginx
let bare
try {
  const runs = new Map()
  let answers
  let gzipped
  for (let round = 1; round <= ROUNDS; round++) {
    if (ROUNDS > 1) console.log(`Round ${round} of ${ROUNDS}`)
    // Fresh processes every round: identical Node processes serve the same bytes up to a quarter
    // apart for their whole life (where their code and data happened to land in memory), so the
    // median of rounds with the same processes measured their luck, not the code.
    app = await startApp(undefined)
    // The app's answers as a client gets them (a first request fills the cache; the next ones are hits).
    await get(app.port)
    const hits = {}
    for (const encoding of ENCODINGS) {
      const hit = await get(app.port, encoding.headers)
      if (hit.headers['x-cache'] !== 'HIT') fail(`a repeated GET / with "${encoding.name}" answered X-Cache: ${hit.headers['x-cache'] ?? 'none'}, not HIT`)
      hits[encoding.name === 'identity' ? 'identity' : 'br'] = { headers: replayable(hit.headers), body: hit.body, encoding: hit.headers['content-encoding'] }
    }
    if (hits.br.encoding !== 'br') fail(`the app answered "gzip, deflate, br" with Content-Encoding ${hits.br.encoding ?? 'identity'}, not br`)
    if (!answers) {
      answers = hits
      gzipped = (await get(app.port, { 'accept-encoding': 'gzip' })).body
      console.log(`App: ${answers.identity.body.length} bytes of HTML on /, ${answers.br.body.length} as br, ${gzipped.length} as gzip; X-Cache: HIT.`)
    }
    nginx = await startNginx({ identity: answers.identity.body, gzip: gzipped, br: nginxBrotli ? answers.br.body : undefined })
    nginx.expects = (encoding, sent) => sent === (encoding === 'identity' ? 'identity' : nginxBrotli ? 'br' : 'gzip')
    bare = await startBare(answers)
    bare.expects = (encoding, sent) => sent === (encoding === 'identity' ? 'identity' : 'br')
    app.expects = bare.expects
    for (const [label, target] of [
      [labels.bare, bare],
      [labels.app, app],
      [labels.nginx, nginx],
    ]) {
      for (const encoding of ENCODINGS) {
        const key = `${label}|${encoding.name}`
        runs.set(key, [...(runs.get(key) ?? []), await measure(label, target, encoding)])
      }
    }
    await stop(nginx.child)
    await stop(bare.child)
    await stop(app.child)
  }
  for (const list of runs.values()) rows.push(median(list))

  if (UNCACHED) {
    app = await startApp(0)
    const uncached = await get(app.port)
    if (uncached.headers['x-cache'] && !/^(BYPASS|MISS)/i.test(uncached.headers['x-cache'])) {
      fail(`PAGE_CACHE_TTL=0 still answers X-Cache: ${uncached.headers['x-cache']}`)
    }
    // Compressed per response by the compression middleware (gzip for "gzip, deflate, br": it prefers gzip).
    app.expects = (encoding, sent) => (encoding === 'identity' ? sent === 'identity' : sent !== 'identity')
    for (const encoding of ENCODINGS) rows.push(median([await measure('app, PAGE_CACHE_TTL=0', app, encoding)]))
    await stop(app.child)
  }

  const instructions = new Map()
  if (INSTRUCTIONS) {
    // One process each (fresh, as in the rounds); callgrind runs them one thread at a time, so no pinning matters.
    for (const [label, startTarget] of [
      [labels.bare, (file) => startBare(answers, file)],
      [labels.app, (file) => startApp(undefined, file)],
    ]) {
      const callgrindFile = path.join(tempDir, `callgrind.${label === labels.app ? 'app' : 'bare'}`)
      const target = Object.assign(await startTarget(callgrindFile), { callgrindFile })
      for (const encoding of ENCODINGS) instructions.set(`${label}|${encoding.name}`, await instructionsPerAnswer(label, target, encoding))
      await stop(target.child)
    }
  }

  // -------------------------------------------------------------------------------------------
  // Report

  const rowOf = (label, encoding) => rows.find((row) => row.label === label && row.encoding === encoding)
  const ratio = (row, label) => (row.rps / rowOf(label, row.encoding).rps).toFixed(2)
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`
  const cpuPerRequest = (r) => r.serverCpu / r.rps // seconds
  const duration = (seconds) => (seconds < 0.001 ? `${Math.round(seconds * 1e6)} µs` : `${(seconds * 1000).toFixed(1)} ms`)
  const disturbed = (r) => r.otherCpu > 0.25
  const count = (n) => Math.round(n).toLocaleString('en-US')
  const rate = (r) => (r.runs > 1 ? `${count(r.rps)} (${count(r.min)}–${count(r.max)})` : count(r.rps))
  const latency = (value) => (value < 1 ? `${value.toFixed(2)} ms` : `${value.toFixed(1)} ms`)
  const table = [
    '| target | Accept-Encoding | sent | req/s (median; range of the runs) | ÷ bare Node | ÷ nginx | p50 | p99 | body | non-2xx + errors | CPU: server | server CPU per request | CPU: wrk | CPU: other jobs |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.encoding === 'identity' ? '(none)' : `\`${r.encoding}\``} | ${r.sent} | ${rate(r)} | ${ratio(r, labels.bare)} | ${ratio(r, labels.nginx)} | ` +
        `${latency(r.p50)} | ${latency(r.p99)} | ${kb(r.bodyBytes)} | ${r.bad} of ${r.total.toLocaleString('en-US')} | ${percent(r.serverCpu)} | ` +
        `${duration(cpuPerRequest(r))} | ${percent(r.clientCpu)} | ${percent(r.otherCpu)}${disturbed(r) ? ' ⚠' : ''} |`,
    ),
  ].join('\n')
  const notes = ENCODINGS.map(({ name }) => {
    const cached = rowOf(labels.app, name)
    const baseline = rowOf(labels.bare, name)
    const byRate = cached.rps / baseline.rps
    const byCpu = cpuPerRequest(baseline) / cpuPerRequest(cached)
    const appInstructions = instructions.get(`${labels.app}|${name}`)
    const bareInstructions = instructions.get(`${labels.bare}|${name}`)
    return (
      `Cached app ÷ bare Node, ${name === 'identity' ? 'no Accept-Encoding' : `\`${name}\``}: **${byRate.toFixed(2)}** by requests per second ` +
      `(target ≥ 0.8: ${byRate >= 0.8 ? 'met' : 'not met'}), **${byCpu.toFixed(2)}** by server CPU per request ` +
      `(${duration(cpuPerRequest(cached))} against ${duration(cpuPerRequest(baseline))})` +
      (appInstructions
        ? `, **${(bareInstructions / appInstructions).toFixed(2)}** by instructions per answer (callgrind, all threads: ` +
          `${count(appInstructions)} against ${count(bareInstructions)}).`
        : '.')
    )
  })
  const uncachedRow = rowOf('app, PAGE_CACHE_TTL=0', 'identity')
  if (uncachedRow) {
    notes.push(
      `Without the cache the app renders the home page at **${Math.round(uncachedRow.rps)} req/s** (${duration(cpuPerRequest(uncachedRow))} of CPU per page).`,
    )
  }
  if (rows.some((r) => r.clientCpu > 0.9 && r.serverCpu < 0.9)) {
    notes.push('Rows where wrk used more than 90 % of its core while the server used less than 90 % of its own measure the load generator, not the server.')
  }
  if (rows.some(disturbed)) notes.push(`⚠: other jobs took more than a quarter of a core during the row (after up to ${ATTEMPTS} attempts); its figure is low.`)
  const summary = notes.join('\n\n')
  const cpu = cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU'
  const section = `<!-- bench:start -->
Measured ${new Date().toISOString().slice(0, 10)} with \`flock /tmp/e2e.lock npm run bench\` on this machine (${cpus().length} cores, ${cpu}),
Node ${process.versions.node} (no flags${NODE_FLAGS.length ? ` but ${NODE_FLAGS.join(' ')}` : ''}), ${nginxVersion}${brotliModule ? ' with brotli_static' : ' (no brotli module: gzip_static)'}, ${wrkVersion}; commit ${commit}.
\`GET /\` with wrk (one thread, ${CONNECTIONS} keep-alive connections), ${WARMUP} s warm-up then ${DURATION} s per row, for each target
without Accept-Encoding and with \`gzip, deflate, br\`: a bare Node \`http\` server writing the app's own cached answer
(the same headers and bytes, \`writeHead\` + \`end\`), the app (\`node server.mjs\`, NODE_ENV=production, embedded lake)
answering from its page cache, and nginx (one process: \`master_process off\`, \`sendfile on\`, access log off) serving the
app's HTML and its br/gzip copies as static files (\`${brotliModule ? 'brotli_static' : 'gzip_static'}\`: nothing is compressed per request by anyone)${
    ROUNDS > 1 ? `; the three take turns, ${ROUNDS} rounds, each round in fresh processes, each row the median run with the range of all runs` : ''
  }${UNCACHED ? `; then the app restarted with \`PAGE_CACHE_TTL=0\` (one run; its compression middleware compresses per response)` : ''}.
${PIN ? 'Servers pinned to core 0 and wrk to core 1 with `taskset`, for every target alike' : 'No CPU pinning: servers and wrk share both cores'};
CPU columns: CPU time ÷ wall time of the measured ${DURATION} s (100 % = one core busy; "other jobs" = the rest of the
machine's busy time, other agents' work included). Each row waits for other jobs to leave the CPU first (at most ${QUIET_WAIT} s)
and is repeated when they disturb it anyway. Every row: all responses 200, no socket errors (the bench fails otherwise).

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
      : `${doc.trimEnd()}\n\n## Throughput: app vs bare Node and nginx\n\n\`flock /tmp/e2e.lock npm run bench\` (scripts/bench.mjs; \`npm run build:app\` first).\n\n${section}\n`
    writeFileSync(file, next)
    console.log(`\nWrote docs/performance.md`)
  }
} catch (error) {
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error))
}
process.exit(0)
