import { inlineTextHash } from '#app/server/security-headers.server.ts'
import { escapeHtml } from '#app/utils/html.server.ts'

/*
 * What /studio answers while the site runs on the embedded content lake (no SANITY_PROJECT_ID):
 * the Studio logs in through a Sanity project, so without one it could only fail. Staff get this
 * page instead, saying how to connect a project and how content is changed until then (issue 14).
 * No script and no external file: one server-rendered document that reads on a phone.
 */

const STYLE = `
  body { margin: 0; font: 1rem/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1c1917; background: #fafaf9; }
  main { max-width: 44rem; margin: 0 auto; padding: 2rem 1.25rem 3rem; }
  h1 { font-size: 1.6rem; line-height: 1.25; margin: 0 0 1rem; }
  h2 { font-size: 1.2rem; margin: 2.25rem 0 0.75rem; }
  ol, ul { padding-left: 1.4rem; }
  li { margin: 0.6rem 0; }
  code, pre { font: 0.9rem/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: #e7e5e4; border-radius: 0.25rem; }
  code { padding: 0.05rem 0.3rem; overflow-wrap: anywhere; }
  pre { padding: 0.6rem 0.8rem; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
  pre code { padding: 0; background: none; }
  a { color: #92400e; }
  .note { border-left: 4px solid #f59e0b; background: #fffbeb; padding: 0.75rem 1rem; }
`

/** Its stylesheet's hash, for the page's policy (style elements are let in by hash, docs/decisions/015). */
export const STUDIO_UNAVAILABLE_STYLE_HASH = inlineTextHash(STYLE)

/** The page's heading: what the e2e test and staff look for. */
export const STUDIO_UNAVAILABLE_HEADING = 'Das Studio braucht ein Sanity-Projekt'

export interface StudioUnavailableOptions {
  /** The site's origin (SITE_URL): the address to allow in the project's CORS settings. */
  siteOrigin: string
}

/** The German HTML document /studio answers on the embedded lake: how to connect a Sanity project, and what works today. */
export function studioUnavailablePage({ siteOrigin }: StudioUnavailableOptions): string {
  const origin = escapeHtml(siteOrigin)
  return `<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Studio nicht verbunden | Ruhrstern Automobile</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${STUDIO_UNAVAILABLE_HEADING}</h1>
<p class="note">Diese Website läuft ohne Sanity-Projekt, mit den eingebetteten Inhalten aus dem Ordner <code>content/</code>. Die Website selbst funktioniert vollständig; nur das Sanity Studio nicht: Dort meldet man sich über ein Sanity-Projekt an, und es ist noch keins verbunden.</p>

<h2>So verbinden Sie ein Sanity-Projekt</h2>
<ol>
<li><strong>Projekt anlegen:</strong> Auf <a href="https://www.sanity.io/manage">sanity.io/manage</a> ein neues Projekt mit dem Dataset <code>production</code> anlegen und die Projekt-ID notieren (z. B. <code>abc123xy</code>).</li>
<li><strong>Inhalte importieren:</strong> Die Startinhalte der Website (Seiten, Fahrzeuge, Einstellungen, Bilder) in das Projekt laden:
<pre><code>cd studio
npx sanity login
SANITY_STUDIO_PROJECT_ID=abc123xy npx sanity dataset import ../content/production.ndjson production</code></pre></li>
<li><strong>Token anlegen:</strong> In sanity.io/manage unter <em>API → Tokens</em> ein Token mit Schreibrechten (Editor) erzeugen. Es bleibt auf dem Server und gelangt nie in den Browser.</li>
<li><strong>Variablen setzen und neu bauen:</strong> Der Server braucht <code>SANITY_PROJECT_ID</code>, <code>SANITY_DATASET</code> und <code>SANITY_WRITE_TOKEN</code> (alle drei). Das Studio erhält die Projekt-ID beim Bauen (<code>SANITY_STUDIO_PROJECT_ID</code>, sonst <code>SANITY_PROJECT_ID</code>):
<pre><code>SANITY_PROJECT_ID=abc123xy SANITY_DATASET=production npm run build
SANITY_PROJECT_ID=abc123xy SANITY_DATASET=production SANITY_WRITE_TOKEN=sk… npm start</code></pre></li>
<li><strong>CORS erlauben:</strong> In sanity.io/manage unter <em>API → CORS origins</em> die Adresse der Website <code>${origin}</code> mit <em>Allow credentials</em> eintragen, damit das Studio unter <code>${origin}/studio</code> mit Anmeldung auf das Projekt zugreifen darf.</li>
</ol>
<p>Danach zeigt diese Adresse die Anmeldung des Studios. Dort bearbeitet das Team Texte, Kennzahlen, Öffnungszeiten und Fahrzeuge und sieht Änderungen vor dem Veröffentlichen in der <strong>Vorschau</strong>.</p>

<h2>Inhalte ändern ohne Sanity-Projekt</h2>
<ul>
<li><strong>Seiten</strong> (Leistungen, Über uns, Kontakt, Standorte, Impressum, Datenschutz): Jede Seite ist eine Datei in <code>content/pages/*.json</code>. Nach dem Ändern mit <code>npm run seed:pages</code> in die Startinhalte <code>content/production.ndjson</code> übernehmen.</li>
<li><strong>Startseite, Einstellungen</strong> (Kennzahlen, Öffnungszeiten, Kontaktdaten) <strong>und Fahrzeuge</strong> stehen als je ein Dokument direkt in <code>content/production.ndjson</code>; Fahrzeuge kommen sonst über den Abgleich mit mobile.de.</li>
<li>Danach den Server neu starten (<code>npm start</code>): Die eingebetteten Inhalte werden beim Start gelesen.</li>
</ul>
<p>Mehr dazu in der <code>README.md</code> des Projekts (Abschnitte „Content: embedded or Sanity“ und „Vorschau / Preview“).</p>
</main>
</body>
</html>
`
}
