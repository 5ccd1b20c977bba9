import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv, usesSanity } from '~/env.server'

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

  it('names malformed variables', () => {
    expect(() => parseEnv({ PORT: 'achtzig' })).toThrow(/PORT/)
    expect(() => parseEnv({ SITE_URL: 'kein-url' })).toThrow(/SITE_URL/)
    expect(() => parseEnv({ SANITY_PROJECT_ID: 'Ab C', SANITY_DATASET: 'p', SANITY_WRITE_TOKEN: 't' })).toThrow(/SANITY_PROJECT_ID darf nur/)
    expect(() => parseEnv({ SANITY_USE_CDN: 'ja' })).toThrow(/SANITY_USE_CDN/)
  })
})
