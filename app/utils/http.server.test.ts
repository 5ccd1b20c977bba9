import { describe, expect, it } from 'vitest'
import { BodyTooLargeError, isApiPath, jsonError, mediaType, readBodyText } from '#app/utils/http.server.ts'

function streamOf(chunks: string[]) {
  const encoder = new TextEncoder()
  let pulled = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[pulled++]
      if (chunk === undefined) controller.close()
      else controller.enqueue(encoder.encode(chunk))
    },
  })
}

describe('readBodyText', () => {
  it('reads a body within the limit', async () => {
    const request = new Request('http://x/', { method: 'POST', body: 'häuser' })
    expect(await readBodyText(request, 100)).toBe('häuser')
  })

  it('refuses a declared length over the limit before reading', async () => {
    const request = new Request('http://x/', { method: 'POST', body: 'a'.repeat(10), headers: { 'content-length': '10' } })
    await expect(readBodyText(request, 5)).rejects.toBeInstanceOf(BodyTooLargeError)
  })

  it('refuses a streamed body that grows over the limit without a length header', async () => {
    const request = new Request('http://x/', { method: 'POST', body: streamOf(['abc', 'def', 'ghi']), duplex: 'half' } as RequestInit)
    await expect(readBodyText(request, 7)).rejects.toBeInstanceOf(BodyTooLargeError)
  })

  it('reads an absent body as empty', async () => {
    expect(await readBodyText(new Request('http://x/', { method: 'POST' }), 10)).toBe('')
  })
})

describe('mediaType', () => {
  it('drops parameters and case', () => {
    const request = new Request('http://x/', { method: 'POST', headers: { 'content-type': 'Application/JSON; charset=utf-8' } })
    expect(mediaType(request)).toBe('application/json')
    expect(mediaType(new Request('http://x/'))).toBe('')
  })
})

describe('jsonError', () => {
  it('answers JSON with the status, details and no-store', async () => {
    const response = jsonError(400, 'Falsch', { fieldErrors: { name: ['fehlt'] } }, { Allow: 'POST' })
    expect(response.status).toBe(400)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('allow')).toBe('POST')
    expect(await response.json()).toEqual({ error: 'Falsch', fieldErrors: { name: ['fehlt'] } })
  })
})

describe('isApiPath', () => {
  it('is /api itself and everything under it, with or without a query', () => {
    for (const target of ['/api', '/api?x=1', '/api/', '/api/vehicles', '/api/vehicles?brand=BMW']) expect(isApiPath(target), target).toBe(true)
  })

  it('is not a page whose name begins with api', () => {
    for (const target of ['/', '/apis', '/api-docs', '/apiary?x=1', '/vehicles/api', '/studio/api']) expect(isApiPath(target), target).toBe(false)
  })
})
