import { BellIcon, CogIcon, DocumentsIcon, DocumentTextIcon, EnvelopeIcon, HomeIcon, InboxIcon, StarIcon, SyncIcon, TimelineIcon } from '@sanity/icons'
import type { ComponentType } from 'react'
import type { StructureBuilder, StructureResolver } from 'sanity/structure'
import { SINGLETON_IDS } from '../schemas'
import { ALERT_STATUSES, CONTACT_STATUSES, LEAD_KINDS, VEHICLE_STATUSES } from '../schemas/lib/constants'
import { DUPLICATE_WINDOW_SECONDS, POSSIBLE_DUPLICATE_FILTER } from '../app/sanity/queries/dashboard'
import { INBOX_TYPES, NEW_INBOX_FILTER } from './inbox-count'
import { InboxCountIcon, NewInboxCountIcon } from './inbox-count-icon'

/**
 * The Studio's left column: the two singletons as fixed documents, the content pages (by path),
 * the vehicle list, the customer reviews and the inbox (contact messages and leads, together and apart), newest first.
 */
export const structure: StructureResolver = (S) =>
  S.list()
    .title('Inhalte')
    .items([
      S.listItem()
        .title('Einstellungen')
        .id(SINGLETON_IDS.siteSettings)
        .icon(CogIcon)
        .child(S.document().schemaType('siteSettings').documentId(SINGLETON_IDS.siteSettings).title('Einstellungen')),
      S.listItem()
        .title('Startseite')
        .id(SINGLETON_IDS.homePage)
        .icon(HomeIcon)
        .child(S.document().schemaType('homePage').documentId(SINGLETON_IDS.homePage).title('Startseite')),
      S.listItem().title('Seiten').id('pages').icon(DocumentTextIcon).child(pageLists(S)),
      S.divider(),
      S.listItem()
        .title('Fahrzeuge')
        .id('vehicles')
        .icon(DocumentsIcon)
        .child(
          S.list()
            .title('Fahrzeuge')
            .items([
              S.listItem()
                .title('Alle Fahrzeuge')
                .id('vehicles-all')
                .icon(DocumentsIcon)
                .child(
                  S.documentTypeList('vehicle')
                    .title('Fahrzeuge')
                    .defaultOrdering([{ field: 'listedAt', direction: 'desc' }]),
                ),
              ...VEHICLE_STATUSES.map(({ title, value }) => vehicleList(S, `vehicles-${value}`, title, 'status == $value', { value })),
              vehicleList(S, 'vehicles-mobile-de', 'Von mobile.de', 'source == "mobile.de"'),
              vehicleList(S, 'vehicles-manual', 'Manuell angelegt', 'source != "mobile.de"'),
              S.divider(),
              S.listItem()
                .title('Abgleich mit mobile.de')
                .id('marketplaceSync')
                .icon(SyncIcon)
                .child(S.document().schemaType('marketplaceSync').documentId('marketplaceSync').title('Abgleich mit mobile.de')),
              // Issue 38: every price a car had (the „Preis gesenkt“ rule, decision 081), written by the site.
              S.listItem()
                .title('Preisverläufe')
                .id('priceHistories')
                .icon(TimelineIcon)
                .child(S.documentTypeList('priceHistory').title('Preisverläufe').initialValueTemplates([])),
            ]),
        ),
      S.listItem()
        .title('Bewertungen')
        .id('reviews')
        .icon(StarIcon)
        .child(
          S.documentTypeList('review')
            .title('Bewertungen')
            .defaultOrdering([{ field: 'date', direction: 'desc' }]),
        ),
      // Its icon is the number of new ones while there are any.
      S.listItem().title('Posteingang').id('inbox').icon(InboxCountIcon).child(inboxLists(S)),
    ])

/**
 * The inbox: what is still to do first. "Neu" shows the live number of new ones where its icon
 * would be (a structure title is computed once; studio/inbox-count-icon.tsx says why not an
 * Observable structure), and each new document carries a "Neu" badge.
 */
