import net from 'node:net'
import { expect, test } from './playwright-utils'
import { OWN_PORT_BASE, startSiteServer, startupFailure } from './servers'

/*
 * What server.mjs itself does when it starts (the real-process lane, docs/testing.md): it refuses
 * settings it cannot run with, names what a live site still lacks, and listens on 127.0.0.1 unless
 * told. Gathered here from health, rate-limit, server and hostile-requests.test.ts, whose requests
 * moved to the in-process HTTP lane (tests/http).
 */

const PORT = OWN_PORT_BASE + 24

/** Whether something accepts a connection on this address and port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host)
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })
}

// Security review 2026-11-27, finding 4: a server on every interface could be reached past its proxy.
test('a production start: listens on 127.0.0.1 only (HOST unset), says so, and warns of what is missing to go live', async () => {
  const server = await startSiteServer(PORT)
  try {
    // Even another loopback address finds nothing (as another machine would not); a server on
    // 0.0.0.0 answers there, so the probe works.
    const control = net.createServer((socket) => socket.end())
    await new Promise<void>((resolve) => control.listen(PORT + 1, '0.0.0.0', resolve))
    try {
      expect(await accepts('127.0.0.2', PORT + 1)).toBe(true)
    } finally {
      control.close()
    }
    expect(await accepts('127.0.0.1', PORT)).toBe(true)
    expect(await accepts('127.0.0.2', PORT)).toBe(false)
    // The log is written asynchronously: its lines may come after the port opened.
    await expect.poll(() => server.output()).toContain(`Bereit: http://127.0.0.1:${PORT}`)
    // The production start lists what a live site still lacks (npm run preflight), and serves anyway.
    await expect.poll(() => server.output()).toContain('"check":"SITE_URL"')
    expect(server.output()).toContain('Vorabprüfung: Website-Einstellungen, Feld legal.vatId')
    expect((await fetch(`http://127.0.0.1:${PORT}/readyz`)).status).toBe(200)
  } finally {
    await server.stop()
  }
})

test('a half-configured Sanity stops the server with a message naming the variable', async () => {
  const { code, output } = await startupFailure({ SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: '', SANITY_WRITE_TOKEN: '' })
  expect(code).toBe(1)
  expect(output).toContain('SANITY_DATASET fehlt')
  expect(output).toContain('SANITY_WRITE_TOKEN fehlt')
  expect(output).not.toContain('Bereit')
})

test('TRUST_PROXY=true: the server refuses to start and says why', async () => {
  const { code, output } = await startupFailure({ TRUST_PROXY: 'true' })
  expect(code).toBe(1)
  expect(output).toContain('TRUST_PROXY')
  expect(output).toContain('„true“ und eine Anzahl wie „1“ sind nicht erlaubt')
})

// Review of 2026-11-27, finding 4: a hop count trusts whoever connects, so a client that reached
// the app directly chose its own address (decision 038).
test('TRUST_PROXY=1: the server refuses to start and names what to give instead', async () => {
  const { code, output } = await startupFailure({ TRUST_PROXY: '1' })
  expect(code).toBe(1)
  expect(output).toContain('TRUST_PROXY muss false oder eine Liste der Adressen/Subnetze der Proxys vor der Seite sein, z. B. loopback')
})
