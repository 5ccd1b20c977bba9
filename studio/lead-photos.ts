/** The image asset ids of a lead's photos (`photos[].image.asset._ref`): deleted with the lead (DeleteLeadWithPhotosAction). */
export function leadPhotoAssetIds(doc: unknown): string[] {
  const photos = (doc as { photos?: unknown } | null | undefined)?.photos
  if (!Array.isArray(photos)) return []
  const ids = photos
    .map((photo) => (photo as { image?: { asset?: { _ref?: unknown } } } | null)?.image?.asset?._ref)
    .filter((ref): ref is string => typeof ref === 'string' && ref.startsWith('image-'))
  return [...new Set(ids)]
}
