/*
 * The photos of a sell request (issue 26, docs/decisions/041): the limits the page, the browser's
 * resizing and the server share. Browser-safe: constants and wording only.
 */

/**
 * The id of the sell request's confirmation, also the fragment of the address a post without
 * JavaScript is redirected to: Chromium focuses a focusable fragment target on arrival, while
 * `autofocus` alone is skipped whenever the address has a fragment (the form's `#verkaufen` would
 * otherwise be kept across the redirect).
 */
export const SALE_CONFIRMATION_ID = 'verkaufen-bestaetigung'

/** The name of the file input (several files under one name). */
export const PHOTO_FIELD = 'photos'

export const MAX_PHOTOS = 10
/** Largest photo the server reads (bytes); a larger one is refused while it streams in. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024
/**
 * The largest body the server lets reach the sell page (createServer refuses larger ones unread):
 * ten photos at the limit and the text fields; nginx's client_max_body_size for the path matches.
 */
export const SALE_BODY_LIMIT = MAX_PHOTOS * MAX_PHOTO_BYTES + 1024 * 1024
/** The text fields of a sell request together (the longest valid one is ~6 KB). */
export const SALE_FIELDS_LIMIT = 32 * 1024

/** What the file input offers: JPEG first, so iPhones hand over JPEG instead of HEIC. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp'
/** The longest side of a photo after resizing, in the browser and on the server. */
export const PHOTO_MAX_SIDE = 2000

/** German messages at the photo field. */
export const PHOTO_MESSAGES = {
  tooMany: `Bitte wählen Sie höchstens ${MAX_PHOTOS} Fotos aus.`,
  tooLarge: (name: string) => `„${name}“ ist größer als 10 MB. Bitte wählen Sie ein kleineres Foto.`,
  notAnImage: (name: string) => `„${name}“ ist kein Foto im Format JPEG, PNG oder WebP.`,
  tooManyPixels: (name: string) => `„${name}“ hat zu viele Bildpunkte. Bitte wählen Sie ein kleineres Foto.`,
  unreadable: (name: string) => `„${name}“ ist beschädigt oder unvollständig und ließ sich nicht lesen. Bitte wählen Sie ein anderes Foto.`,
  tooMuchTogether: 'Ihre Fotos sind zusammen zu groß. Bitte senden Sie weniger oder kleinere Fotos (höchstens 10 Handyfotos).',
  /**
   * A sell request over SALE_BODY_LIMIT (413), said as what to do: in the form's toast (the API's
   * answer), and on the bare page a post without JavaScript gets, which needs the way back.
   */
  bodyTooLarge: `Ihre Fotos sind zusammen zu groß. Bitte senden Sie höchstens ${MAX_PHOTOS} Fotos mit je bis zu ${MAX_PHOTO_BYTES / 1024 / 1024} MB – oder rufen Sie uns an.`,
  bodyTooLargePage: `Ihre Fotos sind zusammen zu groß. Bitte gehen Sie im Browser zurück und wählen Sie höchstens ${MAX_PHOTOS} Fotos mit je bis zu ${MAX_PHOTO_BYTES / 1024 / 1024} MB – oder rufen Sie uns an.`,
  /** The decoder is busy with other requests (503, Retry-After): nothing is stored, the input is kept. */
  busy: 'Gerade werden viele Fotos verarbeitet. Bitte senden Sie Ihre Anfrage in einer halben Minute noch einmal.',
  /** Added to the page's errors after a failed post without JavaScript: a browser never keeps chosen files. */
  chooseAgain: 'Bitte wählen Sie Ihre Fotos erneut aus: Aus Sicherheitsgründen behält der Browser sie nach dem Senden nicht.',
} as const

/**
 * Where the dealer's mail links a photo of the embedded lake: `/anfrage-fotos/<file>`, the file's
 * name (256 random bits) being the capability; answered private, no-store and noindex.
 */
export const PHOTO_ROUTE = '/anfrage-fotos'
