import { PHOTO_MAX_SIDE } from '#app/submissions/photos.ts'

/**
 * Shrinks a photo in the browser before upload (issue 26): decoded with createImageBitmap (upright
 * by its EXIF orientation), drawn at most PHOTO_MAX_SIDE on its longest side, encoded as JPEG.
 * Canvas output carries no metadata, so GPS never leaves the phone on this path. `null` for a file
 * the browser cannot decode: every browser reads the three formats the site takes (PHOTO_ACCEPT), so
 * it is none of them or damaged, and the server would refuse it too. Without createImageBitmap (an old
 * browser) or a canvas the photo goes as it is.
 */
export async function resizePhoto(file: File, quality = 0.85): Promise<File | null> {
  if (typeof createImageBitmap !== 'function') return file
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    return null
  }
  try {
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height))
    const width = Math.max(1, Math.round(bitmap.width * scale))
    const height = Math.max(1, Math.round(bitmap.height * scale))
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const context = canvas.getContext('2d')
    if (!context) return file
    context.drawImage(bitmap, 0, 0, width, height)
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality))
    if (!blob) return file
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'foto'}.jpg`
    return new File([blob], name, { type: 'image/jpeg' })
  } finally {
    bitmap.close()
  }
}
