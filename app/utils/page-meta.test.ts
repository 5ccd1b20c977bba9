import { expect, test } from 'vitest'
import { pageMeta } from './page-meta'

test('title, description and Open Graph tags; optional ones only when given', () => {
  expect(pageMeta({ title: 'Kontakt', description: 'So erreichen Sie uns.', image: '/media/x.jpg', type: 'website' })).toEqual([
    { title: 'Kontakt' },
    { name: 'description', content: 'So erreichen Sie uns.' },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: 'Kontakt' },
    { property: 'og:description', content: 'So erreichen Sie uns.' },
    { property: 'og:image', content: '/media/x.jpg' },
  ])
  expect(pageMeta({ title: 'Fahrzeuge', description: null })).toEqual([{ title: 'Fahrzeuge' }, { property: 'og:title', content: 'Fahrzeuge' }])
})
