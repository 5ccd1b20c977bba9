import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { lowerScriptPriority } from './script-priority.server'

const rewrite = (chunks: Array<string | Buffer>) => text(Readable.from(chunks).pipe(lowerScriptPriority()))

describe('lowerScriptPriority', () => {
  const html =
    '<p>Grüße aus Essen</p><link rel="modulepreload" href="/build/a.js"/><link rel="modulepreload" href="/build/b.js"/><script type="module">import "/build/a.js"</script>'

  it('marks every module preload low priority and leaves everything else as it is', async () => {
    const out = await rewrite([html])
    expect(out.match(/<link rel="modulepreload" fetchpriority="low" href="\/build\/[ab]\.js"\/>/g)).toHaveLength(2)
    expect(out.replaceAll(' fetchpriority="low"', '')).toBe(html)
  })

  it('finds a tag split across chunks at every position, multi-byte characters included', async () => {
    const bytes = Buffer.from(html)
    for (let at = 1; at < bytes.length; at++) {
      const out = await rewrite([bytes.subarray(0, at), bytes.subarray(at)])
      expect(out.split('fetchpriority="low"').length - 1, `split at byte ${at}`).toBe(2)
      expect(out.replaceAll(' fetchpriority="low"', ''), `split at byte ${at}`).toBe(html)
    }
  })

  it('passes a document without preloads through unchanged, even byte by byte', async () => {
    const page = '<html lang="de"><body><h1>Fahrzeuge</h1><link rel="stylesheet" href="/a.css"/></body></html>'
    expect(await rewrite([...Buffer.from(page)].map((byte) => Buffer.from([byte])))).toBe(page)
  })
})
