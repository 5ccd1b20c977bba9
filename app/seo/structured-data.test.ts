import { describe, expect, it } from 'vitest'
import { HOURS, SITE_URL, site, vehicle } from '#tests/seo-fixtures.ts'
import {
  dealerRating,
  absoluteUrl,
  autoDealer,
  cityService,
  breadcrumbList,
  car,
  isoMonth,
  openingHoursSpecification,
  organization,
  specialOpeningHoursSpecification,
  webSite,
} from './structured-data'

describe('absoluteUrl', () => {
  it('puts the site in front of paths and leaves absolute URLs alone', () => {
    expect(absoluteUrl(SITE_URL, '/media/x.jpg')).toBe(`${SITE_URL}/media/x.jpg`)
    expect(absoluteUrl(SITE_URL, '/')).toBe(`${SITE_URL}/`)
    expect(absoluteUrl(SITE_URL, 'https://cdn.sanity.io/images/a.jpg')).toBe('https://cdn.sanity.io/images/a.jpg')
  })
})

describe('organization', () => {
  it('names the company with url, logo, international phone, e-mail and postal address', () => {
    expect(organization(site)).toEqual({
      '@type': 'Organization',
      '@id': `${SITE_URL}/#organization`,
      name: 'Ruhrstern Automobile',
      legalName: 'Ruhrstern Automobile GmbH',
      url: `${SITE_URL}/`,
      logo: `${SITE_URL}/logo.png`,
      telephone: '+4920185123400',
      email: 'info@ruhrstern-automobile.de',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Gladbecker Straße 250',
        postalCode: '45326',
        addressLocality: 'Essen',
        addressRegion: 'NRW',
        addressCountry: 'DE',
      },
      foundingDate: '2009',
    })
  })

  it('lists social profiles as sameAs only when the settings have some', () => {
    expect(organization(site)).not.toHaveProperty('sameAs')
    const links = ['https://www.facebook.com/ruhrstern', 'https://www.instagram.com/ruhrstern']
    expect(organization({ ...site, settings: { ...site.settings, socialLinks: links } })).toHaveProperty('sameAs', links)
  })
})

describe('webSite', () => {
  it('has a SearchAction on the inventory search', () => {
    expect(webSite(site)).toMatchObject({
      '@type': 'WebSite',
      url: `${SITE_URL}/`,
      name: 'Ruhrstern Automobile',
      publisher: { '@id': `${SITE_URL}/#organization` },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${SITE_URL}/vehicles?search={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    })
  })
})

describe('openingHoursSpecification', () => {
  it('turns each line of a variant into days of the week with opens and closes', () => {
    expect(openingHoursSpecification({ specs: HOURS.home })).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => `https://schema.org/${day}`),
        opens: '08:00',
        closes: '20:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Saturday'], opens: '09:00', closes: '18:00' },
    ])
  })

  it('skips day keys it does not know', () => {
    expect(openingHoursSpecification({ specs: [{ days: ['Su', 'XX'], opens: '10:00', closes: '12:00' }] })[0]?.dayOfWeek).toEqual(['https://schema.org/Sunday'])
  })
})

