import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv } from '#app/env.server.ts'
import { EmbeddedLake } from '#app/lake/embedded-lake.server.ts'
import { BACKENDS, openTestLake } from '#tests/lake-backends.ts'
import { captureLogs, LEVEL } from '#tests/log-capture.ts'
import { contentFindings, environmentFindings, type Finding, formatFindings, isLocalHost, logFindings, preflight, preflightReport } from './preflight.server'

/** A deployment with everything a live site needs. */
const READY = {
  NODE_ENV: 'production',
  SITE_URL: 'https://www.ruhrstern-automobile.de',
  SMTP_URL: 'smtps://website:geheim@smtp.example.de:465',
  MAIL_FROM: 'Website <noreply@ruhrstern-automobile.de>',
  SANITY_PROJECT_ID: 'abc123xy',
  SANITY_DATASET: 'production',
  SANITY_WRITE_TOKEN: 'sk-write-token',
  REVALIDATE_SECRET: 'revalidate-secret-0123456789',
}

const checksOf = (findings: Finding[], severity: Finding['severity']) =>
  findings.filter((finding) => finding.severity === severity).map((finding) => finding.check)

describe('environmentFindings', () => {
  it('a complete deployment is missing nothing and still hears about indexing and the marketplace', () => {
    const findings = environmentFindings(parseEnv(READY))
    expect(checksOf(findings, 'missing')).toEqual([])
    expect(checksOf(findings, 'info')).toEqual(['SANITY', 'MOBILE_DE', 'ALLOW_INDEXING'])
    expect(findings.find((finding) => finding.check === 'ALLOW_INDEXING')?.message).toMatch(/^ALLOW_INDEXING=true: Suchmaschinen dürfen/)
  })

  it('the README demo (nothing set) is missing SITE_URL, SMTP, the sender and Sanity', () => {
    const findings = environmentFindings(parseEnv({ NODE_ENV: 'production' }))
    expect(checksOf(findings, 'missing')).toEqual(['SITE_URL', 'SMTP_URL', 'MAIL_FROM', 'SANITY'])
    expect(findings[0]?.message).toContain('http://localhost:3000')
    expect(findings.find((finding) => finding.check === 'MAIL_FROM')?.message).toContain('(noreply@localhost)')
  })

  it('a local SITE_URL counts as unset: localhost, 127.x, ::1 and .local names', () => {
    for (const url of ['http://localhost:8080', 'http://127.0.0.2', 'http://[::1]:3000', 'https://haendler.local', 'http://shop.localhost']) {
      expect(checksOf(environmentFindings(parseEnv({ ...READY, SITE_URL: url })), 'missing'), url).toEqual(['SITE_URL'])
    }
    expect(isLocalHost('www.example.de')).toBe(false)
    expect(isLocalHost('127.example.de')).toBe(false)
  })

  it('Sanity without REVALIDATE_SECRET, or pointed at a test host; mobile.de without SYNC_TOKEN; the forms test page', () => {
    const mobileDe = { MOBILE_DE_USERNAME: 'haendler', MOBILE_DE_PASSWORD: 'passwort', MOBILE_DE_SELLER_ID: '12345678' }
    const findings = environmentFindings(
      parseEnv({ ...READY, REVALIDATE_SECRET: '', SANITY_API_HOST: 'http://127.0.0.1:3212', FORMS_PAGE: 'true', ...mobileDe }),
    )
    expect(checksOf(findings, 'missing')).toEqual(['REVALIDATE_SECRET', 'SANITY_API_HOST', 'SYNC_TOKEN', 'FORMS_PAGE'])
    expect(checksOf(environmentFindings(parseEnv({ ...READY, ...mobileDe, SYNC_TOKEN: 'sync-token-0123456789' })), 'missing')).toEqual([])
  })

  it('ALLOW_INDEXING=false is reported as information, not as missing', () => {
    const findings = environmentFindings(parseEnv({ ...READY, ALLOW_INDEXING: 'false' }))
    expect(checksOf(findings, 'missing')).toEqual([])
    expect(findings.find((finding) => finding.check === 'ALLOW_INDEXING')?.message).toMatch(/^ALLOW_INDEXING=false: Suchmaschinen werden ausgesperrt/)
  })
})

