import path from 'node:path'
import { expect, it } from 'vitest'
import { findLeaks, forbiddenInClientBuild } from '../build-secrets'
import { ROOT } from './site'

// The production build this lane serves (moved from tests/e2e/build-secrets.test.ts): nothing
// secret and no server variable name may reach the browser bundle (public/build), source maps included.
it('the client build contains no token, password or server-only variable name', () => {
  const forbidden = forbiddenInClientBuild({ root: ROOT, environment: process.env })
  expect(forbidden.length).toBeGreaterThan(20)
  expect(findLeaks(path.join(ROOT, 'public/build'), forbidden)).toEqual([])
})
