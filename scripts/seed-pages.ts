import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { bindLineBreaks } from '#app/utils/typography.ts'
import { FIGURE_TYPE } from '#schemas/lib/figures.ts'
import { linkFromTarget } from '#schemas/lib/links.ts'
import { pageSearchWords } from '#schemas/lib/search-words.ts'

/*
 * Page documents are written by hand as readable JSON, one file per page in content/pages/, and
 * compiled into the seed dataset (content/production.ndjson), which stays the one file the site
 * and `sanity dataset import` read. The compiler only adds what is tedious to write by hand:
 *   - `_key` on every object in an array (stable: derived from the content and position),
 *   - Portable Text from a small Markdown subset: `{"_markdown": "…"}` becomes blocks
 *     (paragraphs, `### `/`#### ` headings, `- ` and `1. ` lists, `**bold**`, `*italic*`, `[text](/link)`),
 *     and a company figure `{freeDeliveryKm}` becomes the inline „Kennzahl“ object (docs/decisions/027);
 *     plain strings keep the placeholder, which the site resolves when it renders;
 *   - links from text: a button's `"target"`, a menu entry's, tile's or text link's `"href"` (`/contact`,
 *     `#contact`, `tel:…`) becomes the structured link the Studio edits, a page path a reference to that
 *     page (docs/decisions/053). A path that is no page and no site route stops the compiler.
 * `npm run seed:pages` rewrites the page lines of the dataset; a unit test fails when they are stale.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

const HERE = path.dirname(fileURLToPath(import.meta.url))
export const PAGES_DIR = path.resolve(HERE, '../content/pages')
export const DATASET_FILE = path.resolve(HERE, '../content/production.ndjson')

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function shortHash(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('hex').slice(0, 10)
}

type Span = { text: string; marks: string[] } | { figure: string }

/** Inline Markdown (`**bold**`, `*italic*`, `[text](href)`, `{figure}`) to spans, figures and link mark definitions. */
function inlineToSpans(text: string, blockKey: string): { children: JsonObject[]; markDefs: JsonObject[] } {
  const markDefs: JsonObject[] = []
  const spans: Span[] = []
  const pattern = /\*\*(.+?)\*\*|\*(.+?)\*|\[(.+?)\]\((\S+?)\)|\{(\w+)\}/g
  let last = 0
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0
    if (index > last) spans.push({ text: text.slice(last, index), marks: [] })
    if (match[1] !== undefined) spans.push({ text: match[1], marks: ['strong'] })
    else if (match[2] !== undefined) spans.push({ text: match[2], marks: ['em'] })
    else if (match[3] !== undefined && match[4] !== undefined) {
      const key = `${blockKey}-l${markDefs.length}`
      markDefs.push({ _key: key, _type: 'link', href: match[4] })
      spans.push({ text: match[3], marks: [key] })
    } else if (match[5] !== undefined) spans.push({ figure: match[5] })
    last = index + match[0].length
  }
  if (last < text.length || spans.length === 0) spans.push({ text: text.slice(last), marks: [] })
  return {
    children: spans.map((span, index): JsonObject =>
      'figure' in span
        ? { _key: `${blockKey}-s${index}`, _type: FIGURE_TYPE, key: span.figure }
        : { _key: `${blockKey}-s${index}`, _type: 'span', text: span.text, marks: span.marks },
    ),
    markDefs,
  }
}

/** A small Markdown subset to Portable Text blocks (see the file comment). */
export function markdownToPortableText(markdown: string): JsonObject[] {
  const blocks: JsonObject[] = []
  const paragraphs = markdown.replace(/\r\n/g, '\n').split(/\n{2,}/)
  for (const paragraph of paragraphs) {
    const lines = paragraph
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
    if (lines.length === 0) continue
    const isList = lines.every((line) => /^(- |\d+\. )/.test(line))
    const units = isList ? lines : [lines.join(' ')]
    for (const unit of units) {
      const key = `b${shortHash([blocks.length, unit]).slice(0, 8)}`
      let style = 'normal'
      let text = unit
      let listItem: string | undefined
      const heading = /^(#{3,4}) (.*)$/.exec(unit)
      if (heading?.[1] && heading[2] !== undefined) {
        style = heading[1].length === 3 ? 'h3' : 'h4'
        text = heading[2]
      } else if (unit.startsWith('- ')) {
        listItem = 'bullet'
        text = unit.slice(2)
      } else if (/^\d+\. /.test(unit)) {
        listItem = 'number'
        text = unit.replace(/^\d+\. /, '')
      }
      const { children, markDefs } = inlineToSpans(text, key)
      blocks.push({ _key: key, _type: 'block', style, ...(listItem ? { listItem, level: 1 } : {}), markDefs, children })
    }
  }
  return blocks
}

/**
 * Expands `_markdown` values, adds stable `_key`s to objects in arrays, and binds numbers to their
 * units and leading hyphens to their words (`bindLineBreaks`) in every text, so the copy never
 * breaks as `2,90` / `%` or `und -` / `verkauf` on a phone.
 */
export function compileValue(value: Json, at = ''): Json {
  if (typeof value === 'string') return bindLineBreaks(value)
  if (Array.isArray(value)) {
    return value.map((item, index) => {
      const compiled = compileValue(item, `${at}.${index}`)
      if (isObject(compiled) && typeof compiled._key !== 'string' && compiled._type !== 'block') {
        return { _key: `k${shortHash([at, index, compiled])}`, ...compiled }
      }
      return compiled
    })
  }
  if (!isObject(value)) return value
  if (typeof value._markdown === 'string') return markdownToPortableText(bindLineBreaks(value._markdown))
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, compileValue(child, `${at}.${key}`)]))
}

