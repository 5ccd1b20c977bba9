import { defineQuery } from 'groq'

/*
 * The Studio's „Anfragen-Übersicht“ (issue 38 item 5, studio/lead-dashboard.tsx): every number is
 * counted by these queries in the lake, so the Studio (Sanity) and the embedded lake agree
 * (app/sanity/queries/dashboard.test.ts holds both to hand-counted figures). Leads only; the same
 * filters as the inbox lists: a form (`$kind`) and a state (`$status`, a missing one counts as
 * „neu“), or null for all, within [`$from`, `$to`).
 */

/** The leads the filters select. */
const LEADS = `_type == "lead" && defined(receivedAt) && receivedAt >= $from && receivedAt < $to && ($kind == null || kind == $kind) && ($status == null || coalesce(status, "neu") == $status)`

/**
 * Another lead of the same person within the window (`$windowSeconds`, 30 days) either side of the
 * lead in scope `^`: the same e-mail address (ignoring case) or the same phone number as typed.
 */
export const SAME_PERSON_NEARBY = `_type == "lead" && _id != ^._id && defined(receivedAt)
  && ((defined(^.contact.email) && lower(contact.email) == lower(^.contact.email)) || (defined(^.contact.phone) && contact.phone == ^.contact.phone))
  && dateTime(receivedAt) > dateTime(^.receivedAt) - $windowSeconds && dateTime(receivedAt) < dateTime(^.receivedAt) + $windowSeconds`

/** A lead that is a „Mögliche Dublette“: the inbox's list of them (studio/structure.ts) and the badge on one (studio/actions.tsx). */
export const POSSIBLE_DUPLICATE_FILTER = `_type == "lead" && defined(receivedAt) && count(*[${SAME_PERSON_NEARBY}]) > 0`

/** Whether the lead `$id` is a possible duplicate (the badge on an open lead). */
export const IS_POSSIBLE_DUPLICATE_QUERY = defineQuery(`count(*[_id == $id && ${POSSIBLE_DUPLICATE_FILTER}]) > 0`)

/** Where a lead came from: the page a seller came to the sell request from (`sourcePage`), else the page with the form. */
const ORIGIN = 'coalesce(sourcePage, page)'

/** The pages the selected leads were sent from, each once (the rows of „Nach Seite“). */
export const DASHBOARD_PAGES_QUERY = defineQuery(`array::unique(*[${LEADS} && defined(${ORIGIN})]{"page": ${ORIGIN}}.page)`)

/**
 * The figures: all selected leads; per week (`$weeks`: `{start, end}`, Monday 00:00 Berlin each);
 * per form (`$kinds`: `{kind}`); per page (`$pages`: `{page}`) with the sell requests among them
 * (`$sellerKinds`: the forms of sellers); those answered (`answeredAt`, set when staff first reply)
 * and answered within `$promiseSeconds` (the Kennzahl „Bewertung innerhalb (Stunden)“); and the
 * possible duplicates, newest first.
 */
export const DASHBOARD_QUERY = defineQuery(`{
  "total": count(*[${LEADS}]),
  "weeks": $weeks[]{start, end, "count": count(*[${LEADS} && receivedAt >= ^.start && receivedAt < ^.end])},
  "forms": $kinds[]{kind, "count": count(*[${LEADS} && kind == ^.kind])},
  "pages": $pages[]{page, "count": count(*[${LEADS} && ${ORIGIN} == ^.page]), "sellers": count(*[${LEADS} && ${ORIGIN} == ^.page && kind in $sellerKinds])},
  "answered": count(*[${LEADS} && defined(answeredAt)]),
  "answeredInTime": count(*[${LEADS} && defined(answeredAt) && dateTime(answeredAt) - dateTime(receivedAt) <= $promiseSeconds]),
  "duplicates": *[${LEADS} && count(*[${SAME_PERSON_NEARBY}]) > 0] | order(receivedAt desc){_id, kind, receivedAt, page}
}`)

/** The Kennzahl „Bewertung innerhalb (Stunden)“: the time the dashboard's „answered in time“ is measured against. */
export const DASHBOARD_PROMISE_HOURS_QUERY = defineQuery(`*[_id == "siteSettings"][0].claims.valuationHours`)

/** 30 days either side: what makes two leads of one address or number „Mögliche Dublette“. */
export const DUPLICATE_WINDOW_SECONDS = 30 * 24 * 60 * 60

/** The forms whose leads are sellers (the „Nach Seite“ column that says which page sells). */
export const SELLER_KINDS = ['valuation', 'valuation-bmw', 'brand-purchase', 'student', 'vehicle-sale']
