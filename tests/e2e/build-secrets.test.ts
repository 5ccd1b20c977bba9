import path from 'node:path'
import { findLeaks, forbiddenInClientBuild } from '../build-secrets'
import { expect, test } from './playwright-utils'

// The production build the e2e servers run: nothing secret and no server variable name may reach
// the browser bundle (public/build), source maps included.
test('the client build contains no token, password or server-only variable name', async () => {
  const root = process.cwd()
  const forbidden = forbiddenInClientBuild({ root, environment: process.env })
  expect(forbidden.length).toBeGreaterThan(20)
  expect(findLeaks(path.join(root, 'public/build'), forbidden)).toEqual([])
})
