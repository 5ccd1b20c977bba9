import { type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import * as icons from '#app/components/icons.tsx'
import { ChatIcon } from '#app/components/whatsapp.tsx'

type IconComponent = (props: icons.IconProps) => ReactNode
// Every glyph drawn with `Icon` (not `Icon` itself, nor ServiceIcon, which picks one), and the one kept beside WhatsApp's link.
const ICONS = [
  ...Object.entries(icons).filter(([name]) => name.endsWith('Icon') && name !== 'Icon' && name !== 'ServiceIcon'),
  ['ChatIcon', ChatIcon],
] as Array<[string, IconComponent]>

describe('icons', () => {
  it.each(ICONS)('%s is one decorative svg with a single path', (_name, Icon) => {
    const html = renderToStaticMarkup(<Icon className="size-4" />)
    expect(html.match(/<[a-z]+/g)).toEqual(['<svg', '<path'])
    expect(html).toContain('aria-hidden="true"')
    expect(html).toContain('class="size-4"')
    // Every subpath starts with an absolute move, so shapes joined into one path stay where they were drawn.
    const d = /\sd="([^"]+)"/.exec(html)?.[1] ?? ''
    expect(d).toMatch(/^M/)
    expect(d).not.toContain('m')
  })

  it('paints play and pause as solid shapes and strokes the rest', () => {
    expect(renderToStaticMarkup(<icons.PlayIcon />)).toMatch(/<path[^>]*fill="currentColor"/)
    expect(renderToStaticMarkup(<icons.PauseIcon />)).toMatch(/<path[^>]*fill="currentColor"/)
    expect(renderToStaticMarkup(<icons.ClockIcon />)).not.toMatch(/<path[^>]*fill=/)
  })

  it('falls back to the car for a service icon key the site does not know', () => {
    expect(renderToStaticMarkup(<icons.ServiceIcon name="ankauf" />)).toBe(renderToStaticMarkup(<icons.EuroIcon />))
    expect(renderToStaticMarkup(<icons.ServiceIcon name="unbekannt" />)).toBe(renderToStaticMarkup(<icons.CarIcon />))
  })
})
