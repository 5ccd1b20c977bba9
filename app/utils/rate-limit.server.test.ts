import { describe, expect, it } from 'vitest'
import { RateLimiter } from '#app/utils/rate-limit.server.ts'

function clock(start = 1_000_000) {
  let time = start
  return {
    now: () => time,
    advance: (ms: number) => void (time += ms),
  }
}

describe('RateLimiter', () => {
  it('allows `limit` hits per window, then refuses with the seconds until the window ends', () => {
    const time = clock()
    const limiter = new RateLimiter({ limit: 5, windowMs: 60_000, now: time.now })
    const results = Array.from({ length: 5 }, () => limiter.hit('1.2.3.4'))
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true])
    expect(results.map((r) => r.remaining)).toEqual([4, 3, 2, 1, 0])
    expect(results.every((r) => r.retryAfterSeconds === 0)).toBe(true)

    time.advance(20_500)
    expect(limiter.hit('1.2.3.4')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 40 })
  })

  it('exhausted: says whether a key used up its window without counting a hit', () => {
    const time = clock()
    const limiter = new RateLimiter({ limit: 2, windowMs: 60_000, now: time.now })
    expect(limiter.exhausted('a')).toBe(0)
    limiter.hit('a')
    expect(limiter.exhausted('a')).toBe(0)
    limiter.hit('a')
    time.advance(30_000)
    expect(limiter.exhausted('a')).toBe(30)
    expect(limiter.exhausted('b')).toBe(0)
    time.advance(30_000)
    expect(limiter.exhausted('a')).toBe(0)
    expect(limiter.hit('a').allowed).toBe(true)
  })

  it('starts a new window once the old one has ended', () => {
    const time = clock()
    const limiter = new RateLimiter({ limit: 2, windowMs: 60_000, now: time.now })
    limiter.hit('a')
    limiter.hit('a')
    time.advance(59_999)
    expect(limiter.hit('a').allowed).toBe(false)
    expect(limiter.hit('a').retryAfterSeconds).toBe(1)
    time.advance(1)
    expect(limiter.hit('a')).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 })
  })

  it('does not count refused hits: a client hammering the limit is free again after the window', () => {
    const time = clock()
    const limiter = new RateLimiter({ limit: 1, windowMs: 1_000, now: time.now })
    expect(limiter.hit('a').allowed).toBe(true)
    for (let i = 0; i < 100; i++) limiter.hit('a')
    time.advance(1_000)
    expect(limiter.hit('a').allowed).toBe(true)
  })

  it('counts each key separately', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 60_000, now: clock().now })
    expect(limiter.hit('a').allowed).toBe(true)
    expect(limiter.hit('a').allowed).toBe(false)
    expect(limiter.hit('b').allowed).toBe(true)
  })

  it('forgets expired keys', () => {
    const time = clock()
    const limiter = new RateLimiter({ limit: 3, windowMs: 1_000, now: time.now })
    for (let i = 0; i < 50; i++) limiter.hit(`client-${i}`)
    expect(limiter.size).toBe(50)
    time.advance(500)
    limiter.hit('late')
    expect(limiter.size).toBe(51)
    time.advance(500)
    limiter.hit('later')
    // The 50 first windows ended; 'late' (ends at 1,500) and 'later' remain.
    expect(limiter.size).toBe(2)
  })

  it('never tracks more than maxKeys keys, dropping the oldest window first', () => {
    const time = clock()
    const limiter = new RateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 3, now: time.now })
    for (const key of ['a', 'b', 'c']) {
      limiter.hit(key)
      time.advance(1)
    }
    expect(limiter.hit('b').allowed).toBe(false)
    limiter.hit('d')
    expect(limiter.size).toBe(3)
    // 'a' was dropped and starts afresh; 'b' and 'c' are still limited.
    expect(limiter.hit('c').allowed).toBe(false)
    expect(limiter.hit('a').allowed).toBe(true)
    expect(limiter.size).toBe(3)
  })

  it('refuses nonsensical options', () => {
    expect(() => new RateLimiter({ limit: 0, windowMs: 1_000 })).toThrow(RangeError)
    expect(() => new RateLimiter({ limit: 1.5, windowMs: 1_000 })).toThrow(RangeError)
    expect(() => new RateLimiter({ limit: 1, windowMs: 0 })).toThrow(RangeError)
    expect(() => new RateLimiter({ limit: 1, windowMs: 1_000, maxKeys: 0 })).toThrow(RangeError)
  })
})
