import { type ExprNode } from 'groq-js'
import { type QueryParams } from '#app/lake/lake.server.ts'

/**
 * What a GROQ query can read, so that the embedded lake hands groq-js only those documents: the
 * result is the same, since the filters drop every other document anyway, but the site settings or
 * a page no longer mean a scan of 5,000 vehicles (issue 28 item 2), nor a car's price history or the
 * alerts' watcher's few changed cars (issue 37: a lookup by id).
 * - `types`: when every `*` in the query is filtered by `_type` (`_type == "x"`, `_type in ["x", $y]`,
 *   `_type in $types`, in a conjunct of the filter); absent when a `*` may read any type.
 * - `ids`: likewise when every `*` is filtered by `_id` (`_id == $id`, `_id in $ids`).
 * `->` does not read the dataset (the lake dereferences by id), so it needs neither.
 */
export interface DocumentsRead {
  types?: ReadonlySet<string>
  ids?: ReadonlySet<string>
}

export function documentsRead(tree: ExprNode, params: QueryParams): DocumentsRead {
  const found: Found = { types: new Set(), ids: new Set() }
  collect(tree, params, found)
  return { ...(found.types && { types: found.types }), ...(found.ids && { ids: found.ids }) }
}

/** What the `*`s seen so far read, per attribute; undefined once one of them is not narrowed by it. */
interface Found {
  types: Set<string> | undefined
  ids: Set<string> | undefined
}

/** Adds what the `*`s under `node` read. */
function collect(node: unknown, params: QueryParams, found: Found): void {
  if (!found.types && !found.ids) return
  if (Array.isArray(node)) {
    for (const child of node) collect(child, params, found)
    return
  }
  if (typeof node !== 'object' || node === null) return
  const expr = node as ExprNode
  if (expr.type === 'Everything') {
    found.types = found.ids = undefined
    return
  }
  if (expr.type === 'Filter' && expr.base.type === 'Everything') {
    found.types = union(found.types, condition(expr.expr, params, '_type'))
    found.ids = union(found.ids, condition(expr.expr, params, '_id'))
    // A `*` inside the condition (a count of other documents, say) reads as well.
    collect(expr.expr, params, found)
    return
  }
  for (const child of Object.values(expr)) collect(child, params, found)
}

function union(set: Set<string> | undefined, values: ReadonlySet<string> | undefined): Set<string> | undefined {
  if (!set || !values) return undefined
  for (const value of values) set.add(value)
  return set
}

/** The values of `attribute` (`_type`, `_id`) a filter condition admits, or undefined when it admits any. */
function condition(expr: ExprNode, params: QueryParams, attribute: string): ReadonlySet<string> | undefined {
  switch (expr.type) {
    case 'Group':
      return condition(expr.base, params, attribute)
    case 'And':
      // Either side bounds the whole: the other side only drops more documents.
      return condition(expr.left, params, attribute) ?? condition(expr.right, params, attribute)
    case 'Or': {
      const left = condition(expr.left, params, attribute)
      const right = left && condition(expr.right, params, attribute)
      return left && right ? new Set([...left, ...right]) : undefined
    }
    case 'OpCall': {
      if (expr.op === '==') {
        const value = isAttribute(expr.left, attribute)
          ? stringValue(expr.right, params)
          : isAttribute(expr.right, attribute)
            ? stringValue(expr.left, params)
            : undefined
        return value === undefined ? undefined : new Set([value])
      }
      if (expr.op === 'in' && isAttribute(expr.left, attribute)) {
        if (expr.right.type === 'Array') {
          const values = expr.right.elements.map((element) => (element.isSplat ? undefined : stringValue(element.value, params)))
          return values.every((value) => value !== undefined) ? new Set(values as string[]) : undefined
        }
        if (expr.right.type === 'Parameter') {
          const values = params[expr.right.name]
          return Array.isArray(values) && values.every((value) => typeof value === 'string') ? new Set(values as string[]) : undefined
        }
      }
      return undefined
    }
    default:
      return undefined
  }
}

/** The attribute of the document being filtered (not of another one: `@._type`, not `^._type`). */
function isAttribute(expr: ExprNode, name: string): boolean {
  return expr.type === 'AccessAttribute' && expr.name === name && (expr.base === undefined || expr.base.type === 'This')
}

function stringValue(expr: ExprNode, params: QueryParams): string | undefined {
  if (expr.type === 'Value' && typeof expr.value === 'string') return expr.value
  if (expr.type === 'Parameter' && typeof params[expr.name] === 'string') return params[expr.name] as string
  return undefined
}