describe('autoDealer', () => {
  const image = `${SITE_URL}/media/share.jpg`

  it('address, geo, contact, the yard’s hours, the phone hours the page shows, every served city and the price range', () => {
    const dealer = autoDealer(site, { image, phoneHours: { specs: HOURS.home } })
    expect(dealer).toMatchObject({
      '@type': 'AutoDealer',
      '@id': `${SITE_URL}/#dealer`,
      name: 'Ruhrstern Automobile',
      url: `${SITE_URL}/`,
      image,
      telephone: '+4920185123400',
      email: 'info@ruhrstern-automobile.de',
      address: { '@type': 'PostalAddress', streetAddress: 'Gladbecker Straße 250', addressLocality: 'Essen' },
      geo: { '@type': 'GeoCoordinates', latitude: 51.4845, longitude: 7.0003 },
      areaServed: [
        { '@type': 'City', name: 'Essen' },
        { '@type': 'City', name: 'Bochum' },
        { '@type': 'City', name: 'Münster' },
      ],
      priceRange: '€€',
      parentOrganization: { '@id': `${SITE_URL}/#organization` },
    })
    // What search engines call „open now“ is the yard's, as on the pages (decision 068).
    expect(dealer).toHaveProperty('openingHoursSpecification', openingHoursSpecification({ specs: HOURS.general }))
    expect(dealer).toHaveProperty('contactPoint', {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: '+4920185123400',
      availableLanguage: 'de',
      hoursAvailable: openingHoursSpecification({ specs: HOURS.home }),
    })
    // A page that shows other phone hours, or none, marks up none for the dealer (crawler review 2026-12-03: two readings on a city page).
    expect(autoDealer(site, { image })).not.toHaveProperty('contactPoint')
  })

  it('a city page offers a Service of the one dealership for its city, with that page’s reading as phone hours (SEO review 2026-11-29, finding 7)', () => {
    const url = `${SITE_URL}/locations/dortmund`
    const service = cityService(site, { url, name: 'Autoankauf und Gebrauchtwagen für Dortmund', city: 'Dortmund', phoneHours: { specs: HOURS.city } })
    expect(service).toEqual({
      '@type': 'Service',
      '@id': `${url}#service`,
      name: 'Autoankauf und Gebrauchtwagen für Dortmund',
      url,
      provider: { '@id': `${SITE_URL}/#dealer` },
      areaServed: { '@type': 'City', name: 'Dortmund' },
      availableChannel: {
        '@type': 'ServiceChannel',
        serviceUrl: url,
        servicePhone: {
          '@type': 'ContactPoint',
          contactType: 'customer service',
          telephone: '+4920185123400',
          availableLanguage: 'de',
          hoursAvailable: [
            {
              '@type': 'OpeningHoursSpecification',
              dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((day) => `https://schema.org/${day}`),
              opens: '08:00',
              closes: '20:00',
            },
          ],
        },
      },
    })
    // No address, hours or position of its own: there is one dealership, in Essen.
    expect(service).not.toHaveProperty('address')
    expect(cityService(site, { url, name: 'x', city: 'Dortmund' })).not.toHaveProperty('availableChannel')
  })

  it('follows the yard’s hours with the special opening hours shown today, dated and without weekdays', () => {
    const special = [
      {
        from: '2026-12-24',
        through: '2026-12-26',
        closed: true,
        opens: null,
        closes: null,
        note: 'Weihnachten',
        text: '24.12.–26.12. geschlossen (Weihnachten)',
      },
      { from: '2026-12-31', through: '2026-12-31', closed: false, opens: '09:00', closes: '14:00', note: null, text: '31.12. 09:00–14:00 Uhr' },
    ]
    const withSpecial = { ...site, settings: { ...site.settings, specialOpeningHours: special } }
    const dealer = autoDealer(withSpecial, { image })
    expect(dealer).toHaveProperty('openingHoursSpecification', [
      ...openingHoursSpecification({ specs: HOURS.general }),
      { '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: '2026-12-24', validThrough: '2026-12-26' },
      { '@type': 'OpeningHoursSpecification', opens: '09:00', closes: '14:00', validFrom: '2026-12-31', validThrough: '2026-12-31' },
    ])
    expect(specialOpeningHoursSpecification([])).toEqual([])
    // Settings without the yard's hours say nothing about special ones either.
    const noYard = { ...withSpecial, settings: { ...withSpecial.settings, openingHours: [] } }
    expect(autoDealer(noYard, { image })).not.toHaveProperty('openingHoursSpecification')
  })

  it('leaves out what the settings do not have', () => {
    const dealer = autoDealer({ ...site, settings: { ...site.settings, priceRange: null, openingHours: [], servedCities: [] } }, { image })
    expect(dealer).toHaveProperty('areaServed', [])
    expect(dealer).not.toHaveProperty('priceRange')
    expect(dealer).not.toHaveProperty('openingHoursSpecification')
    expect(dealer).not.toHaveProperty('contactPoint')
  })
})

describe('dealerRating', () => {
  const review = (rating: number, source: string) => ({
    authorName: 'Sabine',
    date: '2026-11-18',
    rating,
    text: 'Alles bestens.',
    source,
    sourceUrl: 'https://www.google.com/maps',
  })

  it('states the average and count the page shows, and each review shown with its source', () => {
    const rating = dealerRating({ reviews: [review(5, 'google'), review(4, 'other')], count: 10, average: 4.8 })
    expect(rating.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.8, ratingCount: 10, bestRating: 5, worstRating: 1 })
    expect(rating.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Sabine' },
        datePublished: '2026-11-18',
        reviewBody: 'Alles bestens.',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        url: 'https://www.google.com/maps',
        publisher: { '@type': 'Organization', name: 'Google' },
      },
      expect.not.objectContaining({ publisher: expect.anything() }),
    ])
  })

  it('rounds the average to one decimal, as the page writes it', () => {
    expect(dealerRating({ reviews: [], count: 11, average: 49 / 11 }).aggregateRating).toMatchObject({ ratingValue: 4.5 })
  })

  it('claims no rating without reviews', () => {
    expect(dealerRating({ reviews: [], count: 0, average: null })).toEqual({})
  })

  it('goes into the dealer of record, described whole', () => {
    const rating = dealerRating({ reviews: [review(5, 'google')], count: 1, average: 5 })
    expect(autoDealer(site, { image: `${SITE_URL}/media/share.jpg`, rating })).toMatchObject({
      '@type': 'AutoDealer',
      '@id': `${SITE_URL}/#dealer`,
      address: { '@type': 'PostalAddress', addressLocality: 'Essen' },
      aggregateRating: { ratingCount: 1 },
    })
  })
})

