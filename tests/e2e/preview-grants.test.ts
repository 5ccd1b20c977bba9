import { studioSecret } from '../preview-secret'
import { expect, test } from './playwright-utils'
import { OWN_PORT_BASE, type RunningProcess, startFakeSanity, startSiteServer } from './servers'

/*
 * Preview sessions that end (security review 2026-11-27, findings 2, 6 and 12; docs/decisions/031),
 * on a Sanity-backed production server of this file's own with its own fake Sanity: a Studio
 * secret works once, a deleted grant ends the preview at the next check (PREVIEW_GRANT_CHECK_SECONDS=1),
 * `raw` is refused, guesses cost Sanity nothing and are limited per address, a hanging Sanity gets
 * an answer, and no secret reaches the log. Plain `fetch`: no cookie jar, each call is its own client.
 */

const FAKE_PORT = OWN_PORT_BASE + 50
const PORT = OWN_PORT_BASE + 51
const FAKE = `http://127.0.0.1:${FAKE_PORT}`
const SITE = `http://127.0.0.1:${PORT}`
const LAKE_HEADERS = { authorization: 'Bearer e2e-write-token', 'x-sanity-project-id': 'e2e-project', 'content-type': 'application/json' }
const PUBLISHED_HEADING = 'Über uns: Ihr Autohändler aus Essen seit 2009'

// Tests in order on one worker (fixed ports; the last one uses up this address's failed-enable limit).
test.describe.configure({ mode: 'default' })

let fake: RunningProcess | undefined
let site: RunningProcess | undefined
/** Every secret a test sent: none may be in the server's log. */
const sentSecrets: string[] = []
/** Enables answered 401 so far: all from this test's one address, they count towards its limit. */
let failures = 0
/** A well-shaped secret nobody wrote, remembered for the log check. */
const guess = () => {
  const secret = studioSecret()
  sentSecrets.push(secret)
  return secret
}

test.beforeAll(async () => {
  fake = await startFakeSanity(FAKE_PORT)
  site = await startSiteServer(PORT, {
    SITE_URL: SITE,
    SANITY_PROJECT_ID: 'e2e-project',
    SANITY_DATASET: 'production',
    SANITY_WRITE_TOKEN: 'e2e-write-token',
    SANITY_VIEWER_TOKEN: 'e2e-viewer-token',
    SANITY_API_HOST: FAKE,
    SANITY_USE_CDN: 'false',
    PREVIEW_GRANT_CHECK_SECONDS: '1',
  })
})

test.afterAll(async () => {
  await site?.stop()
  await fake?.stop()
})

async function mutate(mutations: unknown[]) {
  const response = await fetch(`${FAKE}/v2025-02-19/data/mutate/production?returnIds=true`, {
    method: 'POST',
    headers: LAKE_HEADERS,
    body: JSON.stringify({ mutations }),
  })
  expect(response.ok, await response.clone().text()).toBe(true)
}

/** A secret as the Presentation tool writes one (a draft-id document, as `createPreviewSecret` does). */
async function studioWritesSecret() {
  const secret = studioSecret()
  sentSecrets.push(secret)
  const id = `drafts.${crypto.randomUUID()}`
  await mutate([{ createOrReplace: { _id: id, _type: 'sanity.previewUrlSecret', secret, studioUrl: `${SITE}/studio` } }])
  return { secret, id }
}

const enable = (query: string, headers: Record<string, string> = {}) => fetch(`${SITE}/api/preview-mode/enable?${query}`, { redirect: 'manual', headers })
const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0]
/** How many secret look-ups the fake Sanity has received. */
const secretReads = async () =>
  ((await (await fetch(`${FAKE}/__requests`)).json()) as Array<{ searchParams: Record<string, string> }>).filter((request) =>
    request.searchParams.tag?.endsWith('site.preview-enable'),
  ).length

test('a Studio secret works once: the second client gets 401 and no cookie', async () => {
  const { secret } = await studioWritesSecret()
  const first = await enable(`sanity-preview-secret=${secret}&sanity-preview-pathname=/about`)
  expect(first.status).toBe(302)
  expect(cookieOf(first)).toMatch(/^__sanity_preview=/)
  const second = await enable(`sanity-preview-secret=${secret}&sanity-preview-pathname=/about`)
  expect(second.status).toBe(401)
  failures++
  expect(second.headers.get('set-cookie')).toBeNull()
  expect(((await second.json()) as { error: string }).error).toContain('schon verwendet')
})

