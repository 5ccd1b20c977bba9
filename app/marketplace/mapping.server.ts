import { type Vehicle } from '#app/sanity/types.ts'
import { type MARKETPLACE_FIELDS } from '#schemas/lib/constants.ts'
import { kwToHp } from '#schemas/lib/validation.ts'
import { type MarketplaceAd, type MarketplaceImage } from './adapter'

/*
 * mobile.de ad → our vehicle document (DESIGN.md §4, reference §1 "Proposed mapping").
 * Pure: the sync decides what to keep from an existing document (listedAt, a staff's
 * reservation).
 */

/** An image the site shows straight from the marketplace's CDN (docs/decisions/010). */
export type ExternalImage = NonNullable<Vehicle['externalImages']>[number]

/**
 * The vehicle document the sync writes, from the generated schema type (app/sanity/types.ts), so
 * a change of the vehicle schema fails the typecheck here (docs/decisions/089): the fields
 * mobile.de owns (MARKETPLACE_FIELDS) and those the sync sets once. Fuel and gearbox are optional
 * although the schema requires them: an ad with a key we have no value for is listed all the
 * same, and the Studio asks staff to complete it.
 */
export type SyncedVehicle = Omit<
  Pick<Vehicle, '_id' | '_type' | 'id' | 'status' | 'listedAt' | (typeof MARKETPLACE_FIELDS)[number]>,
  'fuelType' | 'transmission'
> &
  Partial<Pick<Vehicle, 'fuelType' | 'transmission'>> &
  Required<Pick<Vehicle, 'marketplaceId' | 'marketplaceModifiedAt' | 'externalImages' | 'features'>> & { source: 'mobile.de' }

/** `vehicle-<mobileAdId>`: the id stays the same across syncs. */
export function vehicleDocumentId(mobileAdId: string) {
  return `vehicle-${mobileAdId}`
}

const FUELS: Record<string, SyncedVehicle['fuelType']> = {
  PETROL: 'PETROL',
  DIESEL: 'DIESEL',
  ELECTRICITY: 'ELECTRIC',
  HYBRID: 'HYBRID',
  HYBRID_DIESEL: 'HYBRID',
  LPG: 'GAS',
  CNG: 'GAS',
  // E85 cars run on petrol as well; a fuel cell drives an electric motor.
  ETHANOL: 'PETROL',
  HYDROGENIUM: 'ELECTRIC',
}

const GEARBOXES: Record<string, SyncedVehicle['transmission']> = {
  MANUAL_GEAR: 'MANUAL',
  AUTOMATIC_GEAR: 'AUTOMATIC',
  SEMIAUTOMATIC_GEAR: 'SEMI_AUTOMATIC',
}

/** mobile.de category → our body types (schemas/lib/constants.ts BODY_TYPES). */
const CATEGORIES: Record<string, SyncedVehicle['bodyType']> = {
  Limousine: 'Limousine',
  EstateCar: 'Kombi',
  SmallCar: 'Kleinwagen',
  OffRoad: 'SUV',
  SportsCar: 'Coupé',
  Cabrio: 'Cabrio',
  Van: 'Van',
}

/** Make keys whose label is not the key title-cased. */
const MAKES: Record<string, string> = {
  VW: 'Volkswagen',
  BMW: 'BMW',
  MINI: 'MINI',
  MG: 'MG',
  DS: 'DS',
  'DS AUTOMOBILES': 'DS Automobiles',
  'MERCEDES-BENZ': 'Mercedes-Benz',
  'ALFA ROMEO': 'Alfa Romeo',
  'ROLLS-ROYCE': 'Rolls-Royce',
  'ASTON MARTIN': 'Aston Martin',
  CUPRA: 'Cupra',
  KIA: 'Kia',
  GMC: 'GMC',
  BYD: 'BYD',
}