function inboxLists(S: StructureBuilder) {
  return S.list()
    .title('Posteingang')
    .items([
      S.listItem()
        .title('Alle Eingänge')
        .id('inbox-all')
        .icon(InboxIcon)
        .child(
          S.documentList()
            .title('Alle Eingänge')
            .apiVersion(INBOX_API_VERSION)
            .filter('_type in $types')
            .params({ types: INBOX_TYPES })
            .defaultOrdering(NEWEST_FIRST)
            .initialValueTemplates([]),
        ),
      ...CONTACT_STATUSES.map(({ title, value }) => inboxStatusList(S, value, title)),
      S.divider(),
      inboxList(S, 'contactMessage', 'Nachrichten', EnvelopeIcon),
      inboxList(S, 'lead', 'Anfragen', DocumentTextIcon),
      // Issue 38: the same person again within 30 days (the Anfragen-Übersicht's GROQ).
      S.listItem()
        .title('Mögliche Dubletten')
        .id('inbox-duplicates')
        .icon(DocumentTextIcon)
        .child(
          S.documentList()
            .title('Mögliche Dubletten')
            .schemaType('lead')
            .apiVersion(INBOX_API_VERSION)
            .filter(POSSIBLE_DUPLICATE_FILTER)
            .params({ windowSeconds: DUPLICATE_WINDOW_SECONDS })
            .defaultOrdering(NEWEST_FIRST)
            .initialValueTemplates([]),
        ),
      S.listItem()
        .title('Anfragen nach Formular')
        .id('inbox-by-form')
        .icon(DocumentTextIcon)
        .child(
          S.list()
            .title('Anfragen nach Formular')
            .items(LEAD_KINDS.map(({ title, value }) => leadKindList(S, value, title))),
        ),
      // Issue 38: „Preis beobachten“ and Suchaufträge with an e-mail address, by the state of their double opt-in.
      S.listItem()
        .title('Benachrichtigungen per E-Mail')
        .id('inbox-alerts')
        .icon(BellIcon)
        .child(
          S.list()
            .title('Benachrichtigungen per E-Mail')
            .items(
              ALERT_STATUSES.map(({ title, value }) =>
                S.listItem()
                  .title(title)
                  .id(`alerts-${value}`)
                  .icon(BellIcon)
                  .child(
                    S.documentList()
                      .title(`Benachrichtigungen: ${title}`)
                      .schemaType('lead')
                      .apiVersion(INBOX_API_VERSION)
                      .filter('_type == "lead" && alert.status == $value')
                      .params({ value })
                      .defaultOrdering(NEWEST_FIRST)
                      .initialValueTemplates([]),
                  ),
              ),
            ),
        ),
    ])
}

/* The inbox's document types (INBOX_TYPES) are written by the site's forms only, so no "create" button. */
const INBOX_API_VERSION = '2025-02-19'
const NEWEST_FIRST = [{ field: 'receivedAt', direction: 'desc' as const }]

function inboxList(S: StructureBuilder, type: string, title: string, icon: ComponentType) {
  return S.listItem().title(title).id(type).icon(icon).child(S.documentTypeList(type).title(title).defaultOrdering(NEWEST_FIRST).initialValueTemplates([]))
}

/** A filtered vehicle list (by status or origin), newest first. */
function vehicleList(S: StructureBuilder, id: string, title: string, filter: string, params: Record<string, string> = {}) {
  return S.listItem()
    .title(title)
    .id(id)
    .icon(DocumentsIcon)
    .child(
      S.documentList()
        .title(title)
        .schemaType('vehicle')
        .apiVersion(INBOX_API_VERSION)
        .filter(`_type == "vehicle" && ${filter}`)
        .params(params)
        .defaultOrdering([{ field: 'listedAt', direction: 'desc' }]),
    )
}

