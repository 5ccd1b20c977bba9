/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}', '**/__*.*', '**/*.server.*'],
  serverModuleFormat: 'esm',
  postcss: true,
  tailwind: false,
  // Keep server-only packages out of the browser bundle; they are resolved at runtime.
  serverDependenciesToBundle: [],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
}
