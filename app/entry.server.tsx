import { type AppLoadContext, createReadableStreamFromReadable, type EntryContext } from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { loggerOf } from '#app/server/logging.server.ts'
import { CACHE_CONTROL } from '#app/utils/http.server.ts'
import { NonceProvider } from '#app/utils/nonce-provider.ts'
import { rewriteHtmlStream } from '#app/utils/deferred-scripts.server.ts'

export { createAppContext, stopAppContext } from '#app/context.server.ts'
export { createServer } from '#app/server/create-server.server.ts'
export { logPreflight, preflightReport } from '#app/server/preflight.server.ts'
export { logFatalErrors } from '#app/server/logging.server.ts'

const ABORT_DELAY = 5_000
export const streamTimeout = ABORT_DELAY

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A page rendered for a POST carries form results (errors, the visitor's input): never cache it.
  if (request.method !== 'GET' && request.method !== 'HEAD') responseHeaders.set('Cache-Control', CACHE_CONTROL.noStore)
  // Crawlers get the complete document at once; browsers get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '')
  // Every inline script (Remix's, React's streaming ones, ours) carries the response's CSP nonce.
  const nonce = loadContext.cspNonce || undefined
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const send = () => {
      shellRendered = true
      // The scripts start after the first contentful paint (docs/decisions/018). Should React's or
      // Remix's markup change, the page goes out as rendered and the log says why (decision 090).
      const body = rewriteHtmlStream((problem) =>
        loggerOf(loadContext).error({ problem, path: new URL(request.url).pathname }, 'Skripte nicht nach dem ersten Zeichnen gestartet: Markup unbekannt'),
      )
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      )
      pipe(body)
    }
    // A render still waiting for data when the stream timeout has passed is ended.
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY + 1000)
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ''}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) send()
        },
        onAllReady() {
          // Everything is rendered: nothing left to abort, and the timer need not hold the render for its seconds.
          clearTimeout(abortTimer)
          if (waitForAll) send()
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors while streaming after the shell are logged; the shell has already been sent.
          if (shellRendered) logError(loadContext, request, error)
        },
      },
    )
  })
}

/** Remix's hook for errors of loaders, actions and rendering: logged with the request id, never for a client that left. */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  logError(context, request, error)
}

function logError(context: AppLoadContext, request: Request, error: unknown) {
  if (request.signal.aborted) return
  // Remix's own client errors (a POST to a route without an action: 405; a page that does not
  // exist: 404) are the request's, not the server's: the access line has their status.
  if (isRouteErrorResponse(error) && error.status < 500) return
  // Remix reports a `?_data=` request (the data API that single fetch replaced) as an error with a stack, and
  // answers it: anyone could fill the error log with them. The access line has the request.
  if (error instanceof Error && error.message.includes('should not be making ?_data requests')) return
  // Through the logger's error serializer even without a request logger (tests): console.error
  // would print every property of a Sanity client error, the request with its token included.
  loggerOf(context).error({ err: error }, 'Fehler beim Rendern')
}