/** Leads and messages in one state ("Neu", "In Bearbeitung", "Erledigt"); a missing status counts as new. */
function inboxStatusList(S: StructureBuilder, status: string, title: string) {
  const isNew = status === 'neu'
  const filter = isNew ? NEW_INBOX_FILTER : '_type in $types && status == $status'
  return S.listItem()
    .title(title)
    .id(`inbox-${status.replace(/\s+/g, '-').toLowerCase()}`)
    .icon(isNew ? NewInboxCountIcon : InboxIcon)
    .child(
      S.documentList()
        .title(title)
        .apiVersion(INBOX_API_VERSION)
        .filter(filter)
        .params({ types: INBOX_TYPES, status })
        .defaultOrdering(NEWEST_FIRST)
        .initialValueTemplates([]),
    )
}

/** The leads of one form, e.g. every "Fahrzeugbewertung". */
function leadKindList(S: StructureBuilder, kind: string, title: string) {
  return S.listItem()
    .title(title)
    .id(`lead-${kind}`)
    .icon(DocumentTextIcon)
    .child(
      S.documentList()
        .title(title)
        .schemaType('lead')
        .apiVersion(INBOX_API_VERSION)
        .filter('_type == "lead" && kind == $kind')
        .params({ kind })
        .defaultOrdering(NEWEST_FIRST)
        .initialValueTemplates([]),
    )
}

const BY_PATH = [{ field: 'path', direction: 'asc' as const }]

/*
 * The pages grouped as staff think of them: by where they sit (path prefix), plus all of them.
 * "Neu" in Standorte starts a city page, in Leistungen a service page.
 */
const UNDER_LOCATIONS = 'string::startsWith(path, "/locations")'
const UNDER_SERVICES = 'string::startsWith(path, "/services")'
const LEGAL = 'path in ["/impressum", "/datenschutz"]'
const PAGE_GROUPS = [
  // One template each: "+" there opens the new page at once, without a menu to choose from.
  // `creates`: the templates whose new pages open in this list (one list each; the legal pages are fixed).
  { id: 'pages-locations', title: 'Standorte', filter: UNDER_LOCATIONS, templates: ['page-city'], creates: ['page-city'] },
  { id: 'pages-services', title: 'Leistungen', filter: UNDER_SERVICES, templates: ['page-service'], creates: ['page-service'] },
  { id: 'pages-legal', title: 'Rechtliches', filter: LEGAL, templates: ['page'], creates: [] as string[] },
  // Everything else, and new pages that have no path yet (they would be in no list otherwise).
  {
    id: 'pages-other',
    title: 'Weitere Seiten',
    filter: `!defined(path) || !(${UNDER_LOCATIONS} || ${UNDER_SERVICES} || ${LEGAL})`,
    templates: ['page', 'page-city', 'page-service'],
    creates: ['page'],
  },
]

function pageLists(S: StructureBuilder) {
  return S.list()
    .title('Seiten')
    .items([
      ...PAGE_GROUPS.map((group) =>
        S.listItem()
          .title(group.title)
          .id(group.id)
          .icon(DocumentTextIcon)
          .child(
            S.documentList()
              .title(group.title)
              .schemaType('page')
              .apiVersion(INBOX_API_VERSION)
              .filter(`_type == "page" && (${group.filter})`)
              .defaultOrdering(BY_PATH)
              // A page „+“ starts here opens here, in the list staff were in; a filtered list otherwise handles
              // no intent, and the Studio opened it under „Alle Seiten“.
              .canHandleIntent((intent, params) => intent === 'create' && params.type === 'page' && group.creates.includes(String(params.template)))
              // Last: any later call of the builder infers the templates from the type again (every page template).
              .initialValueTemplates(group.templates.map((id) => S.initialValueTemplateItem(id))),
          ),
      ),
      S.divider(),
      S.listItem().title('Alle Seiten').id('pages-all').icon(DocumentsIcon).child(S.documentTypeList('page').title('Alle Seiten').defaultOrdering(BY_PATH)),
    ])
}
