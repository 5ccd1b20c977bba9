import { describe, expect, it } from 'vitest'
import { CITY_PAGE_VALUE, SHOWROOM_IMAGE } from '#schemas/lib/page-templates.ts'
import { loadDataset } from './seed.server.ts'

describe('the city page template', () => {
  it('starts its hero with the seed’s showroom photo, by the asset id the import gives it', async () => {
    const { documents } = await loadDataset('content')
    const asset = documents.find((document) => document._id === SHOWROOM_IMAGE.asset._ref)
    expect(asset).toMatchObject({ _type: 'sanity.imageAsset', originalFilename: 'hero-showroom.jpg' })
    expect(CITY_PAGE_VALUE.sections[0]).toMatchObject({ _type: 'heroSection', image: SHOWROOM_IMAGE })
  })
})
