import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError, useRouteLoaderData } from '@remix-run/react'
import { type ReactNode } from 'react'
import { HydrationBoundary } from '#app/utils/hydration.tsx'
import { FocusOnReturn, NavigationProgress, RouteAnnouncer } from '#app/components/navigation-feedback.tsx'
import { ErrorHero, SERVER_ERROR_TEXT } from '#app/components/error-hero.tsx'
import { NotFound, NotFoundRefresh } from '#app/components/not-found.tsx'
import { SiteFooter } from '#app/components/site-footer.tsx'
import { siteHeaderFit } from '#app/components/header-fit.ts'
import { SiteHeader } from '#app/components/site-header.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { Toaster } from '#app/components/ui/toaster.tsx'
import { loadSiteSettings, siteSettingsForPages } from '#app/utils/site-settings.server.ts'
import { siteStructuredData } from '#app/seo/page-graph.ts'
import { perspectiveParam, previewOverlaysScript } from '#app/preview/preview.server.ts'
import { useNonce } from '#app/utils/nonce-provider.ts'
import { wantsTransparentHeader } from '#app/utils/route-handle.ts'
import styles from './tailwind.css'
import { skipRevalidationForSubject } from '#app/utils/should-revalidate.ts'
import { dealerTitle } from '#app/utils/format.ts'

// Loader data types follow single fetch (raw objects, promises, Dates) rather than JSON.
declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // The home-screen icon iOS asks for (it also requests /apple-touch-icon.png unasked): opaque, 180 × 180.
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
]

/**
 * Site settings for the shell (header, footer) and every page (useSiteSettings), and the public
 * origin (SITE_URL) that meta functions need for canonical and share URLs. Nothing secret here:
 * it all reaches the browser.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const settings = await loadSiteSettings(context.lake)
  if (!settings) {
    throw new Response('Die Website-Einstellungen fehlen im Content Lake (Dokument „siteSettings“).', { status: 500 })
  }
  const forPages = siteSettingsForPages(settings, new Date())
  const siteUrl = new URL(context.env.SITE_URL).origin
  return {
    settings: forPages,
    // Where the header's links and number fit, estimated here so its code stays out of the browser's scripts.
    headerFit: siteHeaderFit(forPages),
    siteUrl,
    // Every page's JSON-LD nodes (Organization, WebSite), made here so their builders stay out of the browser's scripts (decision 120).
    structuredData: siteStructuredData({ url: siteUrl, settings: forPages }),
    // Staff in the Studio's preview: which content they see (drafts, a release) and the overlays' script; null for everyone else.
    preview: context.preview ? { perspective: perspectiveParam(context.preview.perspective), script: previewOverlaysScript() } : null,
    // The page is drawn with a refused form post (pageMeta then starts its title with „Fehler:“).
    ...(context.refusedPost ? { refusedPost: true } : {}),
  }
}

/** A changed `?betreff=` preselects the contact form's subject; no loader reads it. */
export const shouldRevalidate = skipRevalidationForSubject

/** Default title and description; pages with their own SEO fields replace them. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (error) {
    const title = isRouteErrorResponse(error) && error.status === 404 ? 'Seite nicht gefunden' : 'Fehler'
    const dealer = data?.settings.dealerName
    return [{ title: dealerTitle(title, dealer) }, { name: 'robots', content: 'noindex' }]
  }
  const seo = data?.settings.seo
  return [{ title: seo?.title ?? data?.settings.dealerName ?? '' }, ...(seo?.description ? [{ name: 'description', content: seo.description }] : [])]
}

/**
 * The document around every page, the error pages included. The root loader's data may be
 * missing here (when it failed): then the page renders without header and footer.
 */
export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root')
  const settings = rootData?.settings
  const nonce = useNonce()
  const transparentHeader = useMatches().some((match) => wantsTransparentHeader(match.handle, match.data))
  // Set while the root's ErrorBoundary renders: every unknown path ends there (content pages pass their 404 on).
  const error = useRouteError()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <html lang="de">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#09090b" />
        <Meta />
        <Links />
        {notFound ? <NotFoundRefresh /> : null}
      </head>
      <body className="flex min-h-svh flex-col">
        <a
          href="#main"
          // Off-screen until focused (the first Tab stop), then above the fixed header.
          className="fixed top-3 left-3 z-[60] -translate-y-[200%] print:hidden rounded-lg bg-amber-400 px-5 py-3 font-bold text-zinc-950 shadow-lg focus:translate-y-0 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Zum Inhalt springen
        </a>
        <NavigationProgress />
        {settings && rootData ? (
          <HydrationBoundary>
            <SiteHeader settings={settings} fit={rootData.headerFit} transparentAtTop={transparentHeader} />
          </HydrationBoundary>
        ) : null}
        <main id="main" tabIndex={-1} className={`flex-1 ${transparentHeader ? '' : 'pt-header'} print:pt-0`}>
          <HydrationBoundary>{children}</HydrationBoundary>
        </main>
        {settings ? (
          <HydrationBoundary>
            <SiteFooter settings={settings} />
          </HydrationBoundary>
        ) : null}
        <RouteAnnouncer />
        <FocusOnReturn />
        <Toaster />
        {rootData?.preview?.script ? (
          // The Studio's overlays, built apart from the site's bundles (docs/decisions/031).
          <script type="module" src={rootData.preview.script} nonce={nonce} data-preview-perspective={rootData.preview.perspective} />
        ) : null}
        {/* New navigations start at the top; back and forward restore the position (spec §2). */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

/** Errors no route handled: unknown pages get the not-found page, everything else a plain German 500. */
export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  return (
    <ErrorHero status={500} title="Ein Fehler ist aufgetreten" text={SERVER_ERROR_TEXT}>
      <div className="mt-10">
        {/* reloadDocument: after a failed render a full page load is the surest way back. */}
        <Link to="/" reloadDocument className={buttonClasses({ variant: 'primary', size: 'lg' })}>
          Zur Startseite
        </Link>
      </div>
    </ErrorHero>
  )
}
