import { type IncomingMessage, type ServerResponse } from 'node:http'
import { createRequest } from '@remix-run/node-fetch-server'
import { type RequestTarget } from '#app/server/request-target.server.ts'

/*
 * Node's request and response ↔ the Fetch Request and Response Remix works with (docs/decisions/092).
 * The request side is @remix-run/node-fetch-server's: the body as a stream with back-pressure, and a
 * signal aborted when the client goes away before the answer. The response side is ours (below).
 */

/**
 * The Fetch Request Remix renders: the decided target's URL (never the request line or client
 * headers, docs/decisions/021), the client's headers, and its body as a stream.
 */
export function toFetchRequest(req: IncomingMessage, res: ServerResponse, target: RequestTarget): Request {
  // The library joins protocol, host and `req.url`, the raw request line: an absolute-form line
  // (`GET http://x/a`) would make a wrong URL or none. It reads `req.url` once, here: the target's path meanwhile.
  const line = req.url
  req.url = target.path
  let request: Request
  try {
    request = createRequest(req, res, { protocol: target.url.protocol, host: target.url.host })
  } finally {
    req.url = line
  }
  request.headers.delete('x-forwarded-host')
  request.headers.delete('x-forwarded-proto')
  // Remix aborts a page post whose Origin host differs from Host (with an empty 500). The
  // same-origin rule has already refused foreign ones, so an Origin that gets here is ours.
  const origin = req.headers.origin
  request.headers.set('host', origin && URL.canParse(origin) ? new URL(origin).host : new URL(target.origin).host)
  return request
}

/**
 * Sends a Fetch Response. Headers are set, not appended, so they replace the defaults set earlier
 * (two CSP headers would both apply); cookies keep one header each. Not the library's
 * `sendResponse`: that one never flushes, so the compression middleware would hold a streamed page
 * back until its end, and it sends an empty reason phrase (`HTTP/1.1 201 `).
 */
export async function sendFetchResponse(res: ServerResponse, response: Response): Promise<void> {
  if (response.statusText) res.statusMessage = response.statusText
  res.statusCode = response.status
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') res.setHeader(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies)
  if (/text\/event-stream/i.test(response.headers.get('content-type') ?? '')) res.flushHeaders()
  if (response.body) await writeBody(response.body, res)
  else res.end()
}

/**
 * Writes a streamed body a burst at a time: what was ready in one turn of the event loop goes to the
 * socket (and through the compression middleware) as one write and one flush. React writes a page's
 * shell in pieces of a few hundred bytes, all at once; written and flushed one by one they were
 * compressed one at a time and left as 41 to 89 slivers over 20–50 ms, 6–10 % larger, and a
 * browser on a busy machine drew the header half parsed (four of seven menu links) before the rest came.
 * A part rendered later (a deferred section) is a burst of its own, so the page still streams.
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: ServerResponse & { flush?: () => void }): Promise<void> {
  const reader = body.getReader()
  const burst: Uint8Array[] = []
  let pendingWrite: NodeJS.Immediate | undefined
  /** The chunks read since the last write, as one; flushed unless the end follows (it writes out all that the compression holds). */
  const writeBurst = (flush: boolean) => {
    clearImmediate(pendingWrite)
    pendingWrite = undefined
    if (burst.length > 0) res.write(burst.length === 1 ? burst[0] : Buffer.concat(burst))
    burst.length = 0
    if (flush) res.flush?.()
  }
  try {
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      burst.push(part.value)
      pendingWrite ??= setImmediate(writeBurst, true)
    }
    writeBurst(false)
    res.end()
  } catch (error) {
    clearImmediate(pendingWrite)
    res.destroy(error as Error)
    throw error
  }
}

/** Whether a request has a body: without Content-Length and Transfer-Encoding it has none (RFC 9112, 6.3). */
export function hasBody(req: IncomingMessage): boolean {
  return req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined
}

/**
 * A route may answer before it has read the body (413, 429, 401). The rest of the body is then
 * read and thrown away, so the next request on a kept-alive connection is answered; a body of
 * unknown length (chunked) could be endless, so its connection is closed after the answer instead.
 */
export function closeAfterUnreadBody(req: IncomingMessage, res: ServerResponse) {
  if (!hasBody(req)) return
  if (req.headers['transfer-encoding'] !== undefined) res.setHeader('Connection', 'close')
  res.once('finish', () => {
    if (req.complete) return
    req.removeAllListeners('data')
    req.resume()
  })
}
