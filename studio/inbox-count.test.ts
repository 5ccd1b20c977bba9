import { evaluate, parse } from 'groq-js'
import { describe, expect, it } from 'vitest'
import { countBadge, countDescription, countDocuments, INBOX_TYPES, NEW_INBOX_IDS_QUERY, publishedIdOf } from './inbox-count'

/** The count's query over a dataset as Sanity stores it (raw: drafts beside their published documents). */
async function newCount(dataset: Record<string, unknown>[]) {
  const ids: unknown = await (await evaluate(parse(NEW_INBOX_IDS_QUERY), { dataset, params: { types: INBOX_TYPES } })).get()
  return countDocuments(ids)
}

const lead = (id: string, status?: string) => ({ _id: id, _type: 'lead', kind: 'vehicle-enquiry', ...(status ? { status } : {}) })

describe('the Posteingang’s count of new leads and messages', () => {
  it('counts leads and contact messages that are new or have no status yet, and nothing else', async () => {
    expect(
      await newCount([
        lead('inbox.lead-1', 'neu'),
        lead('inbox.lead-2'),
        lead('inbox.lead-3', 'in Bearbeitung'),
        lead('inbox.lead-4', 'erledigt'),
        { _id: 'inbox.contact-1', _type: 'contactMessage', status: 'neu' },
        // Other types with a status of their own are not the inbox.
        { _id: 'vehicle-1', _type: 'vehicle', status: 'available' },
        { _id: 'page-neu', _type: 'page', status: 'neu' },
      ]),
    ).toBe(3)
  })

  it('counts a lead with a draft once', async () => {
    expect(await newCount([lead('inbox.lead-1', 'neu'), lead('drafts.inbox.lead-1', 'neu'), lead('versions.r1.inbox.lead-1', 'neu')])).toBe(1)
  })

  it('loses a lead once it is „Erledigt“', async () => {
    const dataset = [lead('inbox.lead-1', 'neu'), lead('inbox.lead-2', 'neu')]
    expect(await newCount(dataset)).toBe(2)
    dataset[0]!.status = 'erledigt'
    expect(await newCount(dataset)).toBe(1)
  })

  it('names the document behind a draft or a release version, ids with dots included', () => {
    expect(publishedIdOf('inbox.lead-7f3a')).toBe('inbox.lead-7f3a')
    expect(publishedIdOf('drafts.inbox.lead-7f3a')).toBe('inbox.lead-7f3a')
    expect(publishedIdOf('versions.rSummer.inbox.lead-7f3a')).toBe('inbox.lead-7f3a')
  })

  it('gives no number for an answer that is not a list of ids', () => {
    expect(countDocuments(null)).toBeUndefined()
    expect(countDocuments(3)).toBeUndefined()
    expect(countDocuments([{ _id: 'inbox.lead-1' }])).toBeUndefined()
    expect(countDocuments([])).toBe(0)
  })

  it('fits beside the entry and reads as German', () => {
    expect(countBadge(7)).toBe('7')
    expect(countBadge(99)).toBe('99')
    expect(countBadge(100)).toBe('99+')
    expect(countDescription(1)).toBe('1 neuer Eingang')
    expect(countDescription(0)).toBe('0 neue Eingänge')
    expect(countDescription(3)).toBe('3 neue Eingänge')
  })
})
