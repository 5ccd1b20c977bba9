import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as rootLoader } from '#app/root.tsx'
import { LINK_HREF } from '#app/sanity/queries/fragments.ts'
import { BACKENDS, openTestLake, type TestLake } from '#tests/lake-backends.ts'
import { CONTENT_ROUTES } from '#tests/content-routes.ts'
import { SALE_PATH } from '#schemas/lib/constants.ts'
import { isSellerLabel, isSellFlowSection, SELL_FLOW_SUBJECTS } from '#schemas/lib/links.ts'
import { loader as pageLoader } from './$'
import { loader as homeLoader } from './_index'

/*
 * Issue 36: a seller's button („FAHRZEUG BEWERTEN“, „AUTO BEWERTEN LASSEN“, „JETZT VERKAUFEN“,
 * „ANGEBOT ANFORDERN“ …) on any page of the seed leads into the sell flow: the sell request, or a
 * valuation form on the same page that continues into it („MIT FOTOS WEITER“). Six city pages once
 * sent sellers to the general contact form. The crawl reads what the loaders hand to the components,
 * on both lake backends, so the GROQ that resolves each link is part of what is checked.
 */

interface Button {
  label: string
  href: string
}

/** Every labelled link in loader data: buttons (`target`) and menu entries (`href`). */
function buttonsIn(data: unknown, found: Button[] = []): Button[] {
  if (Array.isArray(data)) for (const item of data) buttonsIn(item, found)
  else if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>
    const href = typeof record.target === 'string' ? record.target : typeof record.href === 'string' ? record.href : undefined
    if (typeof record.label === 'string' && href !== undefined) found.push({ label: record.label, href })
    for (const value of Object.values(record)) buttonsIn(value, found)
  }
  return found
}

type Sections = Array<{ _type?: string; anchor?: string | null; form?: string | null }>

/** Where a seller lands: the sell request, a valuation form on this page, or (a failure) what else. */
function landsInSellFlow(href: string, sections: Sections): boolean {
  const url = new URL(href, 'http://localhost/page')
  if (href.startsWith('/') && url.pathname === SALE_PATH) return true
  if (href.startsWith('#')) {
    const section = sections.find((candidate) => candidate.anchor === href.slice(1))
    return isSellFlowSection(section ? { _type: section._type, form: section.form ?? undefined } : undefined)
  }
  return false
}

describe.each(BACKENDS)('seller buttons on every page of the seed (%s lake)', (backend) => {
  let test: TestLake
  beforeAll(async () => {
    test = await openTestLake(backend)
  })
  afterAll(() => test.close())
  const args = (path: string) => ({
    request: new Request(`http://localhost${path}`),
    params: { '*': path.slice(1) },
    context: { lake: test.lake, env: test.env },
  })

  it('lead into the sell flow, from the menu, the footer, the home page and every content page', async () => {
    const checked: string[] = []
    const astray: string[] = []
    const check = (where: string, data: unknown, sections: Sections) => {
      for (const button of buttonsIn(data).filter((candidate) => isSellerLabel(candidate.label))) {
        checked.push(`${where} ${button.label}`)
        if (!landsInSellFlow(button.href, sections)) astray.push(`${where}: „${button.label}“ → ${button.href}`)
      }
    }
    const { settings } = await rootLoader(args('/'))
    check('Menü/Fußzeile', { mainNav: settings.mainNav, footerLinks: settings.footerLinks }, [])
    // The home page's contact section is the general contact form: no in-page jump counts as the sell flow.
    check('/', (await homeLoader(args('/'))).home, [])
    for (const path of CONTENT_ROUTES) {
      const { page } = ((await pageLoader(args(path))) as unknown as { data: { page: { sections: Sections } } }).data
      check(path, page, page.sections)
    }
    expect(astray).toEqual([])
    // Not vacuous: the seed's seller buttons of the six city pages, home and the menu were all read.
    expect(checked.length).toBeGreaterThanOrEqual(30)
    for (const city of ['bochum', 'dortmund', 'duesseldorf', 'gelsenkirchen', 'muelheim', 'oberhausen'])
      expect(checked.filter((entry) => entry.startsWith(`/locations/${city} `)).length, city).toBeGreaterThanOrEqual(2)
  })

  it('the home hero takes the seller to the sell request in one tap', async () => {
    const { home } = await homeLoader(args('/'))
    const hero = home.heroSlides?.[0]?.buttons?.find((button) => button.label === 'FAHRZEUG BEWERTEN')
    expect(hero?.target).toBe(SALE_PATH)
  })
})

describe('the GROQ that resolves links', () => {
  it('sends every seller subject of the Studio to the sell request', () => {
    expect(LINK_HREF).toContain(`linkType == "section" && subject in ${JSON.stringify(SELL_FLOW_SUBJECTS).replace(/,/g, ', ')} => "${SALE_PATH}"`)
  })
})