const COLORS: Record<string, string> = {
  BLACK: 'Schwarz',
  WHITE: 'Weiß',
  SILVER: 'Silber',
  GREY: 'Grau',
  BLUE: 'Blau',
  RED: 'Rot',
  GREEN: 'Grün',
  BROWN: 'Braun',
  BEIGE: 'Beige',
  ORANGE: 'Orange',
  YELLOW: 'Gelb',
  GOLD: 'Gold',
  PURPLE: 'Violett',
}

const DOORS: Record<string, number> = { TWO_OR_THREE: 3, FOUR_OR_FIVE: 5, SIX_OR_SEVEN: 7 }

/** Equipment booleans → German labels, in the order they are listed. */
const EQUIPMENT_FLAGS: ReadonlyArray<readonly [string, string]> = [
  ['navigationSystem', 'Navigationssystem'],
  ['abs', 'ABS'],
  ['esp', 'ESP'],
  ['electricHeatedSeats', 'Sitzheizung'],
  ['heatedWindshield', 'Beheizbare Frontscheibe'],
  ['steeringWheelHeating', 'Lenkradheizung'],
  ['multifunctionalWheel', 'Multifunktionslenkrad'],
  ['alloyWheels', 'Leichtmetallfelgen'],
  ['sunroof', 'Schiebedach'],
  ['panoramicGlassRoof', 'Panorama-Glasdach'],
  ['electricWindows', 'Elektrische Fensterheber'],
  ['electricSideMirror', 'Elektrische Seitenspiegel'],
  ['electricAdjustableSeats', 'Elektrisch verstellbare Sitze'],
  ['centralLocking', 'Zentralverriegelung'],
  ['keylessEntry', 'Keyless Entry'],
  ['bluetooth', 'Bluetooth'],
  ['handsFreePhoneSystem', 'Freisprecheinrichtung'],
  ['carplay', 'Apple CarPlay'],
  ['androidAuto', 'Android Auto'],
  ['headUpDisplay', 'Head-up-Display'],
  ['onBoardComputer', 'Bordcomputer'],
  ['lightSensor', 'Lichtsensor'],
  ['rainSensor', 'Regensensor'],
  ['laneDepartureWarning', 'Spurhalteassistent'],
  ['blindSpotMonitor', 'Totwinkel-Assistent'],
  ['trafficSignRecognition', 'Verkehrszeichenerkennung'],
  ['emergencyBrakeAssist', 'Notbremsassistent'],
  ['isofix', 'Isofix'],
  ['startStopSystem', 'Start-Stopp-Automatik'],
  ['trailerCoupling', 'Anhängerkupplung'],
  ['tractionControlSystem', 'Traktionskontrolle'],
  ['fourWheelDrive', 'Allradantrieb'],
  ['powerAssistedSteering', 'Servolenkung'],
  ['immobilizer', 'Wegfahrsperre'],
  ['roofRails', 'Dachreling'],
  ['sportSeats', 'Sportsitze'],
  ['sportPackage', 'Sportpaket'],
  ['tunerRadio', 'Radio'],
  ['dabRadio', 'DAB-Radio'],
  ['cdPlayer', 'CD-Spieler'],
  ['usb', 'USB'],
  ['fullServiceHistory', 'Scheckheftgepflegt'],
  ['newHuAu', 'HU/AU neu'],
  ['nonSmokerVehicle', 'Nichtraucherfahrzeug'],
]

