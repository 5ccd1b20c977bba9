import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { EmailAddress } from '#app/components/ui/email-address.tsx'

test('an address may break only after „@“: both parts kept together (below 20rem they break as any text), <wbr> between them, the text unchanged for copying', () => {
  const html = renderToString(<EmailAddress email="info@ruhrstern-automobile.de" />)
  expect(html).toBe(
    '<span class="min-w-0"><span class="whitespace-nowrap hyphens-manual max-[20rem]:whitespace-normal max-[20rem]:wrap-anywhere">info@</span><wbr/><span class="whitespace-nowrap hyphens-manual max-[20rem]:whitespace-normal max-[20rem]:wrap-anywhere">ruhrstern-automobile.de</span></span>',
  )
  expect(html.replace(/<[^>]+>/g, '')).toBe('info@ruhrstern-automobile.de')
})

test('text without „@“ stays as it is', () => {
  expect(renderToString(<EmailAddress email="kontakt" />)).toBe('<span>kontakt</span>')
})
