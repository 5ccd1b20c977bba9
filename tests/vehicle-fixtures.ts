/**
 * A sold car nothing in the seed is like closely (a BMW 118i Kombi, sold 2025-02-01), written by the
 * tests of a sold car's page: its id, its document id `vehicle-{id}`.
 */
export function soldVehicle(id: string) {
  return {
    _id: `vehicle-${id}`,
    _type: 'vehicle',
    id,
    make: 'BMW',
    model: '118i',
    mileage: 90_000,
    fuelType: 'PETROL',
    transmission: 'MANUAL',
    price: 14_900,
    bodyType: 'Kombi',
    status: 'sold',
    soldAt: '2025-02-01T10:00:00Z',
    source: 'manual',
    listedAt: '2025-01-01T10:00:00Z',
  }
}
