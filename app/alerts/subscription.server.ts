/*
 * What the alert links do (issue 38 item 2; docs/decisions/080): confirm an alert (the double
 * opt-in's second step: `alert.status` active, `alert.confirmedAt` the proof's second time) and end
 * it (unsubscribe: `alert.status` ended). Both are patches of the lead only; the page and the RFC 8058
 * endpoint call them. A confirmation past the cap of active alerts per address is refused.
 */
import { type ContentLake, isConflict, patchDocument } from '#app/lake/lake.server.ts'
import { ACTIVE_ALERTS_OF_ADDRESS_QUERY, ALERT_LEAD_QUERY } from '#app/sanity/queries/alerts.ts'
import { type ALERT_LEAD_QUERYResult } from '#app/sanity/types.ts'
import { ACTIVE_ALERTS_PER_ADDRESS } from './consent.ts'
import { alertSecret, verifyToken } from './tokens.server.ts'

/** `busy`: the lead was written by others three times while this confirmation tried (the link is fine; it may be opened again). */
export type ConfirmOutcome = 'confirmed' | 'already-confirmed' | 'ended' | 'capped' | 'expired' | 'invalid' | 'busy'
export type UnsubscribeOutcome = 'unsubscribed' | 'already-ended' | 'invalid'

type AlertLead = NonNullable<ALERT_LEAD_QUERYResult>

async function readLead(lake: ContentLake, id: string): Promise<AlertLead | undefined> {
  return (await lake.fetch<ALERT_LEAD_QUERYResult>(ALERT_LEAD_QUERY, { id }, { includePrivate: true })) ?? undefined
}

/** Whether a token is a valid confirmation link now (the page shows its button only then). */
export async function checkConfirmToken(
  lake: ContentLake,
  token: unknown,
  now: Date,
): Promise<{ ok: true; lead: AlertLead } | { ok: false; outcome: ConfirmOutcome }> {
  const check = verifyToken(await alertSecret(lake), 'confirm', token, now)
  if (!check.ok) return { ok: false, outcome: check.reason }
  const lead = await readLead(lake, check.id)
  if (!lead?.alert) return { ok: false, outcome: 'invalid' }
  return { ok: true, lead }
}

/** Confirms the alert of a valid confirmation token at `now`. */
export async function confirmAlert(lake: ContentLake, token: unknown, now: Date): Promise<ConfirmOutcome> {
  for (let tries = 0; tries < 3; tries++) {
    const checked = await checkConfirmToken(lake, token, now)
    if (!checked.ok) return checked.outcome
    const { lead } = checked
    if (lead.alert?.status === 'active') return 'already-confirmed'
    if (lead.alert?.status === 'ended') return 'ended'
    const email = typeof lead.email === 'string' ? lead.email.trim().toLowerCase() : ''
    const active = await lake.fetch<number>(ACTIVE_ALERTS_OF_ADDRESS_QUERY, { id: lead._id, to: email }, { includePrivate: true })
    if (active >= ACTIVE_ALERTS_PER_ADDRESS) return 'capped'
    try {
      // Only on the revision read: a confirmation racing an unsubscribe never revives an ended alert.
      await patchDocument(lake, lead._id, { ifRevisionID: lead._rev, set: { 'alert.status': 'active', 'alert.confirmedAt': now.toISOString() } })
      return 'confirmed'
    } catch (error) {
      if (!isConflict(error)) throw error
    }
  }
  return 'busy'
}

/** Ends the alert of a valid unsubscribe token (idempotent: a second click, or the mail client's POST after the page's, changes nothing). */
export async function unsubscribeAlert(lake: ContentLake, token: unknown, now: Date): Promise<UnsubscribeOutcome> {
  const check = verifyToken(await alertSecret(lake), 'unsubscribe', token, now)
  if (!check.ok) return 'invalid'
  const lead = await readLead(lake, check.id)
  if (!lead?.alert) return 'invalid'
  if (lead.alert.status === 'ended') return 'already-ended'
  await patchDocument(lake, lead._id, { set: { 'alert.status': 'ended', 'alert.endedAt': now.toISOString() } })
  return 'unsubscribed'
}
