import { evaluate, parse } from 'groq-js'
import { describe, expect, test } from 'vitest'
import { typesRead } from '#app/sanity/types-read.server.ts'

const read = (query: string, params: Record<string, unknown> = {}) => {
  const types = typesRead(parse(query), params)
  return types && [...types].sort()
}

describe('typesRead: the document types a query can read', () => {
  test.each<[string, string[], Record<string, unknown>?]>([
    ['*[_type == "siteSettings"][0]', ['siteSettings']],
    ['*["siteSettings" == _type][0]', ['siteSettings']],
    ['*[@._type == "page" && path == $path][0]', ['page']],
    ['*[path == $path && _type == "page"][0]', ['page']],
    ['*[(_type == "page")]', ['page']],
    ['*[_type in ["page", "vehicle"]]', ['page', 'vehicle']],
    ['*[_type == $type]', ['review'], { type: 'review' }],
    ['*[_type == "page" || _type == "review"]', ['page', 'review']],
    ['{"s": *[_type == "siteSettings"][0], "n": count(*[_type == "review"])}', ['review', 'siteSettings']],
    // A `*` in the projection of another: both read.
    ['*[_type == "page"]{title, "reviews": *[_type == "review" && references(^._id)]}', ['page', 'review']],
    // A `*` in the filter's condition reads as well.
    ['*[_type == "page" && count(*[_type == "review"]) > 0]', ['page', 'review']],
  ])('%s reads %j', (query, types, params: Record<string, unknown> = {}) => {
    expect(read(query, params)).toEqual(types)
  })

  test.each<[string, Record<string, unknown>?]>([
    ['*'],
    ['*[0]'],
    ['*[_id == "siteSettings"][0]'],
    ['*[_type == "page" || path == "/"]'],
    ['*[!(_type == "page")]'],
    ['*[_type != "page"]'],
    ['*[_type match "pa*"]'],
    // The parent's type says nothing of the document filtered.
    ['*[_type == "page"]{"others": *[^._type == "page"]}'],
    ['*[_type == $type]', { type: 42 }],
    ['*[_type == $missing]'],
    ['*[_type in [...$types]]', { types: ['page'] }],
    ['{"s": *[_type == "siteSettings"][0], "all": count(*)}'],
  ])('%s may read any type', (query, params: Record<string, unknown> = {}) => {
    expect(read(query, params)).toBeUndefined()
  })

  // The point of it: over only the documents of those types, every query gives what it gives over all of them.
  const dataset = [
    { _id: 'a', _type: 'page', title: 'A', path: '/' },
    { _id: 'r1', _type: 'review', page: { _ref: 'a' }, stars: 5 },
    { _id: 'v1', _type: 'vehicle', make: 'BMW' },
    { _id: 'b', _type: 'page', title: 'B', path: '/b' },
    { _id: 'r2', _type: 'review', page: { _ref: 'b' }, stars: 4 },
    { _id: 's', _type: 'siteSettings', name: 'Ruhrstern' },
  ]
  test.each([
    '*[_type == "page"]{title, "stars": *[_type == "review" && page._ref == ^._id].stars}',
    '*[_type in ["review", "page"]]._id',
    '{"s": *[_type == "siteSettings"][0].name, "n": count(*[_type == "review"]), "avg": math::avg(*[_type == "review"].stars)}',
    '*[_type == "page" && count(*[_type == "review" && page._ref == ^._id]) > 0].title',
  ])('%s: the same result over the narrowed documents', async (query) => {
    const tree = parse(query)
    const types = typesRead(tree, {})!
    expect(types).toBeDefined()
    const all = await (await evaluate(tree, { dataset })).get()
    const narrowed = await (await evaluate(tree, { dataset: dataset.filter((doc) => types.has(doc._type)) })).get()
    expect(narrowed).toEqual(all)
    expect(JSON.stringify(all)).not.toBe('null')
  })
})
