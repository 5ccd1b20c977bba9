import { defineQuery } from 'groq'
import { SITE_SETTINGS, VEHICLE_BY_ID } from './fragments.ts'

/*
 * The queries around the inbox: what a lead refers to, and what the notifier reads to send the
 * notification mails (app/submissions/notifier.server.ts). The inbox documents are private on real
 * Sanity, so the notifier reads them with `includePrivate`.
 */

/** The vehicle a lead refers to by its public id (`/vehicles/{id}`): its `_id`, and its price, which a price alert needs. */
export const LEAD_VEHICLE_QUERY = defineQuery(`${VEHICLE_BY_ID}{_id, price}`)

/** The vehicle the enquiry form of the story page (/formulare) is filled in for. */
export const STORY_VEHICLE_QUERY = defineQuery(`${VEHICLE_BY_ID}{id, make, model}`)

/** The vehicle a sell request is a trade-in for (the vehicle page's „Fahrzeug in Zahlung geben?“, issue 26). */
export const TRADE_IN_VEHICLE_QUERY = defineQuery(`${VEHICLE_BY_ID}{id, title, make, model}`)

/** A test drive the sell request takes the person from (trade-in, issue 36): a private read on the server only. */
export const TRADE_IN_TEST_DRIVE_QUERY = defineQuery(`*[_id == $id && _type == "lead" && kind == "test-drive"][0]{_id, receivedAt, contact}`)

/** A stored contact message or lead for its notification mail, with the vehicle it refers to. */
export const NOTIFICATION_DOCUMENT_QUERY = defineQuery(
  `*[_id == $id][0]{..., "vehicleInfo": vehicle->{id, title, make, model, status, price}, "testDriveInfo": testDriveLead->{_id, receivedAt, "slot": fields[name == "slot"][0].value, "vehicle": vehicle->{id, title, make, model}}}`,
)

/** Up to 100 documents of the given types still to notify, received since `$since`, oldest first. */
export const PENDING_NOTIFICATIONS_QUERY = defineQuery(
  `*[_type in $types && !defined(notifiedAt) && defined(receivedAt) && receivedAt >= $since] | order(receivedAt asc)[0...100]._id`,
)

/**
 * The opening hours test drives are offered in (the `general` variant, the vehicle pages' footer) and the dated special hours:
 * the vehicle page offers slots from them, the server checks a submitted slot against them.
 */
export const TEST_DRIVE_HOURS_QUERY = defineQuery(
  `${SITE_SETTINGS}{"specs": openingHours[key == "general"][0].specs[]{days, opens, closes}, specialOpeningHours[]{from, to, closed, opens, closes}}`,
)

/** Up to 100 sell requests whose chosen Besichtigungstermin the dealer has not yet been told of (issue 38), oldest first. */
export const PENDING_APPOINTMENTS_QUERY = defineQuery(
  `*[_type == "lead" && appointmentPending == true && !defined(appointmentNotifiedAt) && defined(receivedAt) && receivedAt >= $since] | order(receivedAt asc)[0...100]._id`,
)

/**
 * The sell request the seller's own cookie names (issue 38): when it came in, and its
 * Besichtigungstermin once chosen. A private read on the server only.
 */
export const SALE_REQUEST_QUERY = defineQuery(
  `*[_id == $id && _type == "lead" && kind == "vehicle-sale"][0]{_id, _rev, receivedAt, appointment, fields[]{_key, _type, name, label, value}}`,
)

/**
 * What a sell request's confirmation needs of the settings (issue 38): the hours slots and the estimate's
 * deadline are counted in, and the Kennzahl „Bewertung innerhalb (Stunden)“.
 */
export const SALE_CONFIRMATION_HOURS_QUERY = defineQuery(
  `${SITE_SETTINGS}{"specs": openingHours[key == "general"][0].specs[]{days, opens, closes}, specialOpeningHours[]{from, to, closed, opens, closes}, "answerHours": claims.valuationHours}`,
)

/** Up to 100 documents whose visitor's receipt is still due, received since `$since`, oldest first. */
export const PENDING_CONFIRMATIONS_QUERY = defineQuery(
  `*[_type in $types && confirmationPending == true && !defined(confirmationSentAt) && defined(receivedAt) && receivedAt >= $since] | order(receivedAt asc)[0...100]._id`,
)

/**
 * What the caps on the visitor's receipts count (app/submissions/notifier.server.ts, docs/decisions/042):
 * receipts to the mailbox `$to` since `$day`, and all receipts since `$hour`, each either sent
 * (`confirmationSentAt`) or being sent right now by some instance (a claim since `$claimedSince`),
 * the document `$id` itself left out. A mailbox is the address in lower case without a `+tag`
 * (`erika+1@example.de` is erika@example.de's, as mailboxOf in the notifier makes `$to`). Counted in
 * the lake, so the caps hold across restarts and instances.
 */