describe.each(BACKENDS)('contentFindings on the %s lake', (backend) => {
  it('finds the seed’s „(Beispiel)“ values and zero numbers of the Impressum, and none once the dealer entered theirs', async () => {
    const { lake, close } = await openTestLake(backend)
    try {
      const seeded = await contentFindings(lake)
      expect(seeded.map((finding) => finding.message)).toEqual([
        'Website-Einstellungen, Feld legal.managingDirector: „Markus Brandt (Beispiel)“ ist ein Platzhalter der Beispieldaten.',
        'Website-Einstellungen, Feld legal.registerNumber: „HRB 00000 (Beispiel)“ ist ein Platzhalter der Beispieldaten.',
        'Website-Einstellungen, Feld legal.vatId: „DE000000000 (Beispiel)“ ist ein Platzhalter der Beispieldaten.',
        'Website-Einstellungen, Feld legal.contentResponsible: „Markus Brandt (Beispiel)“ ist ein Platzhalter der Beispieldaten.',
        'Website-Einstellungen, Feld legal.lender: „Beispielbank AG (Beispiel), Bankplatz 1, 45127 Essen“ ist ein Platzhalter der Beispieldaten.',
      ])
      await lake.mutate([
        {
          patch: {
            id: 'siteSettings',
            set: {
              'legal.managingDirector': 'Markus Brandt',
              'legal.registerNumber': 'HRB 31415',
              'legal.vatId': 'DE271828182',
              'legal.contentResponsible': 'Markus Brandt',
              'legal.lender': 'Sparkasse Essen, III. Hagen 43, 45127 Essen',
            },
          },
        },
      ])
      expect(await contentFindings(lake)).toEqual([])
      // A placeholder an editor pastes into a legal page is found too.
      await lake.mutate([{ patch: { id: 'page-datenschutz', set: { intro: 'Stand: Januar 2025 (Beispiel)' } } }])
      expect((await contentFindings(lake)).map((finding) => finding.message)).toEqual([
        'Seite /datenschutz: „Stand: Januar 2025 (Beispiel)“ ist ein Platzhalter der Beispieldaten.',
      ])
    } finally {
      await close()
    }
  })
})

describe('preflight', () => {
  it('a lake that cannot be read is one missing finding, after those of the environment', async () => {
    const unreadable = {
      kind: 'sanity' as const,
      fetch: () => Promise.reject(new Error('getaddrinfo ENOTFOUND abc123xy.apicdn.sanity.io')),
      mutate: () => Promise.reject(new Error('not used')),
    }
    const findings = await preflight({ env: parseEnv(READY), lake: unreadable })
    expect(findings.at(-1)).toEqual({
      severity: 'missing',
      check: 'content',
      message: expect.stringMatching(/^Die Inhalte konnten nicht gelesen werden: getaddrinfo/),
    })
  })

  it('npm run preflight’s list and the start-up warnings say the same', async () => {
    const { lake, close } = await openTestLake('embedded')
    try {
      const findings = await preflight({ env: parseEnv({ NODE_ENV: 'production' }), lake })
      const report = formatFindings(findings)
      expect(report).toMatch(/^Vorabprüfung für den Livebetrieb\n\nEs fehlt:\n {2}✗ SITE_URL ist nicht gesetzt/)
      expect(report).toContain('  • ALLOW_INDEXING=true')
      expect(report).toMatch(/Noch nicht bereit: 9 Punkte fehlen/)

      const logs = captureLogs()
      logFindings(logs.logger, findings)
      expect(logs.at(LEVEL.warn).map((line) => line.msg)).toEqual(findings.filter((f) => f.severity === 'missing').map((f) => `Vorabprüfung: ${f.message}`))
      expect(logs.at(LEVEL.warn)[0]).toMatchObject({ check: 'SITE_URL' })
      expect(logs.at(LEVEL.info).map((line) => line.check)).toEqual(['MOBILE_DE', 'ALLOW_INDEXING'])
    } finally {
      await close()
    }
  })

  it('a ready deployment: „Bereit für den Livebetrieb.“', () => {
    expect(formatFindings([{ severity: 'info', check: 'ALLOW_INDEXING', message: 'ALLOW_INDEXING=true: Suchmaschinen dürfen die Seite aufnehmen.' }])).toBe(
      'Vorabprüfung für den Livebetrieb\n\nHinweise:\n  • ALLOW_INDEXING=true: Suchmaschinen dürfen die Seite aufnehmen.\n\nBereit für den Livebetrieb.',
    )
  })
})

describe('preflightReport (npm run preflight)', () => {
  it('reads the embedded lake while its server holds it, and writes nothing', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'preflight-test-'))
    // The running server: the lake's only writer, holding DATA_DIR.
    const lake = await EmbeddedLake.open({ contentDir: 'content', dataDir })
    try {
      await lake.mutate([{ patch: { id: 'siteSettings', set: { 'legal.managingDirector': 'Markus Brandt', 'legal.contentResponsible': 'Markus Brandt' } } }])
      const files = async () =>
        Promise.all((await readdir(dataDir)).sort().map(async (name) => [name, (await stat(path.join(dataDir, name))).mtimeMs] as const))
      const before = await files()

      const { ready, report } = await preflightReport({ ...READY, SANITY_PROJECT_ID: '', SANITY_DATASET: '', SANITY_WRITE_TOKEN: '', DATA_DIR: dataDir })
      expect(ready).toBe(false)
      expect(report).toContain('Sanity ist nicht eingerichtet')
      expect(report).toContain('legal.registerNumber')
      expect(report).toContain('legal.lender')
      expect(report).not.toContain('legal.managingDirector')
      expect(report).toMatch(/Noch nicht bereit: 4 Punkte fehlen/)
      expect(await files()).toEqual(before)
      // And the server still writes.
      await expect(lake.mutate([{ create: { _id: 'inbox.after-preflight', _type: 'contactMessage' } }])).resolves.toBeDefined()
    } finally {
      await lake.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('an environment the server would refuse: its messages, not ready', async () => {
    const { ready, report } = await preflightReport({ SANITY_PROJECT_ID: 'abc123xy' })
    expect(ready).toBe(false)
    expect(report).toContain('SANITY_DATASET fehlt')
    expect(report).toMatch(/Noch nicht bereit: Der Server startet mit diesen Einstellungen nicht\.$/)
  })
})
