import { firstValueFrom, from } from 'rxjs'
import { createSearch, type SanityClient } from 'sanity'
import { describe, expect, it } from 'vitest'
import { pageSearchWords, searchWords } from './lib/search-words'
import { query, readSeed, type SeedDocument } from './testing/dataset'
import { schema } from './testing/validate'

/*
 * The Studio's document and reference search (Sanity's own `createSearch`, the default „groqLegacy“
 * strategy the Studio runs) over the seed, its GROQ evaluated with groq-js as the fake lake does.
 */
function studioSearch(documents: SeedDocument[]) {
  const client = { observable: { fetch: (groq: string, params: Record<string, unknown>) => from(query(documents, groq, params)) } }
  const search = createSearch([schema.get('page')!], client as unknown as SanityClient, { unique: true })
  return async (text: string) => {
    const result = await firstValueFrom(search(text))
    return result.type === 'weighted' ? result.hits.map((hit) => hit.hit._id) : []
  }
}

const AUFBEREITUNG = { _id: 'page-services-fahrzeugaufbereitung', _type: 'page', title: 'Fahrzeugaufbereitung', path: '/services/fahrzeugaufbereitung' }

describe('German compounds in the Studio’s search', () => {
  it('finds „Fahrzeugaufbereitung“ for „Aufbereitung“, as staff search (issue 36: it found only Großhandel)', async () => {
    const search = studioSearch([...readSeed(), { ...AUFBEREITUNG, searchWords: pageSearchWords(AUFBEREITUNG) }])
    expect(await search('Aufbereitung')).toContain(AUFBEREITUNG._id)
    expect(await search('aufbereit')).toContain(AUFBEREITUNG._id)
    expect(await search('Fahrzeugaufb')).toContain(AUFBEREITUNG._id)
  })

  it('a page without its search words is missed: word starts only, what the hidden field makes up for', async () => {
    const search = studioSearch([...readSeed(), AUFBEREITUNG])
    expect(await search('Aufbereitung')).not.toContain(AUFBEREITUNG._id)
  })

  it('finds the seed’s pages by parts of their compounds: „Ankauf“ the Mercedes page, „Schutz“ the privacy policy', async () => {
    const search = studioSearch(readSeed())
    expect(await search('ankauf')).toEqual(expect.arrayContaining(['page-locations-sonsbeck-mercedes-ankauf', 'page-services-autoankauf']))
    expect(await search('schutz')).toContain('page-datenschutz')
    expect(await search('handel')).toContain('page-locations-uedem-grosshandel')
  })

  it('splits long words into their tails of four letters or more, short words not at all', () => {
    expect(searchWords(['Neue Fahrzeugaufbereitung'])).toContain('aufbereitung')
    expect(searchWords(['Neue Fahrzeugaufbereitung']).split(' ')).not.toContain('neue')
    expect(searchWords(['Großhandel']).split(' ')).toEqual(['roßhandel', 'oßhandel', 'ßhandel', 'handel', 'andel', 'ndel'])
    expect(searchWords([undefined, ''])).toBe('')
  })
})
