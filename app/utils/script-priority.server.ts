import { StringDecoder } from 'node:string_decoder'
import { Transform, type TransformCallback } from 'node:stream'

const PRELOAD = '<link rel="modulepreload"'
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"'

/**
 * Remix's `<Scripts>` preloads every module of the page with `<link rel="modulepreload">`, which
 * Chromium fetches at high priority: on a slow phone connection ~115 KB of JavaScript then share
 * the line with the stylesheet and the LCP image. The page is complete without JavaScript (it is
 * server-rendered and its forms work without it), so the scripts may come last: this stream marks
 * the preloads `fetchpriority="low"`. `<Scripts>` has no prop for it, hence the rewrite of the
 * HTML on its way out. A tag split across two chunks is still found (the tail is held back).
 */
export function lowerScriptPriority(): Transform {
  const decoder = new StringDecoder('utf8')
  let pending = ''
  const rewrite = (text: string) => text.replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD)
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      pending += typeof chunk === 'string' ? chunk : decoder.write(chunk)
      // Hold back what could be the start of a split tag; emit the rest rewritten.
      const cut = safeCut(pending)
      const ready = pending.slice(0, cut)
      pending = pending.slice(cut)
      callback(null, ready ? rewrite(ready) : undefined)
    },
    flush(callback: TransformCallback) {
      callback(null, rewrite(pending + decoder.end()) || undefined)
    },
  })
}

/** The index up to which `text` can be rewritten without cutting through a possible `PRELOAD`. */
function safeCut(text: string): number {
  for (let keep = Math.min(PRELOAD.length - 1, text.length); keep > 0; keep--) {
    if (PRELOAD.startsWith(text.slice(text.length - keep))) return text.length - keep
  }
  return text.length
}
