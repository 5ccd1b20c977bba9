import { expect, it } from 'vitest'
import { SITE_URL, startSite } from './site'

/*
 * The submission limit of one instance (moved from tests/e2e/rate-limit.test.ts). Several instances
 * behind nginx, and that the app listens on 127.0.0.1 only, need real processes and stay there.
 */

const MESSAGE = 'Zu viele Anfragen. Bitte versuchen Sie es in einer Minute erneut.'

it('the 6th submission within a minute from one address gets 429; the page form shares the limit; foreign form posts are refused first', async () => {
  const site = await startSite({ env: { SUBMISSION_RATE_LIMIT: '5' } })
  try {
    const statuses: number[] = []
    let last: Response | undefined
    for (let i = 1; i <= 6; i++) {
      last = await fetch(`${site.base}/api/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Schnell ${i}`, email: 'schnell@example.de', message: 'Hallo' }),
      })
      statuses.push(last.status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
    expect(last!.headers.get('cache-control')).toBe('no-store')
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(await last!.json()).toEqual({ error: MESSAGE })

    // The page's form (without JavaScript) shares the limit: the page comes back with 429, the message and the input.
    const form = await fetch(`${site.base}/?index`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE_URL },
      body: new URLSearchParams({ name: 'Max Eilig', email: 'max@example.de', message: 'Noch eine', website: '' }).toString(),
    })
    expect(form.status).toBe(429)
    const html = await form.text()
    expect(html).toContain(MESSAGE)
    expect(html).toContain('value="Max Eilig"')

    // Form posts from another site, or without Origin and Referer, are refused (403) before they are counted.
    const formFrom = (headers: Record<string, string>) =>
      fetch(`${site.base}/?index`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ name: 'Fremd', email: 'fremd@example.de', message: 'Hallo', website: '' }).toString(),
      })
    const forged = await formFrom({ origin: 'https://fremd.example' })
    expect(forged.status).toBe(403)
    expect(await forged.text()).toContain('nicht über ein Formular dieser Website gesendet')
    const anonymous = await formFrom({})
    expect(anonymous.status).toBe(403)
    expect(await anonymous.text()).toContain('nicht über ein Formular dieser Website gesendet')
  } finally {
    await site.close()
  }
})

// Security review 2026-11-27, finding 4: with TRUST_PROXY=1 and the app on every interface, a client
// that reached it directly chose its address through X-Forwarded-For (8 of 8 spam posts stored).
it('a client that reaches the app directly counts against its own address, whatever X-Forwarded-For says', async () => {
  // The proxy is trusted, but the client (127.0.0.1) is not it.
  const site = await startSite({ env: { SUBMISSION_RATE_LIMIT: '5', TRUST_PROXY: '10.9.9.9' } })
  try {
    const statuses: number[] = []
    for (let i = 1; i <= 8; i++) {
      const answer = await fetch(`${site.base}/api/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i}` },
        body: JSON.stringify({ name: `Spam Bot ${i}`, email: `spam${i}@example.de`, message: `Spam Nachricht ${i}` }),
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429])
  } finally {
    await site.close()
  }
})