/** Equipment enums: field → value → label (unknown values are skipped). */
const EQUIPMENT_ENUMS: Record<string, Record<string, string>> = {
  climatisation: {
    MANUAL_CLIMATISATION: 'Klimaanlage',
    AUTOMATIC_CLIMATISATION: 'Klimaautomatik',
    AUTOMATIC_CLIMATISATION_2_ZONES: 'Klimaautomatik (2 Zonen)',
    AUTOMATIC_CLIMATISATION_3_ZONES: 'Klimaautomatik (3 Zonen)',
    AUTOMATIC_CLIMATISATION_4_ZONES: 'Klimaautomatik (4 Zonen)',
  },
  speedControl: { CRUISE_CONTROL: 'Tempomat', ADAPTIVE_CRUISE_CONTROL: 'Abstandstempomat (ACC)' },
  headlightType: {
    LED_HEADLIGHTS: 'LED-Scheinwerfer',
    XENON_HEADLIGHTS: 'Xenon-Scheinwerfer',
    BI_XENON_HEADLIGHTS: 'Bi-Xenon-Scheinwerfer',
    LASER_HEADLIGHTS: 'Laser-Scheinwerfer',
  },
  daytimeRunningLamps: { LED_RUNNING_LIGHTS: 'LED-Tagfahrlicht', DAYTIME_RUNNING_LIGHTS: 'Tagfahrlicht' },
  interiorType: { LEATHER: 'Lederausstattung', PARTIAL_LEATHER: 'Teilleder', ALCANTARA: 'Alcantara' },
}

/** Equipment lists: field → value → label. */
const EQUIPMENT_LISTS: Record<string, Record<string, string>> = {
  parkingAssistants: {
    FRONT_SENSORS: 'Einparkhilfe vorne',
    REAR_SENSORS: 'Einparkhilfe hinten',
    REAR_VIEW_CAM: 'Rückfahrkamera',
    CAM_360_DEGREES: '360°-Kamera',
    AUTOMATIC_PARKING: 'Einparkautomatik',
  },
}

/** A make key as a label: `VW` → Volkswagen, `LAND ROVER` → Land Rover, `Tesla` stays. */
export function makeLabel(make: string): string {
  const key = make.trim()
  const known = MAKES[key.toUpperCase()]
  if (known) return known
  if (key !== key.toUpperCase()) return key
  return key.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, separator: string, letter: string) => separator + letter.toUpperCase())
}

/** "202203" → "03/2022"; undefined for anything else. */
export function firstRegistrationLabel(value: string | undefined): string | undefined {
  const match = value ? /^(\d{4})(0[1-9]|1[0-2])$/.exec(value) : null
  return match ? `${match[2]}/${match[1]}` : undefined
}

/**
 * The month of the next general inspection (HU) as MM/YYYY. mobile.de's `generalInspection` is
 * documented as "YYYY-MM"; "YYYYMM" (like `firstRegistration`) and "MM/YYYY" are read as well.
 */
export function inspectionDueLabel(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const iso = /^(\d{4})-?(0[1-9]|1[0-2])$/.exec(value.trim())
  if (iso) return `${iso[2]}/${iso[1]}`
  const german = /^(0[1-9]|1[0-2])\/(\d{4})$/.exec(value.trim())
  return german ? `${german[1]}/${german[2]}` : undefined
}

/**
 * How the price is taxed. mobile.de sends `price.vatRate` only when VAT can be shown on the invoice;
 * a dealer's euro price without it is sold under the margin scheme (§ 25a UStG). Without a usable
 * price the ad says nothing about tax.
 */
export function vatOf(price: MarketplaceAd['price']): SyncedVehicle['vat'] {
  if (!price || (price.currency ?? 'EUR') !== 'EUR' || decimal(price.consumerPriceGross) === undefined) return undefined
  const rate = decimal(price.vatRate)
  return rate !== undefined && rate > 0 ? 'deductible' : 'margin'
}

/** The URL of the largest size present (xxxl > xxl > xl > l > m > s). */
export function largestImageUrl(image: MarketplaceImage): string | undefined {
  return image.xxxl || image.xxl || image.xl || image.l || image.m || image.s || undefined
}

/**
 * mobile.de's Creole-like markup as plain text: `\\` (and real newlines) become line breaks,
 * `**bold**`, `//italic//` and `__underline__` marks go, `* ` / `- ` bullets become "• ", HTML
 * entities are decoded and tags dropped.
 */
