import { StringDecoder } from 'node:string_decoder'
import { Transform, type TransformCallback } from 'node:stream'

const PRELOAD = '<link rel="modulepreload"'
/** How React 18 closes the document: after the shell, before the segments it streams later. */
const DOCUMENT_END = '</body></html>'
const PRELOAD_TAG = /<link rel="modulepreload" href="([^"]+)"\/>/g
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">([\s\S]*?)<\/script>/
const MISSING_SCRIPTS = 'Das Modul-Skript von <Scripts> (<script type="module" async="">) fehlt'
/** Hydrate anyway when the browser never reports a first contentful paint (docs/decisions/018). */
export const FIRST_PAINT_FALLBACK_MS = 5000

/**
 * Remix's `<Scripts>` starts every module of the page with the HTML: `<link rel="modulepreload">`
 * tags and a module script. On a phone the ~110 KB of JavaScript then share the line and the main
 * thread with the first paint. The page is complete without JavaScript (server-rendered, its forms
 * post without it), so this stream starts the scripts after the first contentful paint instead
 * (docs/decisions/018):
 * - the preload tags stay, inert (`media="not all"`), because hydration expects a `<link>` there;
 * - the module script becomes a classic script with the same nonce (still a `<script>` for
 *   hydration) that runs `startAfterFirstPaint`, which then adds the module script, with the
 *   preloaded modules as static imports, and a preload for the browser entry.
 * `<Scripts>` has no prop for this, hence the rewrite of the HTML on its way out. Everything from the
 * first preload to the end of the module script is held back until it is complete, so tags split
 * across chunks are found; a document without module script passes through unchanged.
 *
 * It also moves the document's end to the end of the stream: React 18 closes `</body></html>` with
 * the shell and streams the late Suspense segments (deferred vehicles, their scripts) after it,
 * which is invalid HTML (a validator stops at the first "stray start tag"). React 19 does the same.
 *
 * Both rest on React's and Remix's markup. When a document (`<html`) no longer matches it (its shell
 * ends without the module script rewritten, the module script's tag differs, or the document end
 * is not found), `onMismatch` is told once, with what failed, and the rest passes through as it
 * is, never held back (docs/decisions/090): entry.server logs it as an error; tests make it throw.
 */
export function rewriteHtmlStream(onMismatch: (problem: string) => void): Transform {
  const decoder = new StringDecoder('utf8')
  let pending = ''
  let state: 'before-preloads' | 'in-scripts' | 'done' = 'before-preloads'
  /** Text held back because it could be the start of a split DOCUMENT_END. */
  let endTail = ''
  let documentEnded = false
  let isDocument = false
  let reported = false

  /** Tells (once) of a markup the rewrite does not know and stops looking for the scripts. */
  function mismatch(problem: string) {
    state = 'done'
    if (reported) return
    reported = true
    onMismatch(problem)
  }

  /** `out` without the document's end, which is sent last. */
  function holdDocumentEnd(out: string): string {
    if (documentEnded) return out
    const text = endTail + out
    const at = text.indexOf(DOCUMENT_END)
    if (at !== -1) {
      documentEnded = true
      endTail = ''
      // The shell is complete: <Scripts> is in the root's body, so its module script has passed.
      if (isDocument && state !== 'done') mismatch(`${MISSING_SCRIPTS} vor dem Ende des Dokuments`)
      return text.slice(0, at) + text.slice(at + DOCUMENT_END.length)
    }
    const cut = safeCut(text, DOCUMENT_END)
    endTail = text.slice(cut)
    return text.slice(0, cut)
  }

  /** What can be sent now; the rest stays in `pending`. */
  function take(): string {
    let out = ''
    if (state === 'before-preloads') {
      const start = pending.indexOf(PRELOAD)
      if (start === -1) {
        // Hold back what could be the start of a split preload tag.
        const cut = safeCut(pending, PRELOAD)
        out = pending.slice(0, cut)
        pending = pending.slice(cut)
        return out
      }
      out = pending.slice(0, start)
      pending = pending.slice(start)
      state = 'in-scripts'
    }
    if (state === 'in-scripts') {
      const script = MODULE_SCRIPT.exec(pending)
      if (!script) {
        // A module script complete in another form, or the shell's end without it: nothing more to find.
        const other = pending.search(/<script\b[^>]*\btype="module"/)
        if (other !== -1 && pending.includes('</script>', other))
          mismatch(`Das Modul-Skript von <Scripts> hat eine unbekannte Form: ${pending.slice(other, other + 80)}`)
        else if (pending.includes(DOCUMENT_END)) mismatch(`${MISSING_SCRIPTS} nach den modulepreload-Links`)
        else return out
        out += pending
        pending = ''
        return out
      }
      const end = script.index + script[0].length
      out += deferScripts(pending.slice(0, end))
      pending = pending.slice(end)
      state = 'done'
    }
    out += pending
    pending = ''
    return out
  }

  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      pending += withoutNul(typeof chunk === 'string' ? chunk : decoder.write(chunk))
      isDocument ||= pending.includes('<html')
      try {
        callback(null, holdDocumentEnd(take()) || undefined)
      } catch (error) {
        callback(error as Error)
      }
    },
    flush(callback: TransformCallback) {
      pending += withoutNul(decoder.end())
      try {
        const out = holdDocumentEnd(take() + pending) + endTail + (documentEnded ? DOCUMENT_END : '')
        if (isDocument && !documentEnded) mismatch(`Das Ende des Dokuments ${DOCUMENT_END} kam nicht; späte Teile stehen womöglich hinter </html>`)
        callback(null, out || undefined)
      } catch (error) {
        callback(error as Error)
      }
    },
  })
}

