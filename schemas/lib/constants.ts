/**
 * Value lists of the content model (docs/content-model.md), shared by the schema types.
 * Each list is `{title, value}` so the Studio shows German labels and stores stable keys.
 */

/** The Content Lake API version the Studio's own queries (validation, counts) use. */
export const API_VERSION = '2025-02-19'

export const WEEKDAYS = [
  { title: 'Montag', value: 'Mo' },
  { title: 'Dienstag', value: 'Tu' },
  { title: 'Mittwoch', value: 'We' },
  { title: 'Donnerstag', value: 'Th' },
  { title: 'Freitag', value: 'Fr' },
  { title: 'Samstag', value: 'Sa' },
  { title: 'Sonntag', value: 'Su' },
] as const

export const OPENING_HOURS_KEYS = [
  // All but `general` are shown on the pages that choose them (home: in the structured data only) as
  // the times the phone is answered, never as a second „open now“ (docs/decisions/068).
  { title: 'Telefonisch erreichbar (Startseite, strukturierte Daten)', value: 'home' },
  // The yard's own hours: every „Jetzt geöffnet/geschlossen“, the footer and the test drives.
  { title: 'Öffnungszeiten des Autohauses (alle Seiten und Fußzeile)', value: 'general' },
  { title: 'Telefonisch erreichbar (Städte-Landingpages)', value: 'city' },
  { title: 'Telefonisch erreichbar (Studenten-Seite)', value: 'student' },
] as const

export const SERVICE_ICONS = [
  { title: 'Autoankauf', value: 'ankauf' },
  { title: 'Autoverkauf', value: 'verkauf' },
  { title: 'Finanzierung', value: 'finanzierung' },
  { title: 'Inzahlungnahme', value: 'inzahlungnahme' },
  { title: 'Export', value: 'export' },
  { title: 'Fahrzeugprüfung', value: 'pruefung' },
  { title: 'Fahrzeugbewertung', value: 'bewertung' },
  { title: 'Zulassung & Ummeldung', value: 'zulassung' },
  { title: 'Lieferung', value: 'lieferung' },
] as const

export const FUEL_TYPES = [
  { title: 'Diesel', value: 'DIESEL' },
  { title: 'Benzin', value: 'PETROL' },
  { title: 'Elektro', value: 'ELECTRIC' },
  { title: 'Hybrid', value: 'HYBRID' },
  { title: 'Gas', value: 'GAS' },
] as const

export const TRANSMISSIONS = [
  { title: 'Automatik', value: 'AUTOMATIC' },
  { title: 'Schaltgetriebe', value: 'MANUAL' },
  { title: 'Halbautomatik', value: 'SEMI_AUTOMATIC' },
] as const

export const BODY_TYPES = ['Limousine', 'Kombi', 'SUV', 'Kleinwagen', 'Coupé', 'Cabrio', 'Van', 'Transporter'] as const

export const VEHICLE_SOURCES = [
  { title: 'Manuell angelegt', value: 'manual' },
  { title: 'mobile.de', value: 'mobile.de' },
] as const

/**
 * The fields of a vehicle that the mobile.de sync writes (docs/decisions/026). For a synced vehicle
 * they are read-only in the Studio and every sync sets them (and unsets those the ad no longer has);
 * every other field is the staff's: their own photos (`images`), the status they set, the sale date.
 */
export const MARKETPLACE_FIELDS = [
  'title',
  'make',
  'model',
  'price',
  'year',
  'firstRegistration',
  'mileage',
  'fuelType',
  'transmission',
  'bodyType',
  'color',
  'powerKw',
  'powerHp',
  'doors',
  'seats',
  'previousOwners',
  'features',
  'description',
  'consumption',
  'vat',
  'inspectionDue',
  'warranty',
  'accidentFree',
  'externalImages',
  'marketplaceUrl',
  'marketplaceModifiedAt',
] as const

/**
 * How the price is taxed: VAT shown on the invoice (a business buyer can reclaim it) or the margin
 * scheme of § 25a UStG (no VAT shown). The site and the API read the keys; the titles are the page's words.
 */
export const VAT_OPTIONS = [
  { title: 'MwSt. ausweisbar', value: 'deductible' },
  { title: 'Differenzbesteuert nach § 25a UStG', value: 'margin' },
] as const

export type VatKey = (typeof VAT_OPTIONS)[number]['value']

export const VEHICLE_STATUSES = [
  { title: 'Verfügbar', value: 'available' },
  { title: 'Reserviert', value: 'reserved' },
  { title: 'Verkauft', value: 'sold' },
] as const