export function creoleToPlainText(markup: string): string {
  return decodeEntities(
    markup
      .replace(/\r\n?/g, '\n')
      .replace(/\\\\/g, '\n')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<[^>]*>/g, '')
      .replace(/\*\*(.*?)\*\*/gs, '$1')
      .replace(/(?<!:)\/\/(.*?)(?<!:)\/\//gs, '$1')
      .replace(/__(.*?)__/gs, '$1')
      .replace(/^[ \t]*[*-][ \t]+/gm, '• ')
      .replace(/^[ \t]*=+[ \t]*(.*?)[ \t]*=*[ \t]*$/gm, '$1'),
  )
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: ' ',
    euro: '€',
    auml: 'ä',
    ouml: 'ö',
    uuml: 'ü',
    Auml: 'Ä',
    Ouml: 'Ö',
    Uuml: 'Ü',
    szlig: 'ß',
  }
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(parseInt(code.slice(2), 16))
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)))
    return named[code] ?? entity
  })
}

/** "EURO6D_TEMP" → "Euro 6d-TEMP", "EURO6" → "Euro 6". */
export function emissionClassLabel(value: string | undefined): string | undefined {
  const match = value ? /^EURO(\d)([A-Z]*)(?:_(TEMP))?$/i.exec(value) : null
  if (!match) return value || undefined
  return `Euro ${match[1]}${match[2]!.toLowerCase()}${match[3] ? '-TEMP' : ''}`
}

/** A decimal string ("21980.00", "5,6") as a number, or undefined. */
function decimal(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value !== 'string' || !/^\s*\d+([.,]\d+)?\s*$/.test(value)) return undefined
  return Number(value.replace(',', '.'))
}

type Co2Class = NonNullable<NonNullable<Vehicle['consumption']>['co2Class']>
/** Every class of the schema's list, no other: a change of the list fails the typecheck here. */
const CO2_CLASSES: Record<Co2Class, true> = { A: true, B: true, C: true, D: true, E: true, F: true, G: true }

function isCo2Class(value: unknown): value is Co2Class {
  return typeof value === 'string' && Object.hasOwn(CO2_CLASSES, value)
}

function positiveInt(value: unknown, max: number): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max ? value : undefined
}

/** German feature labels from the ad's booleans, enums and lists, without duplicates. */
export function equipmentLabels(ad: MarketplaceAd): string[] {
  const labels: string[] = []
  for (const [field, label] of EQUIPMENT_FLAGS) if (ad[field] === true) labels.push(label)
  for (const [field, values] of Object.entries(EQUIPMENT_ENUMS)) {
    const value = ad[field]
    if (typeof value === 'string' && values[value]) labels.push(values[value])
  }
  for (const [field, values] of Object.entries(EQUIPMENT_LISTS)) {
    const list = ad[field]
    if (!Array.isArray(list)) continue
    for (const value of list) if (typeof value === 'string' && values[value]) labels.push(values[value])
  }
  return [...new Set(labels)]
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T
}

export interface MapOptions {
  /** When the vehicle is first listed (ISO); default the ad's creation date. */
  listedAt?: string
  /** Default 'available'. */
  status?: SyncedVehicle['status']
}

