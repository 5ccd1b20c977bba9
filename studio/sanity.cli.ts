import { defineCliConfig } from 'sanity/cli'

/*
 * The site reads SANITY_PROJECT_ID / SANITY_DATASET; the Studio bundle only sees SANITY_STUDIO_*
 * variables. The site's values stand in when the Studio ones are unset, so one .env serves both.
 *
 * Setting process.env here is not enough: the CLI may evaluate this file in a worker thread whose
 * environment is a copy. The values therefore also go into the bundle through Vite's `define`.
 */
const projectId = process.env.SANITY_STUDIO_PROJECT_ID || process.env.SANITY_PROJECT_ID
const dataset = process.env.SANITY_STUDIO_DATASET || process.env.SANITY_DATASET
if (projectId) process.env.SANITY_STUDIO_PROJECT_ID = projectId
if (dataset) process.env.SANITY_STUDIO_DATASET = dataset

export default defineCliConfig({
  api: {
    // Same fallbacks as sanity.config.ts, so offline builds and schema commands work without a project.
    projectId: projectId || 'your-project-id',
    dataset: dataset || 'production',
  },
  // The site serves the built Studio under /studio (createServer, app/server/create-server.server.ts).
  project: { basePath: '/studio' },
  deployment: { autoUpdates: false },
  // `npm run typegen`: result types for the site's GROQ queries (paths relative to studio/).
  typegen: {
    path: '../app/**/*.{ts,tsx}',
    schema: '../schema.json',
    generates: '../app/sanity/types.ts',
    overloadClientMethods: false,
  },
  vite: (config: { define?: Record<string, unknown> }) => ({
    ...config,
    define: {
      ...config.define,
      ...(projectId ? { 'process.env.SANITY_STUDIO_PROJECT_ID': JSON.stringify(projectId) } : {}),
      ...(dataset ? { 'process.env.SANITY_STUDIO_DATASET': JSON.stringify(dataset) } : {}),
    },
  }),
})