test('a deleted grant ends the preview at the next check', async () => {
  const marker = `Entwurf ${crypto.randomUUID().slice(0, 8)}`
  const about = (
    (await (
      await fetch(`${FAKE}/v2025-02-19/data/query/production?query=${encodeURIComponent('*[_id == "page-about"][0]')}&perspective=raw`, {
        headers: LAKE_HEADERS,
      })
    ).json()) as {
      result: { sections: Array<{ heading?: string }> } & Record<string, unknown>
    }
  ).result
  await mutate([
    {
      createOrReplace: {
        ...about,
        _id: 'drafts.page-about',
        sections: about.sections.map((section, index) => (index === 0 ? { ...section, heading: marker } : section)),
      },
    },
  ])
  const { secret, id } = await studioWritesSecret()
  const cookie = cookieOf(await enable(`sanity-preview-secret=${secret}`))!
  const aboutWith = async () => (await fetch(`${SITE}/about`, { headers: { cookie } })).text()
  expect(await aboutWith()).toContain(marker)

  // The Studio deletes the secret (staff revoke it, or it is cleaned up after its hour).
  await mutate([{ delete: { id } }])
  await expect.poll(aboutWith, { timeout: 15_000 }).not.toContain(marker)
  const after = await aboutWith()
  expect(after).toContain(PUBLISHED_HEADING)
  await mutate([{ delete: { id: 'drafts.page-about' } }])
})

test('`raw` is refused: 400, no cookie', async () => {
  const { secret } = await studioWritesSecret()
  for (const perspective of ['raw', 'rNeujahr,raw']) {
    const response = await enable(`sanity-preview-secret=${secret}&sanity-preview-perspective=${perspective}`)
    expect(response.status).toBe(400)
    expect(response.headers.get('set-cookie')).toBeNull()
  }
})

test('a secret the Studio cannot have made costs no request to Sanity', async () => {
  const before = await secretReads()
  // Each is looked for in the log afterwards: none may be a hex run that a random request id can hold (`abc` was: this test failed on it in two CI runs).
  for (const guess of ['qz9', 'guess1', 'GOODSECRET0123456789abcdefghij']) {
    sentSecrets.push(guess)
    expect((await enable(`sanity-preview-secret=${guess}`)).status).toBe(401)
    failures++
  }
  // A well-shaped one is looked up: the count moves (so it can fail above).
  expect((await enable(`sanity-preview-secret=${guess()}`)).status).toBe(401)
  failures++
  expect(await secretReads()).toBe(before + 1)
})

test('a hanging Sanity: enable answers 504 in German instead of waiting minutes', async () => {
  const slow = await fetch(`${FAKE}/__delay?ms=30000`, { method: 'POST' })
  expect(slow.ok).toBe(true)
  try {
    const secret = guess()
    const response = await enable(`sanity-preview-secret=${secret}`)
    expect(response.status).toBe(504)
    expect(((await response.json()) as { error: string }).error).toContain('Sanity antwortet gerade nicht')
  } finally {
    await fetch(`${FAKE}/__delay?ms=0`, { method: 'POST' })
  }
})

test('no secret is in the server’s log', async () => {
  // A good secret with a page to go to (as the Presentation tool sends it); then a last, marked
  // request: lines go out in blocks, and every earlier line is written before its line.
  const { secret } = await studioWritesSecret()
  expect((await enable(`sanity-preview-secret=${secret}&sanity-preview-pathname=/about`)).status).toBe(302)
  const marker = crypto.randomUUID()
  await enable(`sanity-preview-secret=${guess()}&marker=${marker}`)
  failures++
  await expect.poll(() => site!.output(), { timeout: 15_000 }).toContain(marker)
  const output = site!.output()
  expect(output).toContain('/api/preview-mode/enable?sanity-preview-secret=…&sanity-preview-pathname=/about')
  expect(sentSecrets.length).toBeGreaterThan(1)
  for (const secret of sentSecrets) expect(output).not.toContain(secret)
})

test('the 11th failed enable from one address: 429 in German, without a request to Sanity', async () => {
  // The earlier tests failed `failures` times from this address; ten failures are allowed.
  while (failures < 10) {
    expect((await enable(`sanity-preview-secret=${guess()}`)).status).toBe(401)
    failures++
  }
  const before = await secretReads()
  const { secret } = await studioWritesSecret()
  const limited = await enable(`sanity-preview-secret=${secret}`)
  expect(limited.status).toBe(429)
  expect(((await limited.json()) as { error: string }).error).toContain('Zu viele')
  expect(await secretReads()).toBe(before)
})
