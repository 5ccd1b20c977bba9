// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { ConsentFrame } from '#app/components/consent-frame.tsx'

afterEach(cleanup)

const src = 'https://home.mobile.de/home/index.html?partnerHead=false&colorTheme=default&customerId=4711#ses'

test('nothing is embedded before the click; the frame after it, focused (the button it replaced is gone)', () => {
  const { container } = render(
    <ConsentFrame
      src={src}
      title="Händlerportal auf mobile.de"
      consentText="Erst nach Ihrem Klick …"
      loadLabel="MOBILE.DE LADEN"
      externalHref={src}
      externalLabel="Bestand auf mobile.de öffnen"
      testId="portal"
    />,
  )
  expect(container.querySelector('iframe')).toBeNull()
  expect(screen.getByTestId('portal').textContent).toContain('Erst nach Ihrem Klick')
  expect(screen.getByRole('link', { name: 'Bestand auf mobile.de öffnen' }).getAttribute('href')).toBe(src)

  fireEvent.click(screen.getByRole('button', { name: 'MOBILE.DE LADEN' }))
  const frame = screen.getByTitle('Händlerportal auf mobile.de')
  expect(frame.tagName).toBe('IFRAME')
  expect(frame.getAttribute('src')).toBe(src)
  expect(screen.queryByTestId('portal')).toBeNull()
  expect(document.activeElement).toBe(frame)
})
