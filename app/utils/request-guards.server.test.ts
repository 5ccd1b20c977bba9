import { describe, expect, it } from 'vitest'
import { RateLimiter } from '#app/utils/rate-limit.server.ts'
import { clientKey, limitSubmission, TOO_MANY_SUBMISSIONS } from '#app/utils/request-guards.server.ts'

function post(headers: Record<string, string>, url = 'http://localhost:3000/?index') {
  return new Request(url, { method: 'POST', headers })
}

describe('limitSubmission', () => {
  const limiter = () => new RateLimiter({ limit: 2, windowMs: 60_000, now: () => 0 })

  it('answers the POST over the limit with 429 JSON, Retry-After and no-store', async () => {
    const context = { submissionLimiter: limiter(), clientAddress: '203.0.113.7' }
    expect(limitSubmission(context, post({}))).toBeNull()
    expect(limitSubmission(context, post({}))).toBeNull()
    const response = limitSubmission(context, post({}))!
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('60')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ error: TOO_MANY_SUBMISSIONS })
    expect(limitSubmission({ ...context, clientAddress: '203.0.113.8' }, post({}))).toBeNull()
  })

  it('counts only POSTs and does nothing without a limiter', () => {
    const context = { submissionLimiter: limiter(), clientAddress: '203.0.113.7' }
    for (let i = 0; i < 5; i++) expect(limitSubmission(context, new Request('http://localhost/api/contacts'))).toBeNull()
    expect(context.submissionLimiter.size).toBe(0)
    for (let i = 0; i < 5; i++) expect(limitSubmission({ clientAddress: '203.0.113.7' }, post({}))).toBeNull()
  })

  it('counts all addresses of one IPv6 /64 together', () => {
    const context = { submissionLimiter: limiter() }
    expect(limitSubmission({ ...context, clientAddress: '2001:db8:1:2::1' }, post({}))).toBeNull()
    expect(limitSubmission({ ...context, clientAddress: '2001:db8:1:2:aaaa::2' }, post({}))).toBeNull()
    expect(limitSubmission({ ...context, clientAddress: '2001:db8:1:2:ffff:1:2:3' }, post({}))?.status).toBe(429)
    expect(limitSubmission({ ...context, clientAddress: '2001:db8:1:3::1' }, post({}))).toBeNull()
  })
})

describe('clientKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and shortens IPv6 to its /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7')
    expect(clientKey('::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(clientKey('::1')).toBe('0:0:0:0::/64')
    expect(clientKey('2001:0db8:0001:0002:0003:0004:0005:0006')).toBe('2001:db8:1:2::/64')
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(clientKey('a::b:c:d:e:1.2.3.4')).toBe('a:0:b:c::/64')
    expect(clientKey(undefined)).toBe('unknown')
    expect(clientKey('')).toBe('unknown')
  })
})