/** The vehicle document for one ad (from `GET /search-api/ad/<id>`, which has every field). */
export function mapAdToVehicle(ad: MarketplaceAd, options: MapOptions = {}): SyncedVehicle {
  const make = makeLabel(ad.make ?? '') || 'Unbekannt'
  const model = (ad.model ?? '').trim() || 'Unbekannt'
  const firstRegistration = firstRegistrationLabel(ad.firstRegistration)
  const year = ad.firstRegistration && firstRegistration ? Number(ad.firstRegistration.slice(0, 4)) : positiveInt(ad.constructionYear, 9999)
  const powerKw = typeof ad.power === 'number' && ad.power > 0 ? Math.round(ad.power) : undefined
  const price = ad.price && (ad.price.currency ?? 'EUR') === 'EUR' ? decimal(ad.price.consumerPriceGross) : undefined
  const colorBase = decodeEntities(ad.manufacturerColorName?.trim() || (ad.exteriorColor ? (COLORS[ad.exteriorColor] ?? '') : ''))
  const color = colorBase ? truncate(`${colorBase}${ad.metallic === true && !/metallic/i.test(colorBase) ? ' Metallic' : ''}`, 40) : undefined
  const description = ad.description?.trim() ? creoleToPlainText(ad.description) : ad.plainTextDescription?.trim() || undefined
  const co2 = decimal(ad.emissions?.combined?.co2)
  const co2Class = ad.emissions?.combined?.co2Class ?? ad.co2Class
  const consumption = withoutUndefined({
    combinedLitersPer100Km: decimal(ad.consumptions?.fuel?.combined),
    combinedKwhPer100Km: decimal(ad.consumptions?.power?.combined),
    co2GramsPerKm: co2 === undefined ? undefined : Math.round(co2),
    co2Class: isCo2Class(co2Class) ? co2Class : undefined,
    emissionClass: emissionClassLabel(ad.emissionClass),
  })
  const title = ad.modelDescription?.trim() ? truncate(decodeEntities(ad.modelDescription.trim()), 100) : undefined
  const alt = `${make} ${title ?? model}`
  const urls = new Set<string>()
  const keys = new Set<string>()
  const externalImages: ExternalImage[] = []
  for (const image of ad.images ?? []) {
    const url = largestImageUrl(image)
    if (!url || !/^https?:\/\//.test(url) || urls.has(url)) continue
    urls.add(url)
    const number = externalImages.length + 1
    const key = image.hash && /^[\w-]+$/.test(image.hash) && !keys.has(image.hash) ? image.hash : `image-${number}`
    keys.add(key)
    externalImages.push({ _key: key, _type: 'externalImage', url, alt: `${alt} – Bild ${number}` })
  }

  return withoutUndefined<SyncedVehicle>({
    _id: vehicleDocumentId(ad.mobileAdId),
    _type: 'vehicle',
    id: ad.mobileAdId,
    title,
    make,
    model,
    price,
    year,
    firstRegistration,
    mileage: positiveInt(ad.mileage, 2_000_000) ?? 0,
    fuelType: ad.fuel ? FUELS[ad.fuel] : undefined,
    transmission: ad.gearbox ? GEARBOXES[ad.gearbox] : undefined,
    bodyType: ad.category ? CATEGORIES[ad.category] : undefined,
    color,
    powerKw,
    powerHp: powerKw === undefined ? undefined : kwToHp(powerKw),
    doors: ad.doors ? DOORS[ad.doors] : undefined,
    seats: positiveInt(ad.seats, 9) || undefined,
    previousOwners: positiveInt(ad.numberOfPreviousOwners, 20),
    features: equipmentLabels(ad),
    description: description ? truncate(description, 5000) : undefined,
    consumption: Object.keys(consumption).length > 0 ? consumption : undefined,
    vat: vatOf(ad.price),
    inspectionDue: inspectionDueLabel(ad.generalInspection),
    warranty: typeof ad.warranty === 'boolean' ? ad.warranty : undefined,
    // mobile.de's flag says "accident vehicle"; absent, the ad says nothing either way.
    accidentFree: typeof ad.accidentDamaged === 'boolean' ? !ad.accidentDamaged : undefined,
    externalImages,
    status: options.status ?? 'available',
    listedAt: options.listedAt ?? isoDate(ad.creationDate) ?? isoDate(ad.modificationDate)!,
    source: 'mobile.de',
    marketplaceId: ad.mobileAdId,
    marketplaceModifiedAt: isoDate(ad.modificationDate)!,
    marketplaceUrl: ad.detailPageUrl && /^https:\/\//.test(ad.detailPageUrl) ? ad.detailPageUrl : undefined,
  })
}

/** An ISO-8601 timestamp in UTC, or undefined. */
export function isoDate(value: string | undefined): string | undefined {
  if (!value) return undefined
  const time = Date.parse(value)
  return Number.isNaN(time) ? undefined : new Date(time).toISOString()
}
