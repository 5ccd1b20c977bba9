/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}', '**/__*.*', '**/*.server.*'],
  serverModuleFormat: 'esm',
  postcss: true,
  tailwind: false,
  // Our own subpath imports (package.json "imports") are source, not packages: bundle them.
  serverDependenciesToBundle: [/^#app\//, /^#schemas\//],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
}
