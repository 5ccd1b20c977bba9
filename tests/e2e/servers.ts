import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

/*
 * Servers a test starts for itself, when the shared ones of playwright.config.ts do not have the
 * settings it needs: the production build (server.mjs) with its own environment, and nginx in
 * front of it with the production settings (deploy/nginx/).
 */

/** Ports for servers of single tests: above the shared ones (E2E_PORT … +2), so parallel runs with other E2E_PORTs do not meet. */
export const OWN_PORT_BASE = Number(process.env.E2E_PORT ?? 3210) + 60

export interface RunningProcess {
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string
  exited: () => boolean
  stop: () => Promise<void>
  /** Ends the process at once with SIGKILL (a crashed instance: no shutdown, nothing cleaned up); resolves once it is gone. */
  kill: () => Promise<void>
  /** The process's resident memory now, in bytes (Linux: /proc/<pid>/status). */
  residentBytes: () => number
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; process: RunningProcess } {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  let exited = false
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true
      resolve()
    }),
  )
  return {
    child,
    process: {
      output: () => output,
      exited: () => exited,
      stop: async () => {
        if (!exited) child.kill('SIGTERM')
        await exit
      },
      kill: async () => {
        if (!exited) child.kill('SIGKILL')
        await exit
      },
      residentBytes: () => Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
    },
  }
}

