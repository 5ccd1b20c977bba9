import { describe, expect, it } from 'vitest'
import { leadPhotoAssetIds } from './lead-photos'

describe('leadPhotoAssetIds (the Studio deletes a lead with its photos)', () => {
  it('names each image asset of the lead’s photos once, nothing else', () => {
    const asset = (ref: string) => ({ _type: 'leadPhoto', image: { _type: 'image', asset: { _type: 'reference', _ref: ref } } })
    expect(
      leadPhotoAssetIds({
        photos: [asset('image-aaa-800x600-jpg'), asset('image-bbb-640x480-jpg'), asset('image-aaa-800x600-jpg'), { file: 'x.jpg' }, asset('vehicle-1'), null],
      }),
    ).toEqual(['image-aaa-800x600-jpg', 'image-bbb-640x480-jpg'])
    expect(leadPhotoAssetIds({})).toEqual([])
    expect(leadPhotoAssetIds(null)).toEqual([])
  })
})
