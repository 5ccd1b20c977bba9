import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv } from '#app/env.server.ts'
import {
  createNonce,
  inlineScriptHashes,
  pageContentSecurityPolicy,
  PERMISSIONS_POLICY,
  securityHeaders,
  SONNER_STYLE_HASH,
  studioContentSecurityPolicy,
} from './security-headers.server'

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split('; ').map((directive) => {
      const [name = '', ...values] = directive.split(' ')
      return [name, values]
    }),
  )
}

describe('createNonce', () => {
  it('gives 128 random bits in base64, different every time', () => {
    const nonces = new Set(Array.from({ length: 1000 }, createNonce))
    expect(nonces.size).toBe(1000)
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
  })
})

describe('the page policy', () => {
  const policy = directives(pageContentSecurityPolicy({ nonce: 'abc' }, { upgradeInsecureRequests: false }))

  it('allows scripts from the site and with the nonce only, never inline or eval', () => {
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc'"])
    expect(policy.get('default-src')).toEqual(["'self'"])
  })

  it('frames only the dealer portal and the map; framed by nobody; no plugins, no foreign base', () => {
    expect(policy.get('frame-src')).toEqual(['https://home.mobile.de', 'https://www.openstreetmap.org'])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'self'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
    expect(policy.get('connect-src')).toEqual(["'self'"])
  })

  it('lets the Studio, and only its origin, frame a preview page', () => {
    const preview = directives(pageContentSecurityPolicy({ nonce: 'abc' }, { upgradeInsecureRequests: false, framedBy: ['https://studio.example.de/studio'] }))
    expect(preview.get('frame-ancestors')).toEqual(['https://studio.example.de'])
    expect(preview.get('script-src')).toEqual(["'self'", "'nonce-abc'"])
  })

  it('takes style attributes inline, style elements only from the site and sonner; browsers without the split fall back to style-src', () => {
    // sonner's, and the empty element it appends before its text (the SHA-256 of '').
    const empty = `sha256-${createHash('sha256').update('').digest('base64')}`
    expect(policy.get('style-src-elem')).toEqual(["'self'", `'${SONNER_STYLE_HASH}'`, `'${empty}'`])
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"])
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
  })

  it('lets a preview page insert style elements (the Studio overlays insert theirs)', () => {
    const preview = directives(pageContentSecurityPolicy({ nonce: 'abc' }, { upgradeInsecureRequests: false, framedBy: ['https://studio.example.de/studio'] }))
    expect(preview.has('style-src-elem')).toBe(false)
    expect(preview.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
  })

  it('lets in the very <style> the installed sonner inserts', () => {
    // sonner's ES module, which the browser bundle takes, inserts one stylesheet: __insertCSS("…") at its top level.
    const module = readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('sonner')), 'index.mjs'), 'utf8')
    const calls = [...module.matchAll(/__insertCSS\(("(?:[^"\\]|\\.)*")\)/g)]
    expect(calls).toHaveLength(1)
    const css = JSON.parse(calls[0]![1]!) as string
    expect(`sha256-${createHash('sha256').update(css).digest('base64')}`, 'the new sonner CSS needs its hash in SONNER_STYLE_HASH').toBe(SONNER_STYLE_HASH)
  })

  it('shows images from the site, data: placeholders, Sanity and the marketplace CDN', () => {
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.sanity.io', 'https://img.classistatic.de'])
  })

  it('upgrades insecure requests only when asked to', () => {
    expect(policy.has('upgrade-insecure-requests')).toBe(false)
    expect(pageContentSecurityPolicy({ nonce: 'abc' }, { upgradeInsecureRequests: true })).toMatch(/; upgrade-insecure-requests$/)
  })
})

