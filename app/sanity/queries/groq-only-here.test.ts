import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/*
 * Every GROQ query of the site lives in app/sanity/queries/ (issue 39, docs/decisions/089): one
 * place to read what the site asks the lake, and typegen types them there. Read from the sources'
 * string literals (comments may quote GROQ), so a query written elsewhere fails here.
 */

const HERE = join('app', 'sanity', 'queries')
const GENERATED = join('app', 'sanity', 'types.ts')

const sources = readdirSync('app', { recursive: true, encoding: 'utf8' })
  .map((file) => join('app', file))
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith(HERE) && file !== GENERATED)

/** The string literals (template parts included) of a source that hold a GROQ filter `*[`, with their lines. */
function groqLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      if (node.text.includes('*[')) found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.text.trim().slice(0, 60)}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('GROQ only in app/sanity/queries/', () => {
  it('finds the sources', () => {
    expect(sources.length).toBeGreaterThan(100)
  })

  it('no source outside it holds a query', () => {
    expect(sources.flatMap(groqLiterals)).toEqual([])
  })

  it('would see one that did', () => {
    expect(groqLiterals(join(HERE, 'inbox.ts')).length).toBeGreaterThan(3)
  })
})
