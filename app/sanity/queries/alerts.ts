import { defineQuery } from 'groq'
import { VEHICLE_SEARCH_FACTS } from './fragments.ts'

/*
 * The price and search alerts (issue 38 item 2; docs/decisions/080 and 081): the cars the watcher
 * compares with their price histories, the alerts it serves, and what the confirmation and the
 * unsubscribe pages read. Alerts are leads and price histories have a dot in their id: both private
 * (`includePrivate`); the vehicle page reads its car's history on the server.
 */

/** These cars if on sale, with what a price alert and a search alert compare (a search alert: the search's words). */
export const ALERT_VEHICLES_QUERY = defineQuery(`*[_type == "vehicle" && status != "sold" && _id in $ids]{
  _id, _createdAt, listedAt, id, price, mileage, status, ${VEHICLE_SEARCH_FACTS}
}`)

/** These price histories with their revision (appended with `ifRevisionID`: one instance records a change). */
export const PRICE_HISTORIES_QUERY = defineQuery(
  `*[_type == "priceHistory" && _id in $ids]{_id, _rev, "vehicle": vehicle._ref, complete, arrival, entries[]{_key, price, at}}`,
)

/** One car's price history (`priceHistory.<vehicle _id>`), for its page's „Preis gesenkt“. */
export const PRICE_HISTORY_QUERY = defineQuery(`*[_type == "priceHistory" && _id == $id][0]{complete, entries[]{price, at}}`)

/** The confirmed alerts, with what they watch and the changes they were already told about. */
export const ACTIVE_ALERTS_QUERY = defineQuery(`*[_type == "lead" && alert.status == "active"]{
  _id, kind, "email": contact.email, "vehicle": vehicle._ref, "query": alert.query, "confirmedAt": alert.confirmedAt, "sent": alert.sent[]._key
}`)

/** A lead with its alert, for the confirmation, the unsubscribe and an alert mail. */
export const ALERT_LEAD_QUERY = defineQuery(`*[_id == $id && _type == "lead"][0]{
  _id, _rev, kind, receivedAt, "email": contact.email, alert, alertClaim,
  "vehicleInfo": vehicle->{_id, id, title, make, model, price, status}
}`)

/** Confirmed alerts of one address (lower case), the lead `$id` left out: the cap of active alerts per address. */
export const ACTIVE_ALERTS_OF_ADDRESS_QUERY = defineQuery(`count(*[_type == "lead" && _id != $id && alert.status == "active" && lower(contact.email) == $to])`)

/**
 * Alert mails to one address (lower case) since `$day`: sent, or being sent right now under a claim
 * since `$claimedSince` (the lead `$id` left out), so the daily cap holds across instances.
 */
export const ALERT_MAILS_OF_ADDRESS_QUERY = defineQuery(`{
  "sent": math::sum(*[_type == "lead" && defined(alert.sent) && lower(contact.email) == $to]{"n": count(alert.sent[at >= $day && !defined(skipped)])}.n),
  "claimed": count(*[_type == "lead" && _id != $id && lower(contact.email) == $to && alertClaim.at >= $claimedSince])
}`)

/** The car an alert mail tells of, as the site shows it (a public read). */
export const ALERT_VEHICLE_QUERY = defineQuery(`*[_id == $id][0]{id, title, make, model, price}`)

/** The signing key of the alerts' links (`secrets.alertLinks`, private; app/alerts/tokens.server.ts). */
export const ALERT_SECRET_QUERY = defineQuery(`*[_id == $id][0].key`)