export const RECEIPT_COUNTS_QUERY = defineQuery(`{
  "address": count(*[_type in $types && _id != $id && (confirmationSentAt >= $day || confirmationClaim.at >= $claimedSince)
    && string::split(string::split(lower(coalesce(contact.email, email)), "@")[0], "+")[0] + "@" + string::split(lower(coalesce(contact.email, email)), "@")[1] == $to]),
  "total": count(*[_type in $types && _id != $id && (confirmationSentAt >= $hour || confirmationClaim.at >= $claimedSince)])
}`)

/**
 * What the mails to a visitor name of the dealer: who (with the legal form and the register data of
 * the Impressum, for the signature), how to call, where, and the promised answer time.
 */
export const CONFIRMATION_SETTINGS_QUERY = defineQuery(
  `${SITE_SETTINGS}{dealerName, legalName, legal{managingDirector, registerCourt, registerNumber}, phone, email, address{street, postalCode, city}, "answerHours": claims.valuationHours, "specs": openingHours[key == "general"][0].specs[]{days, opens, closes}, specialOpeningHours[]{from, to, closed, opens, closes}}`,
)

/** An inbox document as it was sent, for comparing it with a new post (submit.server.ts). */
const SUBMISSION_AS_SENT = `{_id, receivedAt, "kind": coalesce(kind, "contact"), "vehicleId": vehicle->id, fields[]{name, value}, name, email, phone, subject, message, page, "photoCount": count(photos), "photosWithheld": defined(photosWithheld)}`

/**
 * The inbox document `$id`, stored under a post's submission key: a post retried with that key
 * finds the request it repeats, or learns that the key was spent on another (submit.server.ts).
 */
export const KEYED_SUBMISSION_QUERY = defineQuery(`*[_type in ["lead", "contactMessage"] && _id == $id][0]${SUBMISSION_AS_SENT}`)

/**
 * A sender's leads and messages of one form since `$since` with the same way back, newest first:
 * submit.server.ts compares their fields with a new post's, so that the same post sent again with a
 * fresh submission key (Back after sending, without JavaScript) is the one request it repeats.
 */
export const RECENT_SUBMISSIONS_QUERY = defineQuery(
  `*[_type in ["lead", "contactMessage"] && coalesce(kind, "contact") == $kind && receivedAt > $since && coalesce(contact.email, email, "") == $email && coalesce(contact.phone, phone, "") == $phone] | order(receivedAt desc)[0...5]${SUBMISSION_AS_SENT}`,
)

/** The photo bytes a sender (`photoBudget.client`, a hash of the address) stored with leads received since `$since` (the photo budget). */
export const PHOTO_BYTES_OF_CLIENT_QUERY = defineQuery(
  `math::sum(*[_type == "lead" && photoBudget.client == $client && receivedAt > $since].photoBudget.bytes)`,
)

/** The photo files every lead names (the embedded lake's orphan sweep reads it in the `raw` perspective: drafts too). */
export const LEAD_PHOTO_FILES_QUERY = defineQuery(`*[_type == "lead" && defined(photos)].photos[].file`)

/** Image assets uploaded for leads (`source.name == $source`) before `$before` that no lead refers to (Sanity's orphan sweep, `raw`). */
export const ORPHAN_PHOTO_ASSETS_QUERY = defineQuery(
  `*[_type == "sanity.imageAsset" && source.name == $source && _createdAt < $before && !(_id in *[_type == "lead"].photos[].image.asset._ref)]._id`,
)

/** A lead or contact message and its draft, with their photos: what an erasure deletes (read `raw`). */
export const ERASURE_VERSIONS_QUERY = defineQuery(`*[_id in [$id, "drafts." + $id]]{_id, photos}`)

/** The photo assets of every other lead: an asset one of them still names is kept. */
export const OTHER_LEADS_PHOTO_ASSETS_QUERY = defineQuery(`*[_type == "lead" && !(_id in [$id, "drafts." + $id])].photos[].image.asset._ref`)

/** How many versions of a document are left (none: what a deleted lead left may go). */
export const VERSIONS_LEFT_QUERY = defineQuery(`count(*[_id in [$id, "drafts." + $id]])`)

/** The settings' „Anfragen automatisch löschen nach … Monaten“ (empty: never). */
export const RETENTION_MONTHS_QUERY = defineQuery(`*[_id == "siteSettings"][0].leadRetentionMonths`)

/** The inbox's documents received before `$before` (drafts included: `raw`). */
export const EXPIRED_INBOX_QUERY = defineQuery(`*[_type in ["lead", "contactMessage"] && receivedAt < $before && !(_id in path("drafts.**"))]._id`)

/** Every inbox document's id (drafts included: `raw`). */
export const EXISTING_INBOX_QUERY = defineQuery(`*[_type in ["lead", "contactMessage"]]._id`)
