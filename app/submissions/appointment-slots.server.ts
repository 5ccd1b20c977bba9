import { type ContentLake } from '#app/lake/lake.server.ts'
import { TEST_DRIVE_HOURS_QUERY } from '#app/sanity/queries/inbox.ts'
import { type TEST_DRIVE_HOURS_QUERYResult } from '#app/sanity/types.ts'
import { checkSlot, type SlotCheck } from './appointment-slots.ts'

/**
 * A submitted slot (a test drive's, a seller's Besichtigungstermin) checked against the opening hours
 * in the lake, now: the page may be old, or the post hand-made. Throws when the hours cannot be read.
 */
export async function checkedSlot(context: { lake: ContentLake }, value: string): Promise<SlotCheck> {
  const hours = await context.lake.fetch<TEST_DRIVE_HOURS_QUERYResult>(TEST_DRIVE_HOURS_QUERY, {})
  return checkSlot(value, hours?.specs ?? [], new Date(), hours?.specialOpeningHours)
}
