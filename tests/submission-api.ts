import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { toast } from 'sonner'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'

/**
 * The submission API as the browser form meets it, mocked at the network edge (MSW) for the
 * component tests: what the form posted (`received`) and how the API answers (`answerWith`).
 * Registers its own lifecycle hooks; call it once at the top of a jsdom test file.
 */
export function mockSubmissionApi(path: '/api/contacts' | '/api/leads', createdId: string) {
  // jsdom's page is http://localhost:3000/; the client resolves the path against it.
  const url = new URL(path, window.location.href).toString()
  const server = setupServer()
  const received: unknown[] = []

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    toast.dismiss()
    cleanup()
    server.resetHandlers()
    received.length = 0
  })
  afterAll(() => server.close())

  /** The next posts get `status`; a 201 carries the stored id, other statuses `json` or a plain error text. */
  function answerWith(status: number, options: { hold?: Promise<void>; json?: unknown } = {}) {
    server.use(
      http.post(url, async ({ request }) => {
        received.push(await request.json())
        if (options.hold) await options.hold
        if (options.json !== undefined) return HttpResponse.json(options.json as Record<string, unknown>, { status })
        return status === 201
          ? HttpResponse.json({ id: createdId, receivedAt: '2025-01-01T00:00:00.000Z' }, { status })
          : new HttpResponse('Interner Fehler', { status })
      }),
    )
  }

  /** The next posts fail as a broken network would (fetch rejects). */
  function failNetwork() {
    server.use(http.post(url, () => HttpResponse.error()))
  }

  return { received, answerWith, failNetwork }
}
