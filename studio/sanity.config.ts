import { createClient } from '@sanity/client'
import { deDELocale } from '@sanity/locale-de-de'
import { visionTool } from '@sanity/vision'
import { createMockAuthStore, defineConfig, type DocumentActionComponent } from 'sanity'
import { presentationTool } from 'sanity/presentation'
import { structureTool } from 'sanity/structure'
import { schemaTypes, SINGLETON_IDS } from '../schemas'
import {
  DeleteLeadWithPhotosAction,
  DetachFromSyncAction,
  FromMobileDeBadge,
  InboxStatusBadge,
  PossibleDuplicateBadge,
  publishKeepingFormerAddress,
  ReplyByMailAction,
  VehicleBadges,
} from './actions'
import { FigurePreview } from '../schemas/components/figure-inputs'
import { FormInput } from '../schemas/components/form-input'
import { PAGE_TEMPLATES } from '../schemas/lib/page-templates'
import { PREVIEW_MODE, presentationResolve, previewOrigin } from './presentation'
import { GermanLabelsLayout, structureGermanGaps, studioGermanGaps } from './locale-gaps'
import { leadDashboard } from './lead-dashboard'
import { structure } from './structure'

/*
 * The Studio at /studio. Project and dataset come from SANITY_STUDIO_PROJECT_ID / SANITY_STUDIO_DATASET
 * (sanity.cli.ts maps the site's SANITY_PROJECT_ID / SANITY_DATASET onto them). The fallbacks only
 * exist so that `sanity build` and schema commands run without a project.
 */
const projectId = process.env.SANITY_STUDIO_PROJECT_ID || 'your-project-id'
const dataset = process.env.SANITY_STUDIO_DATASET || 'production'
const apiVersion = '2025-02-19'

/** Types with exactly one document, edited in place: never created, duplicated or deleted. */
const singletonTypes = new Set<string>(Object.keys(SINGLETON_IDS))
const singletonActions = new Set(['publish', 'discardChanges', 'restore'])

/** Contact messages are written by the site only; staff may change their status or delete them. */
const inboxTypes = new Set(['contactMessage', 'lead'])
/** Written by the site only: the marketplace sync (one document, `marketplaceSync`) and each car's price history. */
const syncTypes = new Set(['marketplaceSync', 'priceHistory'])
const notCreatable = new Set([...singletonTypes, ...inboxTypes, ...syncTypes])

/*
 * Offline (SANITY_OFFLINE=1), `sanity schema validate` / `schema extract` would try to reach the
 * auth API and fail; a mock auth store with no user keeps them local (docs: DESIGN.md §3).
 */
const offlineAuth =
  process.env.SANITY_OFFLINE === '1'
    ? createMockAuthStore({
        client: createClient({ projectId, dataset, apiVersion, useCdn: false }),
        currentUser: null,
      })
    : undefined

export default defineConfig({
  name: 'default',
  title: 'Ruhrstern Automobile',
  // No workspace basePath: the one workspace sits at the Studio's root. The Studio's own base path
  // (/studio) is set once, in sanity.cli.ts; set here too, the bundle added one to the other
  // (/studio/studio) and every deep link showed "Workspace not found" (issue 19).
  projectId,
  dataset,
  ...(offlineAuth ? { auth: offlineAuth } : {}),
  plugins: [
    structureTool({ structure, title: 'Inhalte' }),
    // Side-by-side preview of drafts (issue 14). The site's preview-mode route checks the tool's
    // secret; SANITY_STUDIO_PREVIEW_ORIGIN only when the Studio is not served by the site itself.
    presentationTool({
      title: 'Vorschau',
      previewUrl: {
        initial: ({ origin }) => previewOrigin(process.env.SANITY_STUDIO_PREVIEW_ORIGIN, origin),
        previewMode: PREVIEW_MODE,
      },
      resolve: presentationResolve,
    }),
    // Leads per week, form and page, answered in time, possible duplicates (issue 38): for every member of staff.
    leadDashboard(),
    visionTool({ defaultApiVersion: apiVersion, title: 'GROQ' }),
    deDELocale(),
  ],
  // The GROQ tool reads every document, the inbox's personal data included: administrators only.
  tools: (previous, { currentUser }) =>
    currentUser?.roles.some((role) => role.name === 'administrator') ? previous : previous.filter((tool) => tool.name !== 'vision'),
  // German for every member of staff, whatever the browser's language: the only locale offered.
  // What the German bundle lacks (raw keys otherwise: nothing to fall back on), decision 073.
  i18n: { locales: (locales) => locales.filter((locale) => locale.id === 'de-DE'), bundles: [studioGermanGaps, structureGermanGaps] },
  // And the few labels Sanity writes in English without a key („Close dialog“, „Field actions“).
  studio: { components: { layout: GermanLabelsLayout } },
  schema: {
    types: schemaTypes,
    // Hide the singletons and the inbox from every "create new document" menu.
    // Plus "Städte-Seite" and "Leistungsseite": new pages with the usual sections (issue 27).
    templates: (templates) => [...templates.filter((template) => !notCreatable.has(template.schemaType)), ...PAGE_TEMPLATES],
  },
  // Kennzahlen in copy: „Kennzahl einfügen“ beside every copy field, previews with the figures' values (decision 054);
  // numbers as Germans write them, „24.500“ (decision 107).
  form: { components: { input: FormInput, preview: FigurePreview } },
  document: {
    newDocumentOptions: (previous) => previous.filter((item) => !notCreatable.has(item.templateId)),
    actions: (previous, context) => {
      if (singletonTypes.has(context.schemaType)) {
        return previous.filter(({ action }) => action !== undefined && singletonActions.has(action))
      }
      if (inboxTypes.has(context.schemaType)) {
        // A lead is deleted with its photos (docs/decisions/041): its own action instead of the Studio's.
        if (context.schemaType === 'lead') {
          return [
            ReplyByMailAction,
            ...previous.filter(({ action }: DocumentActionComponent) => action !== 'duplicate' && action !== 'delete'),
            DeleteLeadWithPhotosAction,
          ]
        }
        return [ReplyByMailAction, ...previous.filter(({ action }: DocumentActionComponent) => action !== 'duplicate')]
      }
      // A renamed page or car keeps its old address as a former one (studio/actions.tsx, decision 099).
      const keepingFormer = (former: Parameters<typeof publishKeepingFormerAddress>[1]) =>
        previous.map((action) => (action.action === 'publish' ? publishKeepingFormerAddress(action, former) : action))
      if (context.schemaType === 'vehicle') return [...keepingFormer({ field: 'id', formerField: 'previousIds' }), DetachFromSyncAction]
      if (context.schemaType === 'page') return keepingFormer({ field: 'path', formerField: 'previousPaths' })
      return previous
    },
    badges: (previous, context) => {
      // Not Sanity's „Live“ and publish badges: the site writes an inbox item, staff only set its status.
      if (inboxTypes.has(context.schemaType)) return [InboxStatusBadge, PossibleDuplicateBadge]
      if (context.schemaType === 'vehicle') return [VehicleBadges, FromMobileDeBadge, ...previous]
      return previous
    },
  },
})
