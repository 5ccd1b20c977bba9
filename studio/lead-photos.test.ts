import { describe, expect, it } from 'vitest'
import { erasureSummary, leadPhotoAssetIds, photoDeletionOf } from './lead-photos'

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

describe('erasureSummary (what „Löschen“ tells staff it did)', () => {
  it('counts what was deleted; a photo another request holds stays for it', () => {
    expect(erasureSummary(['deleted', 'deleted'], 2)).toBe(
      'Gelöscht: die Anfrage, 2 Fotos, 2 gespeicherte E-Mails. E-Mails in Ihrem Postfach löschen Sie bitte dort.',
    )
    expect(erasureSummary(['deleted', photoDeletionOf({ statusCode: 409, message: 'Document cannot be deleted as there are references to it' })], 1)).toBe(
      'Gelöscht: die Anfrage, 1 Foto, 1 gespeicherte E-Mail. 1 Foto bleibt, weil eine andere Anfrage sie auch enthält. E-Mails in Ihrem Postfach löschen Sie bitte dort.',
    )
  })

  it('a deletion that failed for another reason (the network, a refusal) is not called shared: the site’s hourly sweep takes it', () => {
    const outcomes = [photoDeletionOf(new TypeError('Failed to fetch')), photoDeletionOf({ statusCode: 403 }), photoDeletionOf({ statusCode: 409 })]
    expect(outcomes).toEqual(['failed', 'failed', 'shared'])
    expect(erasureSummary(outcomes, undefined)).toBe(
      'Gelöscht: die Anfrage, 0 Fotos. 1 Foto bleibt, weil eine andere Anfrage sie auch enthält. 2 Fotos konnten gerade nicht gelöscht werden; die Website löscht sie innerhalb einer Stunde. Die auf dem Server gespeicherten E-Mails zu dieser Anfrage löscht die Website innerhalb einer Stunde. E-Mails in Ihrem Postfach löschen Sie bitte dort.',
    )
    expect(erasureSummary(['failed'], 0)).toContain('1 Foto konnte gerade nicht gelöscht werden; die Website löscht es innerhalb einer Stunde.')
  })
})
