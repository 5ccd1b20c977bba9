import { ALERT_TOKEN_PARAM } from '#app/alerts/consent.ts'
import { ALERT_PATHS } from '#app/alerts/tokens.server.ts'
import { spawnSync } from 'node:child_process'
import { describe, expect, it, vi } from 'vitest'
import { captureLogs } from '#tests/log-capture.ts'
import { EventEmitter } from 'node:events'
import { type IncomingMessage, type ServerResponse } from 'node:http'
import { accessLineJson, BLOCK_BYTES, createLogger, LineBlocks, startRequestLog, withoutSecrets, writeCacheHits } from './logging.server'

describe('logFatalErrors', () => {
  for (const [crash, message] of [
    ['exception', 'Verbindung verloren'],
    ['rejection', 'Verbindung verloren (Ablehnung)'],
  ] as const) {
    it(`an uncaught ${crash} is one JSON line with its stack, nothing unstructured, and exit code 1`, () => {
      const run = spawnSync('node', ['--import', 'tsx', 'tests/fixtures/crash.ts'], {
        env: { ...process.env, CRASH: crash },
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(run.status).toBe(1)
      expect(run.stderr).toBe('')
      const lines = run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
      const fatal = lines.find((line) => line.level === 60)
      expect(fatal).toMatchObject({ msg: 'Unerwarteter Fehler: der Server beendet sich', err: { message, stack: expect.stringContaining('crash.ts') } })
      // Lines buffered before the crash are not lost.
      expect(lines.some((line) => line.msg === 'Bereit')).toBe(true)
    })
  }
})

describe('error lines carry no credentials (issue 25)', () => {
  const TOKEN = 'sk-geheimes-token-0123456789'
  /** As @sanity/client's network errors are: the Node request rides along, its `_header` with the token. */
  function clientError() {
    const request = { _header: `GET /v2025-02-19/data/query/production HTTP/1.1\r\nauthorization: Bearer ${TOKEN}\r\n\r\n`, agent: { sockets: {} } }
    const socketError = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read', request })
    const fetchFailed = Object.assign(new TypeError('fetch failed'), { cause: socketError })
    return Object.assign(new Error('Request error while attempting to reach http://127.0.0.1:3212', { cause: fetchFailed }), {
      code: 'ESOCKETTIMEDOUT',
      statusCode: 503,
      request,
      response: { headers: { 'set-cookie': 'x=1' }, body: 'Bearer in the body' },
      details: { description: 'x' },
    })
  }

  it('err: type, message, code, status and stack; causes as type, message and code; nothing else', () => {
    const { logger, lines } = captureLogs()
    logger.child({ reqId: 'r1' }).error({ err: clientError() }, 'Der Stand des Abgleichs ist nicht lesbar')
    expect(lines).toHaveLength(1)
    const line = lines[0]!
    expect(JSON.stringify(line)).not.toMatch(new RegExp(`${TOKEN}|authorization|bearer|_header|"request"|"agent"|"details"`, 'i'))
    expect(line.err).toEqual({
      type: 'Error',
      message: 'Request error while attempting to reach http://127.0.0.1:3212',
      code: 'ESOCKETTIMEDOUT',
      statusCode: 503,
      stack: expect.stringContaining('logging.server.test.ts'),
      cause: { type: 'TypeError', message: 'fetch failed', cause: { type: 'Error', message: 'read ECONNRESET', code: 'ECONNRESET' } },
    })
  })

  it('the same under `error`, for an error logged as the only argument, and for thrown non-errors; a token in a message is cut out', () => {
    const { logger, lines } = captureLogs()
    logger.warn({ error: clientError() }, 'a')
    logger.error(clientError(), 'b')
    logger.error({ err: `Antwort auf authorization: Bearer ${TOKEN}` }, 'c')
    logger.error({ err: new Response('nein', { status: 405 }) }, 'd')
    const looped: Error & { cause?: unknown } = new Error(`Authorization: Bearer ${TOKEN} abgelehnt`)
    looped.cause = looped
    logger.error({ err: looped }, 'e')
    const written = lines.map((line) => JSON.stringify(line)).join('\n')
    expect(written).not.toContain(TOKEN)
    expect(written).not.toMatch(/authorization|bearer|_header/i)
    expect(lines.map((line) => (line.err ?? line.error) as { message: string; statusCode?: number })).toEqual([
      expect.objectContaining({ code: 'ESOCKETTIMEDOUT', statusCode: 503 }),
      expect.objectContaining({ code: 'ESOCKETTIMEDOUT', statusCode: 503 }),
      { message: 'Antwort auf [Zugangsdaten entfernt]' },
      { type: 'Response', message: '', statusCode: 405 },
      expect.objectContaining({ message: '[Zugangsdaten entfernt] abgelehnt' }),
    ])
    // A cause chain that loops ends after a few links.
    let depth = 0
    for (let cause = (lines[4]!.err as { cause?: unknown }).cause; cause; cause = (cause as { cause?: unknown }).cause) depth++
    expect(depth).toBe(4)
  })

  it('request headers logged as such lose Authorization and Cookie', () => {
    const { logger, lines } = captureLogs()
    logger.info(
      { req: { method: 'GET', headers: { authorization: `Bearer ${TOKEN}`, cookie: 'sitzung=1', accept: '*/*' } }, headers: { authorization: 'Basic abc' } },
      'Anfrage',
    )
    expect(lines[0]).toMatchObject({ req: { method: 'GET', headers: { accept: '*/*' } }, headers: {} })
    expect(JSON.stringify(lines[0])).not.toMatch(/authorization|cookie|Basic abc/i)
  })
})

describe('accessLineJson: the access line as pino would write it', () => {
  it.each([
    { reqId: 'de6f74c2-29e2-495a-aede-ee18cbaf7163', method: 'GET', path: '/', status: 200, ms: 0.12, cache: 'HIT' },
    { reqId: 'nginx-4f2a9c01b7', method: 'POST', path: '/api/contacts?x=\\"\\u0000', status: 413, ms: 12, aborted: true as const },
  ])('byte for byte but the time: %o', (line) => {
    const raw: string[] = []
    const logger = createLogger({ NODE_ENV: 'production', LOG_LEVEL: 'info' }, { write: (text: string) => void raw.push(text) })
    logger.info(line, 'Anfrage')
    const withoutTime = (text: string) => text.replace(/"time":"[^"]+"/, '"time":"…"')
    expect(withoutTime(accessLineJson(line))).toBe(withoutTime(raw[0]!))
    expect(JSON.parse(accessLineJson(line)).time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })
})

describe('page-cache hits are counted, not written a line each (decision 104)', () => {
  /** A request as the server sees it, answered (`finished`) or left by its client; `hit`: from the page cache. */
  function answer(
    logger: ReturnType<typeof captureLogs>['logger'],
    { url, status = 200, hit = true, finished = true, method = 'GET' }: { url: string; status?: number; hit?: boolean; finished?: boolean; method?: string },
  ) {
    const req = { method, url, headers: {} } as unknown as IncomingMessage
    const res = Object.assign(new EventEmitter(), { req, statusCode: status, writableFinished: finished, getHeader: () => (hit ? undefined : 'MISS') })
    startRequestLog(logger, req, res as unknown as ServerResponse, { fromTrustedProxy: false }).cacheHit = hit || undefined
    res.emit('close')
  }

  it('one line with the hits per method, path and status; misses and hits the client left keep their own line', () => {
    const { logger, lines } = captureLogs()
    for (let i = 0; i < 3; i++) answer(logger, { url: '/vehicles?page=2' })
    answer(logger, { url: '/vehicles?page=2', status: 304 })
    answer(logger, { url: '/', method: 'HEAD' })
    answer(logger, { url: '/about' })
    answer(logger, { url: '/contact', hit: false })
    answer(logger, { url: '/about', finished: false })
    expect(lines.map(({ msg, path, cache, aborted }) => ({ msg, path, cache, aborted }))).toEqual([
      { msg: 'Anfrage', path: '/contact', cache: 'MISS', aborted: undefined },
      { msg: 'Anfrage', path: '/about', cache: 'HIT', aborted: true },
    ])
    writeCacheHits(logger)
    expect(lines).toHaveLength(3)
    expect(lines[2]).toMatchObject({ level: 30, msg: 'Antworten aus dem Seiten-Cache', since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
    expect(lines[2]!.hits).toEqual([
      { method: 'GET', path: '/vehicles?page=2', status: 200, count: 3 },
      { method: 'GET', path: '/vehicles?page=2', status: 304, count: 1 },
      { method: 'HEAD', path: '/', status: 200, count: 1 },
      { method: 'GET', path: '/about', status: 200, count: 1 },
    ])
    // Counted anew: nothing more to write until the next hit.
    writeCacheHits(logger)
    expect(lines).toHaveLength(3)
  })

  it('written by itself within a second of the first hit, with secrets and control characters out of the path', async () => {
    const { logger, lines } = captureLogs()
    answer(logger, { url: '/auto-verkaufen?phone=0170123&marke=VW' })
    answer(logger, { url: '/x\u0007' })
    expect(lines).toEqual([])
    await vi.waitFor(() => expect(lines).toHaveLength(1), { timeout: 3000 })
    expect(lines[0]!.hits).toEqual([
      { method: 'GET', path: '/auto-verkaufen?phone=…&marke=VW', status: 200, count: 1 },
      { method: 'GET', path: '/x\\u0007', status: 200, count: 1 },
    ])
  })

  it('at most 1,000 paths a line: the hits of further paths share one row', () => {
    const { logger, lines } = captureLogs()
    for (let i = 0; i < 1003; i++) answer(logger, { url: `/?junk=${i}` })
    answer(logger, { url: '/?junk=0' })
    writeCacheHits(logger)
    const hits = lines[0]!.hits as Array<{ path: string; count: number }>
    expect(hits).toHaveLength(1001)
    expect(hits[0]).toMatchObject({ path: '/?junk=0', count: 2 })
    expect(hits.at(-1)).toMatchObject({ path: '(weitere)', count: 3 })
  })
})

describe('LineBlocks: lines reach the destination in blocks of bytes, in order', () => {
  it('keeps short lines until a block is full or it is flushed, and loses none', () => {
    const written: Buffer[] = []
    let flushed = 0
    const blocks = new LineBlocks({ write: (bytes: Buffer) => void written.push(Buffer.from(bytes)), flush: () => void flushed++ })
    const lines = Array.from({ length: Math.ceil((2.5 * BLOCK_BYTES) / 115) }, (_, index) => `{"n":${index},"pad":"${'x'.repeat(100)}"}\n`)
    for (const line of lines.slice(0, 3)) blocks.write(line)
    expect(written).toEqual([])
    for (const line of lines.slice(3)) blocks.write(line)
    // Two and a half blocks of lines of ~115 bytes: two nearly full blocks went out, the rest waits.
    expect(written).toHaveLength(2)
    expect(written.every((block) => block.length > BLOCK_BYTES - 400 && block.length <= BLOCK_BYTES)).toBe(true)
    blocks.flush()
    expect(flushed).toBe(1)
    expect(Buffer.concat(written).toString('utf8')).toBe(lines.join(''))
    blocks.flush()
    expect(written).toHaveLength(3)
  })

  it('writes German text and lines longer than a block byte for byte', () => {
    const written: Buffer[] = []
    const blocks = new LineBlocks({ write: (bytes: Buffer) => void written.push(Buffer.from(bytes)) })
    const lines = [
      '{"msg":"Vorabprüfung: „Maße“ – Größe 💶"}\n',
      `{"msg":"${'ä'.repeat(BLOCK_BYTES)}"}\n`,
      ...Array.from({ length: 600 }, (_, index) => `{"n":${index},"msg":"Anfrage abgewiesen: Größe ${'ü'.repeat(index)}"}\n`),
    ]
    for (const line of lines) blocks.write(line)
    blocks.flush()
    expect(Buffer.concat(written).toString('utf8')).toBe(lines.join(''))
  })
})

describe('withoutSecrets: the access line never holds the preview secret', () => {
  it.each([
    ['/about', '/about'],
    [
      '/api/preview-mode/enable?sanity-preview-secret=GOODSECRET123&sanity-preview-pathname=/about',
      '/api/preview-mode/enable?sanity-preview-secret=…&sanity-preview-pathname=/about',
    ],
    ['/x?a=1&sanity-preview-secret=GOODSECRET123#top', '/x?a=1&sanity-preview-secret=…#top'],
    // Spelled another way, still the parameter the route reads.
    ['/x?sanity%2Dpreview-secret=GOODSECRET123&sanity-preview-secret=GOODSECRET123', '/x?sanity%2Dpreview-secret=…&sanity-preview-secret=…'],
    ['/x?sanity-preview-secret', '/x?sanity-preview-secret=…'],
    ['/x?q=%E0&other=1', '/x?q=%E0&other=1'],
    // A valuation form's handoff to the sell request: the vehicle stays readable, the contact data does not.
    ['/auto-verkaufen?brand=VW&phone=0201+GOODSECRET&email=a%40GOODSECRET.de', '/auto-verkaufen?brand=VW&phone=…&email=…'],
    // An alert's signed link (the one-click unsubscribe's POST too): the token would end or confirm the alert.
    [`${ALERT_PATHS.oneClick}?${ALERT_TOKEN_PARAM}=eyJwIjoidW5zdWJzY3JpYmUifQ.GOODSECRET`, `${ALERT_PATHS.oneClick}?${ALERT_TOKEN_PARAM}=…`],
    [`${ALERT_PATHS.confirm}?${ALERT_TOKEN_PARAM}=eyJwIjoiY29uZmlybSJ9.GOODSECRET`, `${ALERT_PATHS.confirm}?${ALERT_TOKEN_PARAM}=…`],
  ])('%s', (target, logged) => {
    expect(withoutSecrets(target)).toBe(logged)
    expect(withoutSecrets(target)).not.toContain('GOODSECRET')
  })
})
