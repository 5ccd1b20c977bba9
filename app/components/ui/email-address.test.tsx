import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { EmailAddress } from '#app/components/ui/email-address.tsx'

test('an address may break only after „@“: both parts kept together, <wbr> between them, the text unchanged for copying', () => {
  const html = renderToString(<EmailAddress email="info@ruhrstern-automobile.de" />)
  expect(html).toBe(
    '<span class="min-w-0"><span class="whitespace-nowrap">info@</span><wbr/><span class="whitespace-nowrap">ruhrstern-automobile.de</span></span>',
  )
  expect(html.replace(/<[^>]+>/g, '')).toBe('info@ruhrstern-automobile.de')
})

test('text without „@“ stays as it is', () => {
  expect(renderToString(<EmailAddress email="kontakt" />)).toBe('<span>kontakt</span>')
})
