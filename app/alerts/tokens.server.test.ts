import { describe, expect, it } from 'vitest'
import { CONFIRM_LINK_MS, signToken, verifyToken } from './tokens.server.ts'

const SECRET = 'a'.repeat(64)
const ID = 'inbox.lead-0b7c6a4e-1f2d-4c3b-9a8e-7d6c5b4a3f21'
const SENT = new Date('2026-11-28T10:00:00.000Z')

describe('the alerts’ signed links', () => {
  it('a confirmation token names its lead until it expires, then says so', () => {
    const token = signToken(SECRET, 'confirm', ID, new Date(SENT.getTime() + CONFIRM_LINK_MS))
    expect(verifyToken(SECRET, 'confirm', token, SENT)).toEqual({ ok: true, id: ID })
    expect(verifyToken(SECRET, 'confirm', token, new Date(SENT.getTime() + CONFIRM_LINK_MS))).toEqual({ ok: true, id: ID })
    expect(verifyToken(SECRET, 'confirm', token, new Date(SENT.getTime() + CONFIRM_LINK_MS + 1))).toEqual({ ok: false, reason: 'expired' })
  })

  it('a confirmation token without an expiry is refused (security review 2026-11-29: defence in depth)', () => {
    expect(verifyToken(SECRET, 'confirm', signToken(SECRET, 'confirm', ID), SENT)).toEqual({ ok: false, reason: 'invalid' })
  })

  it('an unsubscribe token does not expire', () => {
    const token = signToken(SECRET, 'unsubscribe', ID)
    expect(verifyToken(SECRET, 'unsubscribe', token, new Date('2036-01-01T00:00:00.000Z'))).toEqual({ ok: true, id: ID })
  })

  it('refuses another purpose, another key, a changed payload or signature, and junk', () => {
    const token = signToken(SECRET, 'unsubscribe', ID)
    expect(verifyToken(SECRET, 'confirm', token, SENT)).toEqual({ ok: false, reason: 'invalid' })
    expect(verifyToken('b'.repeat(64), 'unsubscribe', token, SENT)).toEqual({ ok: false, reason: 'invalid' })
    const [payload, signature] = token.split('.') as [string, string]
    const otherLead = Buffer.from(JSON.stringify({ p: 'unsubscribe', id: 'inbox.lead-someone-else' })).toString('base64url')
    expect(verifyToken(SECRET, 'unsubscribe', `${otherLead}.${signature}`, SENT)).toEqual({ ok: false, reason: 'invalid' })
    expect(verifyToken(SECRET, 'unsubscribe', `${payload}.${signature.slice(0, -1)}A`, SENT).ok).toBe(false)
    for (const junk of [undefined, '', 'x', 'a.b.c', `${payload}.`, 'x'.repeat(700)]) expect(verifyToken(SECRET, 'unsubscribe', junk, SENT).ok).toBe(false)
  })

  it('signs only inbox lead ids', () => {
    const token = signToken(SECRET, 'confirm', 'vehicle-1', new Date(SENT.getTime() + 1000))
    expect(verifyToken(SECRET, 'confirm', token, SENT)).toEqual({ ok: false, reason: 'invalid' })
  })
})
