import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * What a comment may cite (README, end): a decision record that exists, or an issue of the tracker;
 * never a review report, which lives outside the repository. Read from every source of the app, the
 * schemas and the Studio, so a new comment is held to it at once.
 */

const sources = ['app', 'schemas', 'studio']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file)))
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
  .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n') }))

const REVIEW = /\b(?:visitor|staff|security|copy|crawler|accessibility|tablet|code-health|seo|validators?) review\b/i
const DECISION = /\b(?:decisions?|docs\/decisions\/)\s*((?:\d{3}(?:,\s*|\s+and\s+|\s*\/\s*)?)+)/g

const decisions = new Set(readdirSync(join('docs', 'decisions')).map((name) => name.slice(0, 3)))

const where = (file: string, index: number, line: string) => `${file}:${index + 1} ${line.trim().slice(0, 100)}`

describe('comments cite what a newcomer can open', () => {
  it('reads the sources', () => {
    expect(sources.length).toBeGreaterThan(150)
    expect(existsSync(join('docs', 'decisions', '116-where-the-site-departs-from-the-specs-letter.md'))).toBe(true)
  })

  it('no review report is cited', () => {
    const found = sources.flatMap(({ file, lines }) => lines.flatMap((line, index) => (REVIEW.test(line) ? [where(file, index, line)] : [])))
    expect(found).toEqual([])
  })

  it('every decision cited exists', () => {
    const cited = sources.reduce((sum, { lines }) => sum + lines.reduce((count, line) => count + [...line.matchAll(DECISION)].length, 0), 0)
    expect(cited).toBeGreaterThan(300)
    const found = sources.flatMap(({ file, lines }) =>
      lines.flatMap((line, index) =>
        [...line.matchAll(DECISION)].flatMap((match) =>
          (match[1]!.match(/\d{3}/g) ?? []).filter((number) => !decisions.has(number)).map((number) => `${where(file, index, line)} → ${number}`),
        ),
      ),
    )
    expect(found).toEqual([])
  })

  it('would see either', () => {
    expect(REVIEW.test('a tap (visitor review 2026-11-29, L1)')).toBe(true)
    expect([...'decisions 087, 999 and 016'.matchAll(DECISION)].map((match) => match[1]!.match(/\d{3}/g))).toEqual([['087', '999', '016']])
  })
})
