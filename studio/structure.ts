import { CogIcon, DocumentsIcon, EnvelopeIcon, HomeIcon } from '@sanity/icons'
import type { StructureResolver } from 'sanity/structure'
import { SINGLETON_IDS } from '../schemas'

/**
 * The Studio's left column: the two singletons as fixed documents, the vehicle list and
 * the inbox of contact messages, newest first.
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
      S.divider(),
      S.listItem()
        .title('Fahrzeuge')
        .id('vehicles')
        .icon(DocumentsIcon)
        .child(
          S.documentTypeList('vehicle')
            .title('Fahrzeuge')
            .defaultOrdering([{ field: 'listedAt', direction: 'desc' }]),
        ),
      S.listItem()
        .title('Posteingang')
        .id('inbox')
        .icon(EnvelopeIcon)
        .child(
          S.documentTypeList('contactMessage')
            .title('Posteingang')
            .defaultOrdering([{ field: 'receivedAt', direction: 'desc' }])
            // Messages come from the site's forms only: no "create" button.
            .initialValueTemplates([]),
        ),
    ])
