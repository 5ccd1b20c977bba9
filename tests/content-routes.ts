/** Every content route of the spec's route table (spec §2), i.e. all but home and the vehicle pages. */
export const CONTENT_ROUTES = [
  '/services',
  '/services/autoankauf',
  '/services/autoverkauf',
  '/about',
  '/contact',
  '/locations',
  ...['bochum', 'dortmund', 'duesseldorf', 'gelsenkirchen', 'oberhausen', 'muelheim', 'xanten', 'sonsbeck', 'uedem', 'muenster'].map(
    (city) => `/locations/${city}`,
  ),
  '/locations/xanten/bmw-ankauf',
  '/locations/sonsbeck/mercedes-ankauf',
  '/locations/uedem/audi-ankauf',
  '/locations/muenster/studenten-autoankauf',
  '/locations/xanten/gebrauchtwagen',
  '/locations/sonsbeck/autoexport',
  '/locations/uedem/grosshandel',
  '/impressum',
  '/datenschutz',
] as const
