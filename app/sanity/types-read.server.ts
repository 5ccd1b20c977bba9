import { type ExprNode } from 'groq-js'
import { type QueryParams } from '#app/lake/lake.server.ts'

/**
 * The document types a GROQ query can read, when every `*` in it is filtered by `_type`
 * (`_type == "x"`, `_type in ["x", $y]`, in a conjunct of the filter), else undefined (a `*` may
 * read any type). The embedded lake then hands groq-js only the documents of those types: the
 * result is the same, since the filter drops every other document anyway, but the site settings
 * or a page no longer mean a scan of 5,000 vehicles (issue 28 item 2). `->` does not read the
 * dataset (the lake dereferences by id), so it needs no type here.
 */
export function typesRead(tree: ExprNode, params: QueryParams): ReadonlySet<string> | undefined {
  const types = new Set<string>()
  return collect(tree, params, types) ? types : undefined
}

/** Adds the types the `*`s under `node` read; false when one of them is not narrowed by type. */
function collect(node: unknown, params: QueryParams, types: Set<string>): boolean {
  if (Array.isArray(node)) return node.every((child) => collect(child, params, types))
  if (typeof node !== 'object' || node === null) return true
  const expr = node as ExprNode
  if (expr.type === 'Everything') return false
  if (expr.type === 'Filter' && expr.base.type === 'Everything') {
    const filtered = typeCondition(expr.expr, params)
    if (!filtered) return false
    for (const type of filtered) types.add(type)
    // A `*` inside the condition (a count of other documents, say) reads as well.
    return collect(expr.expr, params, types)
  }
  return Object.values(expr).every((child) => collect(child, params, types))
}

/** The types a filter condition admits, or undefined when it admits any type. */
function typeCondition(expr: ExprNode, params: QueryParams): ReadonlySet<string> | undefined {
  switch (expr.type) {
    case 'Group':
      return typeCondition(expr.base, params)
    case 'And':
      // Either side's types bound the whole: the other side only drops more documents.
      return typeCondition(expr.left, params) ?? typeCondition(expr.right, params)
    case 'Or': {
      const left = typeCondition(expr.left, params)
      const right = left && typeCondition(expr.right, params)
      return left && right ? new Set([...left, ...right]) : undefined
    }
    case 'OpCall': {
      if (expr.op === '==') {
        const value = isTypeAttribute(expr.left) ? stringValue(expr.right, params) : isTypeAttribute(expr.right) ? stringValue(expr.left, params) : undefined
        return value === undefined ? undefined : new Set([value])
      }
      if (expr.op === 'in' && isTypeAttribute(expr.left) && expr.right.type === 'Array') {
        const values = expr.right.elements.map((element) => (element.isSplat ? undefined : stringValue(element.value, params)))
        return values.every((value) => value !== undefined) ? new Set(values as string[]) : undefined
      }
      return undefined
    }
    default:
      return undefined
  }
}

/** `_type` of the document being filtered (not of another one: `@._type`, not `^._type`). */
function isTypeAttribute(expr: ExprNode): boolean {
  return expr.type === 'AccessAttribute' && expr.name === '_type' && (expr.base === undefined || expr.base.type === 'This')
}

function stringValue(expr: ExprNode, params: QueryParams): string | undefined {
  if (expr.type === 'Value' && typeof expr.value === 'string') return expr.value
  if (expr.type === 'Parameter' && typeof params[expr.name] === 'string') return params[expr.name] as string
  return undefined
}