describe('car', () => {
  const url = `${SITE_URL}/vehicles/1`

  it('describes the vehicle with its data, absolute images and an offer in euros from the dealer', () => {
    expect(car(site, vehicle, { name: 'BMW 320d Touring', url })).toEqual({
      '@type': ['Product', 'Car'],
      '@id': `${url}#vehicle`,
      name: 'BMW 320d Touring',
      url,
      brand: { '@type': 'Brand', name: 'BMW' },
      model: '320d Touring',
      vehicleModelDate: '2020',
      dateVehicleFirstRegistered: '2020-03',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 68_500, unitCode: 'KMT' },
      fuelType: 'Diesel',
      vehicleTransmission: 'Automatik',
      vehicleEngine: { '@type': 'EngineSpecification', enginePower: { '@type': 'QuantitativeValue', value: 140, unitCode: 'KWT' } },
      bodyType: 'Kombi',
      color: 'Mineralgrau Metallic',
      numberOfPreviousOwners: 1,
      description: 'Gepflegter Kombi.',
      itemCondition: 'https://schema.org/UsedCondition',
      image: [`${SITE_URL}/media/abc-1200x800.jpg`, 'https://img.example.com/b.jpg'],
      offers: {
        '@type': 'Offer',
        url,
        price: 28_900,
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
        seller: { '@type': 'AutoDealer', '@id': `${SITE_URL}/#dealer`, name: 'Ruhrstern Automobile', url: `${SITE_URL}/` },
      },
    })
  })

  it('says SoldOut for a sold vehicle and Reserved for a reserved one', () => {
    expect(car(site, { ...vehicle, status: 'sold' }, { name: 'x', url }).offers).toMatchObject({ availability: 'https://schema.org/SoldOut' })
    expect(car(site, { ...vehicle, status: 'reserved' }, { name: 'x', url }).offers).toMatchObject({ availability: 'https://schema.org/Reserved' })
  })

  it('has no offer without a price, derives kW from PS and leaves out missing data', () => {
    const sparse = car(
      site,
      {
        ...vehicle,
        price: null,
        powerKw: null,
        powerHp: 150,
        year: null,
        firstRegistration: null,
        bodyType: null,
        color: null,
        previousOwners: null,
        description: null,
        images: [],
      },
      { name: 'x', url },
    )
    expect(sparse).not.toHaveProperty('offers')
    // A Product without an offer is an error for Google: only a Car then.
    expect(sparse['@type']).toBe('Car')
    expect(sparse).toHaveProperty('vehicleEngine.enginePower.value', 110)
    for (const key of ['vehicleModelDate', 'dateVehicleFirstRegistered', 'bodyType', 'color', 'numberOfPreviousOwners', 'description', 'image']) {
      expect(sparse).not.toHaveProperty(key)
    }
  })

  it('buyer facts where schema.org has a property: accidents, VAT shown in the price, the warranty; the HU month has none', () => {
    const facts = { vat: 'deductible' as const, inspectionDue: '05/2027', warranty: true, warrantyMonths: 12, accidentFree: true }
    const described = car(site, { ...vehicle, ...facts }, { name: 'x', url })
    expect(described).toMatchObject({
      knownVehicleDamages: 'Unfallfrei',
      offers: {
        priceSpecification: { '@type': 'PriceSpecification', price: 28_900, priceCurrency: 'EUR', valueAddedTaxIncluded: true },
        warranty: { '@type': 'WarrantyPromise', durationOfWarranty: { '@type': 'QuantitativeValue', value: 12, unitCode: 'MON' } },
      },
    })
    expect(JSON.stringify(described)).not.toContain('05/2027')
    // The margin scheme (§ 25a) states no VAT a buyer could use; a warranty without months is still one.
    const margin = car(site, { ...vehicle, ...facts, vat: 'margin', warrantyMonths: null, accidentFree: false }, { name: 'x', url })
    expect(margin).toMatchObject({ knownVehicleDamages: 'Unfallfahrzeug', offers: { warranty: { '@type': 'WarrantyPromise' } } })
    expect(margin).not.toHaveProperty('offers.priceSpecification')
    expect(margin).not.toHaveProperty('offers.warranty.durationOfWarranty')
  })

  it('the consumption and CO₂ the page states: one figure as a value, a plug-in hybrid’s two as a list; none without', () => {
    const consumption = { combinedLitersPer100Km: 5.2, combinedKwhPer100Km: null, co2GramsPerKm: 137, co2Class: 'E' as const, emissionClass: 'Euro 6d-TEMP' }
    expect(car(site, { ...vehicle, consumption }, { name: 'x', url })).toMatchObject({
      fuelConsumption: { '@type': 'QuantitativeValue', value: 5.2, unitText: 'l/100 km' },
      emissionsCO2: 137,
    })
    const hybrid = car(
      site,
      { ...vehicle, consumption: { ...consumption, combinedLitersPer100Km: 1.7, combinedKwhPer100Km: 26.5, co2GramsPerKm: 39 } },
      { name: 'x', url },
    )
    expect(hybrid.fuelConsumption).toEqual([
      { '@type': 'QuantitativeValue', value: 1.7, unitText: 'l/100 km' },
      { '@type': 'QuantitativeValue', value: 26.5, unitText: 'kWh/100 km' },
    ])
    // An electric car emits 0 g/km: a figure, not a missing one.
    expect(car(site, { ...vehicle, consumption: { ...consumption, combinedLitersPer100Km: null, co2GramsPerKm: 0 } }, { name: 'x', url })).toMatchObject({
      emissionsCO2: 0,
    })
    const none = car(site, { ...vehicle, consumption: null }, { name: 'x', url })
    expect(none).not.toHaveProperty('fuelConsumption')
    expect(none).not.toHaveProperty('emissionsCO2')
  })

  it('reads the first registration as an ISO year and month', () => {
    expect(isoMonth('03/2020')).toBe('2020-03')
    expect(isoMonth('2020')).toBeNull()
    expect(isoMonth(null)).toBeNull()
  })
})

describe('breadcrumbList', () => {
  it('starts at home and numbers the levels with absolute URLs', () => {
    expect(
      breadcrumbList(site, [
        { name: 'Leistungen', path: '/services' },
        { name: 'Autoankauf', path: '/services/autoankauf' },
      ]),
    ).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Start', item: `${SITE_URL}/` },
        { '@type': 'ListItem', position: 2, name: 'Leistungen', item: `${SITE_URL}/services` },
        { '@type': 'ListItem', position: 3, name: 'Autoankauf', item: `${SITE_URL}/services/autoankauf` },
      ],
    })
  })
})
