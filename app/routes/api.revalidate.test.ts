import { describe, expect, it } from 'vitest'
import { parseEnv } from '#app/env.server.ts'
import { type ContentLake } from '#app/lake/lake.server.ts'
import { ContentRevision } from '#app/lake/content-revision.server.ts'
import { signSanityPayload } from '#app/server/webhook-signature.server.ts'
import { action, loader } from './api.revalidate'

const SECRET = 'revalidate-secret-0123456789'
const lake = {} as ContentLake

function call(init: RequestInit & { headers?: Record<string, string> }, secret: string | null = SECRET) {
  const contentRevision = new ContentRevision()
  const env = parseEnv(secret ? { REVALIDATE_SECRET: secret } : {})
  const request = new Request('http://localhost/api/revalidate', { method: 'POST', ...init })
  return { contentRevision, response: action({ request, params: {}, context: { env, lake, contentRevision } }) }
}

describe('POST /api/revalidate', () => {
  it('with the bearer secret: moves the content revision on and answers 200 {revalidated, revision}, never cached', async () => {
    const { contentRevision, response } = call({ headers: { Authorization: `Bearer ${SECRET}` } })
    const answer = await response
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ revalidated: true, revision: 1 })
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(contentRevision.current).toBe(1)
  })

  it('with a valid Sanity webhook signature (t=…,v1=… over "t.body")', async () => {
    const body = JSON.stringify({ _id: 'homePage', _type: 'homePage' })
    const timestamp = Date.now()
    const signature = `t=${timestamp},v1=${signSanityPayload(body, timestamp, SECRET)}`
    const { contentRevision, response } = call({ body, headers: { 'content-type': 'application/json', 'sanity-webhook-signature': signature } })
    expect((await response).status).toBe(200)
    expect(contentRevision.current).toBe(1)
  })

  it('passes the id of the document the body names on with the revision (the alerts watch that car only), and nothing else', async () => {
    const heard: Array<readonly string[] | undefined> = []
    const timestamp = Date.now()
    const signed = (body: string) => ({
      'content-type': 'application/json',
      'sanity-webhook-signature': `t=${timestamp},v1=${signSanityPayload(body, timestamp, SECRET)}`,
    })
    const golf = JSON.stringify({ _id: 'vehicle-golf', _type: 'vehicle', price: 18_990 })
    const requests: Array<[RequestInit & { headers: Record<string, string> }, readonly string[] | undefined]> = [
      [{ body: golf, headers: signed(golf) }, ['vehicle-golf']],
      [{ body: '{"_id":"homePage"}', headers: { Authorization: `Bearer ${SECRET}` } }, ['homePage']],
      // By hand, or a projection without _id: anything may have changed.
      [{ headers: { Authorization: `Bearer ${SECRET}` } }, undefined],
      [{ body: '{"title":"Start"}', headers: { Authorization: `Bearer ${SECRET}` } }, undefined],
      [{ body: 'kein JSON', headers: { Authorization: `Bearer ${SECRET}` } }, undefined],
      [{ body: '{"_id":42}', headers: { Authorization: `Bearer ${SECRET}` } }, undefined],
    ]
    for (const [init, expected] of requests) {
      const { contentRevision, response } = call(init)
      contentRevision.onChange((ids) => void heard.push(ids))
      expect((await response).status).toBe(200)
      expect(heard.at(-1), String(init.body)).toEqual(expected)
    }
    expect(heard).toHaveLength(requests.length)
  })

  it('401 for a wrong secret, a signature over another body or with another secret, or nothing at all', async () => {
    const body = '{"_id":"homePage"}'
    const timestamp = Date.now()
    const attempts: Array<Record<string, string>> = [
      { Authorization: 'Bearer wrong-secret-0123456789' },
      { 'sanity-webhook-signature': `t=${timestamp},v1=${signSanityPayload('{"_id":"other"}', timestamp, SECRET)}` },
      { 'sanity-webhook-signature': `t=${timestamp},v1=${signSanityPayload(body, timestamp, 'another-secret-0123456789')}` },
      { 'sanity-webhook-signature': 'garbage' },
      {},
    ]
    for (const headers of attempts) {
      const { contentRevision, response } = call({ body, headers })
      const answer = await response
      expect(answer.status, JSON.stringify(headers)).toBe(401)
      expect(answer.headers.get('www-authenticate')).toBe('Bearer')
      expect(contentRevision.current).toBe(0)
    }
  })

  it('a signature is accepted once, and only while it is fresh: a replay, an old and a future one get 401', async () => {
    const signed = (body: string, timestamp: number) => ({
      body,
      headers: { 'content-type': 'application/json', 'sanity-webhook-signature': `t=${timestamp},v1=${signSanityPayload(body, timestamp, SECRET)}` },
    })
    const now = Date.now()
    const fresh = signed('{"_id":"replay-me"}', now)
    expect((await call(fresh).response).status).toBe(200)
    const replay = await call(fresh).response
    expect(replay.status).toBe(401)
    expect((await replay.json()).error).toContain('schon verwendet')

    // A valid signature from 14 Nov 2023, six minutes ago, and two minutes ahead.
    for (const timestamp of [1_700_000_000_000, now - 6 * 60_000, now + 2 * 60_000]) {
      const { contentRevision, response } = call(signed('{"_id":"old"}', timestamp))
      expect((await response).status, String(timestamp)).toBe(401)
      expect(contentRevision.current).toBe(0)
    }
    // Four minutes old and half a minute ahead (clock skew) are still fresh.
    for (const timestamp of [now - 4 * 60_000, now + 30_000]) {
      expect((await call(signed(`{"_id":"skew-${timestamp}"}`, timestamp)).response).status).toBe(200)
    }
  })

  it('503 when REVALIDATE_SECRET is not set', async () => {
    const { response } = call({ headers: { Authorization: 'Bearer anything-at-all-here' } }, null)
    const answer = await response
    expect(answer.status).toBe(503)
    expect((await answer.json()).error).toContain('REVALIDATE_SECRET')
  })

  it('405 for GET and other methods', async () => {
    expect(loader().status).toBe(405)
    expect(loader().headers.get('allow')).toBe('POST')
    const { response } = call({ method: 'PUT', headers: { Authorization: `Bearer ${SECRET}` } })
    expect((await response).status).toBe(405)
  })
})
