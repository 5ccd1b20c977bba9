/*
 * The badges of a vehicle card (issue 29 item 3, docs/decisions/052): "Reserviert" for a reserved
 * vehicle, "Neu im Bestand" for one listed less than NEW_IN_STOCK_DAYS ago. The loaders work them out
 * against the request's time and send only the result, so the server render and the hydration agree
 * and the browser gets neither the status nor the listing date of every card (a few bytes per card).
 */

/** In the order the card shows them; their labels are the card's (BADGE_LABELS in vehicle-card.tsx). */
export type VehicleBadge = 'reserved' | 'new'

/** A vehicle listed less than this many days ago is new in stock. */
export const NEW_IN_STOCK_DAYS = 7
const NEW_IN_STOCK_MS = NEW_IN_STOCK_DAYS * 24 * 60 * 60 * 1000

/** The fields of the card projection (VEHICLE_CARD) the badges read. */
export interface BadgeFacts {
  status?: string | null
  /** When the vehicle came into stock (the schema's "Eingestellt am"; mobile.de's creationDate for synced ads). */
  listedAt?: string | null
}

/**
 * The badges of one vehicle at `now` (ms). New means listed less than 7 × 24 hours before `now`:
 * exactly 7 days is no longer new. A date in the future (typed ahead in the Studio) counts as new;
 * a missing or unreadable one never does.
 */
export function vehicleBadges({ status, listedAt }: BadgeFacts, now: number): VehicleBadge[] {
  const badges: VehicleBadge[] = []
  if (status === 'reserved') badges.push('reserved')
  const listed = listedAt ? Date.parse(listedAt) : Number.NaN
  if (Number.isFinite(listed) && now - listed < NEW_IN_STOCK_MS) badges.push('new')
  return badges
}

export type WithBadges<V> = Omit<V, keyof BadgeFacts> & { badges?: VehicleBadge[] }

/**
 * Cards as the loaders send them: `status` and `listedAt` replaced by `badges`, which only a vehicle
 * with a badge has. New objects: the lake's results are shared and frozen (docs/decisions/046).
 */
export function withBadges<V extends BadgeFacts>(vehicles: readonly V[], now: number): WithBadges<V>[] {
  return vehicles.map((vehicle) => {
    const { status: _status, listedAt: _listedAt, ...card } = vehicle
    const badges = vehicleBadges(vehicle, now)
    return badges.length > 0 ? { ...card, badges } : card
  })
}
