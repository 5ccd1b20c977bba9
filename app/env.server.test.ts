import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { ENV_NAMES, EnvError, parseEnv, usesSanity } from '#app/env.server.ts'

describe('parseEnv', () => {
  it('defaults to the embedded lake on port 3000', () => {
    const env = parseEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.DATA_DIR).toBe('.data')
    expect(env.CONTENT_DIR).toBe('content')
    expect(env.SITE_URL).toBe('http://localhost:3000')
    expect(usesSanity(env)).toBe(false)
  })

  it('selects Sanity when project, dataset and token are all set', () => {
    const env = parseEnv({ SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'production', SANITY_WRITE_TOKEN: 'sk-test' })
    expect(usesSanity(env)).toBe(true)
    expect(env.SANITY_USE_CDN).toBe(true)
  })

  it('treats empty strings as unset', () => {
    expect(usesSanity(parseEnv({ SANITY_PROJECT_ID: '', SANITY_DATASET: ' ', SANITY_WRITE_TOKEN: '' }))).toBe(false)
  })

  it('refuses a project id without dataset and names the missing variables', () => {
    expect(() => parseEnv({ SANITY_PROJECT_ID: 'abc123' })).toThrow(EnvError)
    try {
      parseEnv({ SANITY_PROJECT_ID: 'abc123' })
    } catch (error) {
      const message = (error as EnvError).message
      expect(message).toMatch(/SANITY_DATASET fehlt/)
      expect(message).toMatch(/SANITY_WRITE_TOKEN fehlt/)
      expect(message).not.toMatch(/SANITY_PROJECT_ID fehlt/)
    }
  })

  it('refuses a dataset without project id', () => {
    expect(() => parseEnv({ SANITY_DATASET: 'production', SANITY_WRITE_TOKEN: 'x' })).toThrow(/SANITY_PROJECT_ID fehlt/)
  })

  it('limits submissions to 5 a minute unless told, 0 switching the limit off', () => {
    expect(parseEnv({}).SUBMISSION_RATE_LIMIT).toBe(5)
    expect(parseEnv({ SUBMISSION_RATE_LIMIT: '' }).SUBMISSION_RATE_LIMIT).toBe(5)
    expect(parseEnv({ SUBMISSION_RATE_LIMIT: '20' }).SUBMISSION_RATE_LIMIT).toBe(20)
    expect(parseEnv({ SUBMISSION_RATE_LIMIT: '0' }).SUBMISSION_RATE_LIMIT).toBe(0)
    expect(() => parseEnv({ SUBMISSION_RATE_LIMIT: '-1' })).toThrow(/SUBMISSION_RATE_LIMIT muss eine ganze Zahl/)
    expect(() => parseEnv({ SUBMISSION_RATE_LIMIT: 'fünf' })).toThrow(/SUBMISSION_RATE_LIMIT/)
  })

  it('trusts no proxy unless told, and accepts Express trust proxy values', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false)
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
    // `true` would trust the left-most X-Forwarded-For entry, which any client writes.
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/„true“ und eine Anzahl wie „1“ sind nicht erlaubt/)
    // A hop count trusts whoever connects: a client reaching the app directly would choose its address.
    for (const count of ['1', '2', '0']) expect(() => parseEnv({ TRUST_PROXY: count })).toThrow(/TRUST_PROXY muss false oder eine Liste der Adressen/)
    expect(parseEnv({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toBe('loopback')
    expect(parseEnv({ TRUST_PROXY: '172.30.53.1' }).TRUST_PROXY).toBe('172.30.53.1')
    expect(parseEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::/8' }).TRUST_PROXY).toBe('loopback, 10.0.0.0/8, fd00::/8')
    expect(() => parseEnv({ TRUST_PROXY: 'ja' })).toThrow(/TRUST_PROXY muss/)
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/8/1' })).toThrow(/TRUST_PROXY/)
  })

  it('listens on the loopback address unless HOST says otherwise', () => {
    expect(parseEnv({}).HOST).toBe('127.0.0.1')
    expect(parseEnv({ HOST: '' }).HOST).toBe('127.0.0.1')
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0')
    expect(parseEnv({ HOST: '::1' }).HOST).toBe('::1')
    expect(() => parseEnv({ HOST: 'www.example.de' })).toThrow(/HOST muss eine IP-Adresse sein/)
  })

  it('names malformed variables', () => {
    expect(() => parseEnv({ PORT: 'achtzig' })).toThrow(/PORT/)
    expect(() => parseEnv({ SITE_URL: 'kein-url' })).toThrow(/SITE_URL/)
    expect(() => parseEnv({ SANITY_PROJECT_ID: 'Ab C', SANITY_DATASET: 'p', SANITY_WRITE_TOKEN: 't' })).toThrow(/SANITY_PROJECT_ID darf nur/)
    expect(() => parseEnv({ SANITY_USE_CDN: 'ja' })).toThrow(/SANITY_USE_CDN/)
  })

  it('reads the mail settings for lead notifications', () => {
    const defaults = parseEnv({})
    expect(defaults.SMTP_URL).toBeUndefined()
    expect(defaults.LEADS_NOTIFY_TO).toBeUndefined()
    // No display name: mails to visitors take the dealer's from the settings (copy review 2026-11-29, M5).
    expect(defaults.MAIL_FROM).toBe('noreply@localhost')
    expect(parseEnv({ SMTP_URL: ' ', LEADS_NOTIFY_TO: '', MAIL_FROM: '' }).MAIL_FROM).toBe('noreply@localhost')
    const env = parseEnv({
      SMTP_URL: 'smtps://user:geheim@smtp.example.de:465',
      LEADS_NOTIFY_TO: 'anfragen@example.de',
      MAIL_FROM: 'Ruhrstern Website <noreply@example.de>',
    })
    expect(env.SMTP_URL).toBe('smtps://user:geheim@smtp.example.de:465')
    expect(env.LEADS_NOTIFY_TO).toBe('anfragen@example.de')
    expect(env.MAIL_FROM).toBe('Ruhrstern Website <noreply@example.de>')
    expect(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'noreply@example.de' }).MAIL_FROM).toBe('noreply@example.de')
  })

  it('names malformed mail settings without echoing the SMTP password', () => {
    expect(() => parseEnv({ SMTP_URL: 'https://smtp.example.de' })).toThrow(/SMTP_URL muss eine smtp/)
    expect(() => parseEnv({ SMTP_URL: 'smtp.example.de:587' })).toThrow(/SMTP_URL/)
    expect(() => parseEnv({ SMTP_URL: 'http://user:geheim@smtp.example.de' })).not.toThrow(/geheim/)
    expect(() => parseEnv({ LEADS_NOTIFY_TO: 'keine-adresse' })).toThrow(/LEADS_NOTIFY_TO muss/)
    expect(() => parseEnv({ MAIL_FROM: 'Website' })).toThrow(/MAIL_FROM muss/)
    expect(() => parseEnv({ MAIL_FROM: 'Website <noreply@example.de>\r\nBcc: x@example.de' })).toThrow(/MAIL_FROM/)
  })
})

describe('.env.example', () => {
  it('names every variable the server reads (only the tests’ Sanity host is left out), so an operator finds each there', async () => {
    const example = await readFile(new URL('../.env.example', import.meta.url), 'utf8')
    const named = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]))
    expect(ENV_NAMES.filter((name) => !named.has(name))).toEqual(['SANITY_API_HOST'])
  })
})