describe('the policy of a page from the cache (docs/decisions/076)', () => {
  const policy = directives(pageContentSecurityPolicy({ hashes: ['sha256-a', 'sha256-b'] }, { upgradeInsecureRequests: false }))

  it('allows its inline scripts by hash and what they add (strict-dynamic); no nonce, never inline or eval', () => {
    expect(policy.get('script-src')).toEqual(["'self'", "'strict-dynamic'", "'sha256-a'", "'sha256-b'"])
  })

  it('is otherwise the page policy', () => {
    const nonced = directives(pageContentSecurityPolicy({ nonce: 'abc' }, { upgradeInsecureRequests: false }))
    expect(new Map([...policy].filter(([name]) => name !== 'script-src'))).toEqual(new Map([...nonced].filter(([name]) => name !== 'script-src')))
  })

  it('securityHeaders gives it for a page with hashes instead of a nonce, even none', () => {
    const env = parseEnv({ NODE_ENV: 'production' })
    expect(securityHeaders('page', { env, scriptHashes: ['sha256-a'] })['Content-Security-Policy']).toContain("script-src 'self' 'strict-dynamic' 'sha256-a';")
    expect(securityHeaders('page', { env, scriptHashes: [] })['Content-Security-Policy']).toContain("script-src 'self' 'strict-dynamic';")
  })
})

describe('the Studio policy', () => {
  it('allows its inline bootstrap script by hash and the Sanity hosts it needs', () => {
    const policy = directives(studioContentSecurityPolicy(['sha256-xyz']))
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-xyz'", 'https://core.sanity-cdn.com'])
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'")
    expect(policy.get('connect-src')).toEqual(expect.arrayContaining(['https://*.api.sanity.io', 'wss://*.api.sanity.io', 'https://*.apicdn.sanity.io']))
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
  })

  it('inlineScriptHashes hashes inline scripts and skips external ones', () => {
    const html = '<script>a()</script><script src="/x.js"></script><script type="module">\nb()\n</script>'
    const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('\nb()\n')])
  })
})

describe('securityHeaders', () => {
  const production = parseEnv({ NODE_ENV: 'production', SITE_URL: 'https://www.example.de' })
  const development = parseEnv({ NODE_ENV: 'development' })

  it('sends the common headers with each kind, HSTS only in production over TLS', () => {
    const plainHttp = parseEnv({ NODE_ENV: 'production', SITE_URL: 'http://localhost:3000' })
    for (const kind of ['page', 'resource', 'studio'] as const) {
      expect(securityHeaders(kind, { env: plainHttp, nonce: 'n' })['Strict-Transport-Security']).toBeUndefined()
      const headers = securityHeaders(kind, { env: production, nonce: 'n' })
      expect(headers['X-Content-Type-Options']).toBe('nosniff')
      expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
      expect(headers['Permissions-Policy']).toBe(PERMISSIONS_POLICY)
      expect(headers['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains')
      expect(securityHeaders(kind, { env: development, nonce: 'n' })['Strict-Transport-Security']).toBeUndefined()
    }
    expect(PERMISSIONS_POLICY).toContain('camera=()')
    expect(PERMISSIONS_POLICY).toContain('geolocation=()')
  })

  it('upgrades insecure requests on an https site only', () => {
    expect(securityHeaders('page', { env: production, nonce: 'n' })['Content-Security-Policy']).toContain('upgrade-insecure-requests')
    expect(securityHeaders('page', { env: development, nonce: 'n' })['Content-Security-Policy']).not.toContain('upgrade-insecure-requests')
  })

  it('the resource policy allows nothing', () => {
    expect(securityHeaders('resource', { env: production })['Content-Security-Policy']).toMatch(/^default-src 'none';/)
  })

  it('a page without a nonce is a programming error', () => {
    expect(() => securityHeaders('page', { env: production })).toThrow('nonce')
  })

  it('X-Robots-Tag: noindex everywhere on staging; the Studio is never indexed', () => {
    const staging = parseEnv({ ALLOW_INDEXING: 'false' })
    expect(securityHeaders('page', { env: staging, nonce: 'n' })['X-Robots-Tag']).toBe('noindex')
    expect(securityHeaders('resource', { env: staging })['X-Robots-Tag']).toBe('noindex')
    expect(securityHeaders('page', { env: production, nonce: 'n' })['X-Robots-Tag']).toBeUndefined()
    expect(securityHeaders('studio', { env: production })['X-Robots-Tag']).toBe('noindex, nofollow')
  })
})
