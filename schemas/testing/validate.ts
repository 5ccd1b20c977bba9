import { createSchema, type SanityClient, type SanityDocument, validateDocument, type ValidationMarker } from 'sanity'
import { schemaTypes } from '../index'
import { query, type SeedDocument } from './dataset'

/** The compiled schema, as the Studio builds it from `schemaTypes`. */
export const schema = createSchema({ name: 'default', types: schemaTypes })

/*
 * Environments differ in one way: outside the Studio ('cli'), Sanity also flags fields the schema
 * does not know, and in doing so reports the rules of object types (e.g. "closing after opening")
 * as warnings. The Studio ('studio') reports them as errors but ignores unknown fields.
 *
 * Sanity's own document validation (the same function the Studio and `sanity documents validate`
 * run), without network: custom rules that query the lake get a client that evaluates GROQ with
 * groq-js over `dataset`, and reference checks look into `dataset` too.
 */
export async function validate(
  document: SeedDocument,
  dataset: SeedDocument[],
  { environment = 'cli' }: { environment?: 'cli' | 'studio' } = {},
): Promise<ValidationMarker[]> {
  const ids = new Set(dataset.map((doc) => doc._id))
  const client = {
    fetch: (groq: string, params?: Record<string, unknown>) => query(dataset, groq, params ?? {}),
  }
  return validateDocument({
    document: document as SanityDocument,
    workspace: { schema, getClient: () => client as unknown as SanityClient } as unknown as Parameters<typeof validateDocument>[0]['workspace'],
    getDocumentExists: async ({ id }) => ids.has(id),
    environment,
  })
}

/** Path of a marker as text: `heroSlides[premium].buttons[inventar].target`. */
export function markerPath(marker: ValidationMarker): string {
  return marker.path
    .map((segment) =>
      typeof segment === 'string'
        ? `.${segment}`
        : typeof segment === 'number'
          ? `[${segment}]`
          : `[${'_key' in segment ? segment._key : JSON.stringify(segment)}]`,
    )
    .join('')
    .replace(/^\./, '')
}

/** "path: message" lines, readable in a failing assertion. */
export function describeMarkers(markers: ValidationMarker[]): string[] {
  return markers.map(
    (marker) =>
      `${marker.level} ${marker.path.map((segment) => (typeof segment === 'object' ? JSON.stringify(segment) : String(segment))).join('.')}: ${marker.message}`,
  )
}

/**
 * Sanity's validator schedules work with `window.requestIdleCallback` and, without a window,
 * falls back to a shim that still calls `window.setTimeout`. Node has neither; give it the timers.
 */
export function provideIdleCallbackWindow(): { restore: () => void } {
  const scope = globalThis as { window?: unknown }
  const previous = scope.window
  scope.window = { setTimeout, clearTimeout }
  return {
    restore: () => {
      scope.window = previous
    },
  }
}