/** Waits until something accepts connections on the port (or the process ends). */
async function waitForPort(port: number, started: RunningProcess, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (started.exited()) throw new Error(`The process ended before listening on ${port}:\n${started.output()}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => (socket.destroy(), resolve(true)))
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`Nothing listened on ${port} within ${timeoutMs} ms:\n${started.output()}`)
}

/**
 * The production server (server.mjs) on `port` with a fresh data folder and `env` on top of production
 * defaults; `prefix` runs it through another command (e.g. `unshare` for a PID namespace of its own).
 */
export async function startSiteServer(port: number, env: Record<string, string> = {}, prefix: string[] = []): Promise<RunningProcess & { dataDir: string }> {
  // A DATA_DIR the test gives is the test's to remove; a folder made here is removed by stop() or a failed start.
  const madeHere = env.DATA_DIR === undefined
  const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'dealer-e2e-own-')))
  const removeOwn = () => (madeHere ? rm(dataDir, { recursive: true, force: true }) : Promise.resolve())
  const [command = 'node', ...args] = [...prefix, 'node', 'server.mjs']
  const { process: started } = run(command, args, {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    SITE_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SUBMISSION_RATE_LIMIT: '1000',
    // As playwright.config.ts: every test posts from 127.0.0.1, past what one client's share of the receipts allows.
    RECEIPTS_PER_HOUR: '10000',
    ...env,
  })
  // A start that is meant to fail (the start-up refusals) leaves no data folder behind either.
  await waitForPort(port, started).catch(async (error: unknown) => {
    await removeOwn()
    throw error
  })
  return {
    ...started,
    dataDir,
    stop: async () => {
      await started.stop()
      await removeOwn()
    },
  }
}

/** The fake Sanity API (tests/mocks/sanity-server.ts) on `port`, with `env` (e.g. its webhook's URL and secret). */
export async function startFakeSanity(port: number, env: Record<string, string> = {}): Promise<RunningProcess> {
  const { process: started } = run('node', ['--import', 'tsx', 'tests/mocks/sanity-server.ts'], { ...process.env, SANITY_MOCK_PORT: String(port), ...env })
  await waitForPort(port, started)
  return started
}

/** Starts the server and returns what it printed before it ended (for settings it must refuse). */
export async function startupFailure(env: Record<string, string>, prefix: string[] = []): Promise<{ code: number | null; output: string }> {
  const [command = 'node', ...args] = [...prefix, 'node', 'server.mjs']
  const { child, process: started } = run(command, args, { ...process.env, NODE_ENV: 'production', PORT: String(OWN_PORT_BASE + 9), ...env })
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  return { code, output: started.output() }
}

/**
 * nginx on `port` in front of the app on `upstreamPort`, with the production settings
 * (deploy/nginx/http.conf, proxy.conf) and, as in deploy/nginx/site.conf, a default server that drops
 * other host names and the site's access log format. `naivePort`, if given, is a proxy as many are
 * set up: every Host and the client's X-Forwarded-* headers passed on (the security review's), to
 * show the app defends itself.
 */
export async function startNginx({
  port,
  upstreamPort,
  naivePort,
  clientAddressPort,
  moreUpstreamPorts = [],
  rateLimit = false,
}: {
  port: number
  upstreamPort: number
  naivePort?: number
  /**
   * The site's server once more, with nginx taking the client's address from the test's own
   * `X-Test-Client` header (realip): a test can be a client from any address, IPv6 ones included.
   */
  clientAddressPort?: number
  /** Further instances of the site behind the same nginx (round robin). */
  moreUpstreamPorts?: number[]
  /** The limits of deploy/nginx/rate-limit.conf, as site.conf has them. */
  rateLimit?: boolean
}): Promise<RunningProcess & { accessLog: string }> {
  const prefix = await mkdtemp(path.join(tmpdir(), 'dealer-e2e-nginx-'))
  // nginx's workers run as `nobody` when the master runs as root; they need to reach the temp folders.
  await chmod(prefix, 0o755)
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(prefix, folder))
  const accessLog = path.join(prefix, 'access.log')
  const site = `${rateLimit ? `include ${path.resolve('deploy/nginx/rate-limit.conf')};` : ''} include ${path.resolve('deploy/nginx/proxy.conf')}; access_log ${accessLog} ruhrstern;`
  const config = `worker_processes 1;
error_log ${prefix}/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream ruhrstern_app { ${[upstreamPort, ...moreUpstreamPorts].map((upstream) => `server 127.0.0.1:${upstream};`).join(' ')} keepalive 8; }
  include ${path.resolve('deploy/nginx/http.conf')};
  server { listen 127.0.0.1:${port} default_server; return 444; }
  server { listen 127.0.0.1:${port}; server_name localhost; ${site} }
  ${clientAddressPort ? `server { listen 127.0.0.1:${clientAddressPort}; set_real_ip_from 127.0.0.1; real_ip_header X-Test-Client; ${site} }` : ''}
  ${
    naivePort
      ? `server {
    listen 127.0.0.1:${naivePort};
    location / {
      proxy_pass http://ruhrstern_app;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }`
      : ''
  }
}
`
  await writeFile(path.join(prefix, 'nginx.conf'), config)
  const { process: started } = run(
    process.env.NGINX_PATH ?? '/usr/sbin/nginx',
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'],
    process.env,
  )
  await waitForPort(port, started)
  return {
    ...started,
    accessLog,
    stop: async () => {
      await started.stop()
      await rm(prefix, { recursive: true, force: true })
    },
  }
}

/** Sends bytes exactly as given (no client normalises Host or paths) and returns the answer as text; '' when the server closed without one. */
export function rawRequest(port: number, bytes: string | Buffer, timeoutMs = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    const done = () => {
      socket.destroy()
      resolve(Buffer.concat(chunks).toString('utf8'))
    }
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('end', done)
    socket.on('close', done)
    socket.on('error', (error) => (chunks.length > 0 || (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? done() : reject(error)))
    socket.setTimeout(timeoutMs, done)
    socket.write(bytes)
  })
}

export const BROWSER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'
export const CRAWLER_AGENT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

/** A GET with exactly these headers (Host first), closing the connection after the answer. */
export function rawGet(port: number, target: string, headers: Record<string, string>): Promise<string> {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
  return rawRequest(port, `GET ${target} HTTP/1.1\r\n${lines.join('')}Accept-Encoding: identity\r\nConnection: close\r\n\r\n`)
}

export const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)
export const titleOf = (answer: string) => /<title>([^<]*)<\/title>/.exec(answer)?.[1]
export const headerOf = (answer: string, name: string) =>
  new RegExp(`\\r\\n${name}: ([^\\r]*)\\r\\n`, 'i').exec(answer.slice(0, answer.indexOf('\r\n\r\n') + 2))?.[1]