export const CONTACT_SUBJECTS = [
  { title: 'Fahrzeug verkaufen', value: 'ankauf' },
  { title: 'Fahrzeug kaufen', value: 'verkauf' },
  { title: 'Fahrzeuglieferung', value: 'lieferung' },
  { title: 'Allgemeine Beratung', value: 'beratung' },
  { title: 'Fahrzeugbewertung', value: 'bewertung' },
  { title: 'Termin vereinbaren', value: 'termin' },
] as const

/** The kinds of lead form (spec §3) with their German titles: the Studio's kind label and the dealer's e-mail subject. */
export const LEAD_KINDS = [
  { title: 'Fahrzeuganfrage', value: 'vehicle-enquiry' },
  { title: 'Probefahrt', value: 'test-drive' },
  { title: 'Fahrzeugbewertung', value: 'valuation' },
  { title: 'BMW-Bewertung', value: 'valuation-bmw' },
  { title: 'Markenankauf (Mercedes/Audi)', value: 'brand-purchase' },
  { title: 'Studenten-Ankauf', value: 'student' },
  { title: 'Gebrauchtwagen-Suche', value: 'used-car-enquiry' },
  { title: 'Exportanfrage', value: 'export' },
  { title: 'Händler-Registrierung', value: 'dealer-registration' },
  { title: 'Auto verkaufen', value: 'vehicle-sale' },
  // Issue 29: the zero-results box of /vehicles takes a search with an e-mail or a phone number;
  // issue 38: with an e-mail it is an alert („Benachrichtigen, wenn ein passendes Auto kommt“, double opt-in).
  { title: 'Suchauftrag', value: 'search-request' },
  // Issue 36: a reserved car's „Benachrichtigen, falls wieder frei“ (staff call back by hand, decision 067).
  { title: 'Benachrichtigung, falls wieder frei', value: 'availability-alert' },
  // Issue 38: „Preis beobachten“ on a vehicle page: an e-mail when its price falls (double opt-in, decision 080).
  { title: 'Preis beobachten', value: 'price-alert' },
  // Issue 38 item 3: „Finanzierung anfragen“ on a vehicle page, with the calculator's term and down payment.
  { title: 'Finanzierungsanfrage', value: 'financing-request' },
] as const

/** A price or search alert's states (issue 38, decision 080): asked for (no mail but the confirmation), confirmed, ended (unsubscribed). */
export const ALERT_STATUSES = [
  { title: 'Unbestätigt', value: 'unconfirmed' },
  { title: 'Aktiv', value: 'active' },
  { title: 'Abgemeldet', value: 'ended' },
] as const

export const CONTACT_STATUSES = [
  { title: 'Neu', value: 'neu' },
  { title: 'In Bearbeitung', value: 'in Bearbeitung' },
  { title: 'Erledigt', value: 'erledigt' },
] as const

/** The ids of the singleton documents; the Studio shows them as fixed entries. */
/**
 * Id prefixes of the inbox (contact messages and leads). The dot keeps the documents out of every
 * public read (docs/decisions/004), and a write that touches only them leaves the page cache alone.
 */
export const INBOX_ID_PREFIX = 'inbox.'
export const INBOX_ID_PREFIXES = { contactMessage: `${INBOX_ID_PREFIX}contact-`, lead: `${INBOX_ID_PREFIX}lead-` } as const

export const SINGLETON_IDS = { siteSettings: 'siteSettings', homePage: 'homePage' } as const

/** Title lookup for a `{title, value}` list. */
export function titleOf(list: ReadonlyArray<{ title: string; value: string }>, value: unknown): string | undefined {
  return list.find((item) => item.value === value)?.title
}

/**
 * The page of the sell request (issue 26, one of SITE_ROUTES); its action alone reads multipart
 * bodies up to SALE_BODY_LIMIT (app/submissions/photos.ts). The one definition: the Studio's link
 * rules, the site's links, its cookies and the server's upload paths all name it from here (a
 * module every page loads already, so naming it costs no script of its own).
 */
export const SALE_PATH = '/auto-verkaufen'

/** Dates as Germans write them in every date field of the Studio (not „2025-01-24 11:15“). */
export const GERMAN_DATE = { dateFormat: 'DD.MM.YYYY' } as const
/** A date and time as Germans write them: „24.01.2025 11:15“. */
export const GERMAN_DATETIME = { dateFormat: 'DD.MM.YYYY', timeFormat: 'HH:mm' } as const
