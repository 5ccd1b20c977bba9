import { evaluate, parse } from 'groq-js'
import { describe, expect, test } from 'vitest'
import { documentsRead } from '#app/sanity/types-read.server.ts'

const read = (query: string, params: Record<string, unknown> = {}) => {
  const types = documentsRead(parse(query), params).types
  return types && [...types].sort()
}

describe('documentsRead: the document types a query can read', () => {
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
    ['*[_type in $types]', ['page', 'review'], { types: ['page', 'review'] }],
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
    ['*[_type in $types]', { types: ['page', 3] }],
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
    const types = documentsRead(tree, {}).types!
    expect(types).toBeDefined()
    const all = await (await evaluate(tree, { dataset })).get()
    const narrowed = await (await evaluate(tree, { dataset: dataset.filter((doc) => types.has(doc._type)) })).get()
    expect(narrowed).toEqual(all)
    expect(JSON.stringify(all)).not.toBe('null')
  })
})

describe('documentsRead: the document ids a query can read (issue 37: a car’s price history, the watcher’s changed cars)', () => {
  const ids = (query: string, params: Record<string, unknown> = {}) => {
    const read = documentsRead(parse(query), params).ids
    return read && [...read].sort()
  }

  test.each<[string, string[], Record<string, unknown>?]>([
    ['*[_id == "siteSettings"][0]', ['siteSettings']],
    ['*[_type == "priceHistory" && _id == $id][0]{complete}', ['priceHistory.v1'], { id: 'priceHistory.v1' }],
    ['*[_type == "vehicle" && status != "sold" && _id in $ids]{_id, price}', ['v1', 'v2'], { ids: ['v2', 'v1'] }],
    ['*[_id in ["a", $b]]', ['a', 'b'], { b: 'b' }],
    ['*[_id == "a" || _id == "b"]', ['a', 'b']],
    ['{"a": *[_id == "a"][0], "b": *[_id in $ids]}', ['a', 'b'], { ids: ['b'] }],
  ])('%s reads %j', (query, expected, params: Record<string, unknown> = {}) => {
    expect(ids(query, params)).toEqual(expected)
  })

  test.each<[string, Record<string, unknown>?]>([
    ['*[_type == "vehicle"]'],
    ['*[_id == "a" || _type == "b"]'],
    ['*[!(_id in ["a"])]'],
    ['*[_id in $ids]', { ids: 'a' }],
    ['*[_id in $ids]', { ids: ['a', 1] }],
    ['*[_id in [$id, "drafts." + $id]]', { id: 'a' }],
    ['*[_id == $id]{"others": *[_type == "page"]}', { id: 'a' }],
    ['*[_type == "page"]{"car": *[_id == ^.car._ref][0]}'],
  ])('%s may read any id', (query, params: Record<string, unknown> = {}) => {
    expect(ids(query, params)).toBeUndefined()
  })

  const dataset = [
    { _id: 'v1', _type: 'vehicle', price: 100, status: 'available' },
    { _id: 'priceHistory.v1', _type: 'priceHistory', entries: [{ price: 120 }, { price: 100 }] },
    { _id: 'v2', _type: 'vehicle', price: 200, status: 'sold' },
    { _id: 'v3', _type: 'vehicle', price: 300, status: 'available' },
  ]
  test.each<[string, Record<string, unknown>]>([
    ['*[_type == "vehicle" && status != "sold" && _id in $ids]{_id, price}', { ids: ['v3', 'v2', 'v1', 'missing'] }],
    ['*[_type == "priceHistory" && _id == $id][0]{"last": entries[-1].price}', { id: 'priceHistory.v1' }],
    ['{"car": *[_id == $id][0].price, "history": count(*[_id == "priceHistory.v1"])}', { id: 'v3' }],
  ])('%s: the same result over the documents with those ids, in the dataset order', async (query, params) => {
    const tree = parse(query)
    const read = documentsRead(tree, params).ids
    expect(read).toBeDefined()
    const all = await (await evaluate(tree, { dataset, params })).get()
    const narrowed = await (await evaluate(tree, { dataset: dataset.filter((doc) => read!.has(doc._id)), params })).get()
    expect(narrowed).toEqual(all)
    expect(JSON.stringify(all)).not.toBe('null')
  })
})
