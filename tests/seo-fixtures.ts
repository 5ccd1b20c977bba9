import { type VEHICLE_DETAIL_QUERYResult } from '#app/sanity/types.ts'
import { type Site } from '#app/seo/structured-data.ts'

/* Site settings and a vehicle as the lake returns them, for the SEO unit tests (app/seo, app/utils/page-meta). */

export const SITE_URL = 'https://www.ruhrstern-automobile.de'

export const HOURS = {
  home: [
    { days: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '08:00', closes: '20:00' },
    { days: ['Sa'], opens: '09:00', closes: '18:00' },
  ],
  city: [{ days: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'], opens: '08:00', closes: '20:00' }],
  /** The yard's own hours (docs/decisions/068). */
  general: [
    { days: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '09:00', closes: '18:00' },
    { days: ['Sa'], opens: '09:00', closes: '16:00' },
  ],
}

export const site: Site = {
  url: SITE_URL,
  settings: {
    dealerName: 'Ruhrstern Automobile',
    legalName: 'Ruhrstern Automobile GmbH',
    phone: '0201 8512 3400',
    email: 'info@ruhrstern-automobile.de',
    address: { _type: 'address', street: 'Gladbecker Straße 250', postalCode: '45326', city: 'Essen', region: 'NRW', country: 'DE' },
    geo: { _type: 'geo', lat: 51.4845, lng: 7.0003 },
    foundedYear: 2009,
    servedCities: ['Essen', 'Bochum', 'Münster'],
    priceRange: '€€',
    socialLinks: null,
    specialOpeningHours: [],
    openingHours: [
      { key: 'home', label: 'Startseite', specs: HOURS.home, byAppointmentDays: null, note: null, lines: [] },
      { key: 'general', label: 'Allgemein', specs: HOURS.general, byAppointmentDays: ['Su'], note: null, lines: [] },
      { key: 'city', label: 'Städte', specs: HOURS.city, byAppointmentDays: null, note: null, lines: [] },
    ],
  },
}

export const vehicle: NonNullable<VEHICLE_DETAIL_QUERYResult> = {
  _id: 'vehicle-1',
  id: '1',
  title: null,
  make: 'BMW',
  model: '320d Touring',
  year: 2020,
  firstRegistration: '03/2020',
  mileage: 68_500,
  fuelType: 'DIESEL',
  transmission: 'AUTOMATIC',
  price: 28_900,
  bodyType: 'Kombi',
  color: 'Mineralgrau Metallic',
  powerHp: 190,
  powerKw: 140,
  doors: 5,
  seats: 5,
  previousOwners: 1,
  description: 'Gepflegter Kombi.',
  features: null,
  consumption: null,
  vat: null,
  inspectionDue: null,
  warranty: null,
  warrantyMonths: null,
  accidentFree: null,
  images: [
    { _key: 'a', alt: 'Front', focus: null, asset: { url: '/media/abc-1200x800.jpg', metadata: { dimensions: { width: null, height: null }, lqip: null } } },
    {
      _key: 'b',
      alt: 'Heck',
      focus: null,
      asset: { url: 'https://img.example.com/b.jpg', metadata: { dimensions: { width: null, height: null }, lqip: null } },
    },
  ],
  status: 'available',
  listedAt: '2025-01-01T00:00:00Z',
  soldAt: null,
  source: 'manual',
  marketplaceUrl: null,
}