/** Object types whose text target (`target` or `href`) becomes a structured link. */
const LINK_OBJECT_TYPES = new Set(['link', 'navLink', 'area'])

/**
 * Replaces every text link target below `value` by the structured link (linkFromTarget), in place of
 * the text field; objects already structured are left as they are, so the pass can run again.
 */
export function structureLinks(value: Json, pageIds: ReadonlyMap<string, string>): Json {
  if (Array.isArray(value)) return value.map((item) => structureLinks(item, pageIds))
  if (!isObject(value)) return value
  const isLink = typeof value._type === 'string' && LINK_OBJECT_TYPES.has(value._type)
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, child]): Array<[string, Json]> => {
      if (isLink && (key === 'target' || key === 'href') && typeof child === 'string') {
        return Object.entries(linkFromTarget(child, pageIds)) as Array<[string, Json]>
      }
      return [[key, structureLinks(child, pageIds)]]
    }),
  )
}

/** Page ids by path, the home page at `/`: what a link's path may point to. */
export function pageIdsOf(pages: ReadonlyArray<JsonObject>): Map<string, string> {
  return new Map([['/', 'homePage'], ...pages.map((page): [string, string] => [String(page.path), String(page._id)])])
}

/** The page documents compiled from content/pages/*.json, sorted by file name. */
export function compilePages(dir = PAGES_DIR): JsonObject[] {
  const pages = readPages(dir)
  const pageIds = pageIdsOf(pages)
  // The Studio's search words for German compounds (schemas/lib/search-words.ts), as the Studio keeps them.
  return pages.map((page) => ({ ...(structureLinks(page, pageIds) as JsonObject), searchWords: pageSearchWords(page) }))
}

function readPages(dir: string): JsonObject[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const source: unknown = JSON.parse(readFileSync(path.join(dir, file), 'utf8'))
      if (!isObject(source as Json) || (source as JsonObject)._type !== 'page' || typeof (source as JsonObject)._id !== 'string') {
        throw new Error(`${file}: expected a page document with _id and _type "page"`)
      }
      return compileValue(source as Json) as JsonObject
    })
}

/**
 * Documents written in the dataset itself whose texts are page copy like content/pages: the home page.
 * They are compiled the same way (compileValue: numbers bound to their units, copy review 2026-11-29 L1).
 */
const COMPILED_DOCUMENT_TYPES = new Set(['homePage'])

/**
 * The dataset's lines with every page replaced by the compiled pages (appended after the other
 * documents), the home page compiled in place, and the other documents' text links structured (the
 * home page's and the settings').
 */
export function datasetWithPages(datasetText: string, pages: JsonObject[]): string {
  const pageIds = pageIdsOf(pages)
  const others = datasetText
    .split('\n')
    .filter((line) => line.trim() !== '' && (JSON.parse(line) as JsonObject)._type !== 'page')
    .map((line) => {
      const document = JSON.parse(line) as JsonObject
      return JSON.stringify(structureLinks(COMPILED_DOCUMENT_TYPES.has(String(document._type)) ? compileValue(document) : document, pageIds))
    })
  return [...others, ...pages.map((doc) => JSON.stringify(doc))].join('\n') + '\n'
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pages = compilePages()
  writeFileSync(DATASET_FILE, datasetWithPages(readFileSync(DATASET_FILE, 'utf8'), pages))
  console.log(`content/production.ndjson: ${pages.length} pages compiled from content/pages/`)
}