/**
 * React 18.3's renderToPipeableStream sends the unused tail of its 2 KB buffer as NUL bytes when
 * a multi-byte character does not fit (fixed in React 19, facebook/react#26228). A document never
 * holds a NUL of its own (React renders none, and HTML forbids it), so every one is that padding.
 */
function withoutNul(text: string): string {
  return text.includes('\0') ? text.replaceAll('\0', '') : text
}

/** Rewrites `<Scripts>`' output, from its first preload tag to the end of its module script. */
export function deferScripts(html: string): string {
  const modules = [...html.matchAll(PRELOAD_TAG)].map((match) => match[1]!)
  return html
    .replaceAll(PRELOAD_TAG, (_tag, href: string) => `<link rel="modulepreload" media="not all" href="${href}"/>`)
    .replace(MODULE_SCRIPT, (_script, nonce: string | undefined, code: string) => {
      // The browser entry is imported dynamically at the end of the code (it hydrates, so it must
      // run after the code): it gets a preload link. Every other module becomes a static import of
      // the code, so the browser fetches the whole module graph at once when the script is added,
      // without a modulepreload link per module (1–30 ms of main thread each).
      const importedLater = new Set([...code.matchAll(/import\("([^"]+)"\)/g)].map((match) => match[1]))
      const staticImports = modules.filter((href) => !importedLater.has(href)).map((href) => `import ${JSON.stringify(href)};\n`)
      const preloads = modules.filter((href) => importedLater.has(href))
      return `<script${nonce ?? ''}>(${START_AFTER_FIRST_PAINT})(${inlineJson(preloads)},${inlineJson(staticImports.join('') + code)},${FIRST_PAINT_FALLBACK_MS})</script>`
    })
}

/**
 * Runs in the browser, as an inline classic script where `<Scripts>` had its module script: once
 * the first contentful paint is reported (at once on a hidden page, which does not paint, or
 * without paint timing; at the latest after `fallbackMs`), it preloads the `preloads` and adds the
 * module script with this script's nonce, both at low priority (the priority passes on to the
 * script's static imports): the LCP image, if still loading, comes first.
 * Serialized with toString(), so it must not refer to anything outside itself.
 */
export function startAfterFirstPaint(preloads: string[], code: string, fallbackMs: number): void {
  const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? ''
  let started = false
  const start = () => {
    if (started) return
    started = true
    for (const href of preloads) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      link.fetchPriority = 'low'
      document.head.append(link)
    }
    const script = document.createElement('script')
    script.type = 'module'
    script.nonce = nonce
    script.fetchPriority = 'low'
    script.textContent = code
    document.body.append(script)
  }
  try {
    if (document.visibilityState !== 'visible' || !PerformanceObserver.supportedEntryTypes.includes('paint')) return start()
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) start()
    }).observe({ type: 'paint', buffered: true })
    setTimeout(start, fallbackMs)
  } catch {
    start()
  }
}

/** The browser code above as source, serialized once rather than on every rendered page. */
const START_AFTER_FIRST_PAINT = startAfterFirstPaint.toString()

/**
 * The text of the module script that an inline script written by `deferScripts` adds in the
 * browser, undefined for any other script. A cached page's policy lists its hash (docs/decisions/076):
 * an inline script added by a script is allowed by hash or nonce only, whatever 'strict-dynamic' says.
 */
export function scriptAddedBy(script: string): string | undefined {
  const start = `(${START_AFTER_FIRST_PAINT})(`
  if (!script.startsWith(start) || !script.endsWith(')')) return undefined
  try {
    const [, code] = JSON.parse(`[${script.slice(start.length, -1)}]`) as [unknown, unknown]
    return typeof code === 'string' ? code : undefined
  } catch {
    return undefined
  }
}

/** JSON that is safe inside an inline `<script>`: no `</script>` or `<!--` can end or bend it. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c')
}

/** The index up to which `text` can be sent without cutting through a possible `marker`. */
function safeCut(text: string, marker: string): number {
  for (let keep = Math.min(marker.length - 1, text.length); keep > 0; keep--) {
    if (marker.startsWith(text.slice(text.length - keep))) return text.length - keep
  }
  return text.length
}
