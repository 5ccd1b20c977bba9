import { describe, expect, it } from 'vitest'
import { imageSrcSet, imageUrl } from '#app/sanity/image.ts'

const MEDIA = '/media/0123456789abcdef0123456789abcdef01234567-1200x800.jpg'
const CDN = 'https://cdn.sanity.io/images/p1/production/0123456789abcdef0123456789abcdef01234567-1200x800.jpg'

describe('imageUrl', () => {
  it('adds the image-CDN parameters to relative /media URLs and keeps them relative', () => {
    expect(imageUrl(MEDIA, { width: 640 })).toBe(`${MEDIA}?w=640&q=75&auto=format&fit=max`)
  })

  it('works for cdn.sanity.io URLs, replacing parameters already present', () => {
    expect(imageUrl(`${CDN}?w=100&dl=`, { width: 959.6, quality: 60 })).toBe(`${CDN}?w=960&dl=&q=60&auto=format&fit=max`)
  })

  it('keeps protocol-relative URLs protocol-relative', () => {
    expect(imageUrl('//cdn.sanity.io/x.jpg', { width: 320 })).toBe('//cdn.sanity.io/x.jpg?w=320&q=75&auto=format&fit=max')
  })
})

describe('imageSrcSet', () => {
  it('lists one candidate per width, smallest first', () => {
    expect(imageSrcSet(MEDIA, [640, 320])).toBe(`${MEDIA}?w=320&q=75&auto=format&fit=max 320w, ${MEDIA}?w=640&q=75&auto=format&fit=max 640w`)
  })

  it('never upscales: widths beyond the intrinsic width collapse into it', () => {
    const srcset = imageSrcSet(MEDIA, [640, 1280, 1920], 1200)
    expect(srcset.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual(['640w', '1200w'])
    expect(srcset).toContain('w=1200&')
  })
})

it('foreign CDNs (synced marketplace photos, docs/decisions/010): the URL as it is, no srcset', async () => {
  const { isTransformableImageUrl } = await import('./image')
  const photo = 'https://img.classistatic.de/api/v1/mo-prod/images/3c/3caae5b2?rule=mo-1600.jpg'
  expect(isTransformableImageUrl(photo)).toBe(false)
  expect(isTransformableImageUrl('/media/abc-1200x800.jpg')).toBe(true)
  expect(isTransformableImageUrl('https://cdn.sanity.io/images/p/d/abc-1200x800.jpg')).toBe(true)
  expect(isTransformableImageUrl('//img.classistatic.de/x.jpg')).toBe(false)
  expect(imageUrl(photo, { width: 640 })).toBe(photo)
  expect(imageSrcSet(photo, [320, 640])).toBe('')
})
