import { describe, expect, it } from 'vitest'
import { buildOptInMail, searchChips } from './alert-mail.server.ts'

/*
 * What the Suchauftrag's double opt-in mail names of the search (copy review 2026-11-29, M8): the
 * mail goes to an address someone typed, so it names only what the server reads of the search in
 * its own words (the search page's labelled parts, makes, fuels, gearboxes, body types), never a
 * word as typed.
 */

const settings = { dealerName: 'Ruhrstern Automobile', phone: '0201 8512 3400' }
const links = {
  confirm: 'https://www.example.de/benachrichtigung/bestaetigen?t=x',
  unsubscribePage: 'https://www.example.de/a',
  oneClick: 'https://www.example.de/b',
}
const optIn = (search: unknown) =>
  buildOptInMail({
    to: 'erika@example.de',
    from: 'noreply@example.de',
    leadId: 'inbox.lead-1',
    kind: 'search-request',
    settings,
    search,
    links,
    expiresAt: new Date('2026-12-02T12:00:00Z'),
  })

describe('searchChips', () => {
  it('the labelled parts and the known terms, in the order typed, in our spelling', () => {
    expect(searchChips('kombi bis 20.000 €')).toEqual({ chips: ['Kombi', 'Preis bis 20.000 €'], partial: false })
    expect(searchChips('Golf 7 unfallfrei')).toEqual({ chips: ['Golf 7 (Erstzulassung 2012–2020)', 'Unfallfrei'], partial: false })
    expect(searchChips('mercedes c klasse automatik')).toEqual({ chips: ['Mercedes', 'C-Klasse', 'Automatik'], partial: false })
    expect(searchChips('bis 300 € im Monat')).toEqual({ chips: ['Monatsrate bis 300 €'], partial: false })
  })

  it('leaves out every other word and says so; a word of a two-word make alone is no make', () => {
    expect(searchChips('Range Rover Hybrid unter 40000 €')).toEqual({ chips: ['Hybrid', 'Preis bis 40.000 €'], partial: true })
    expect(searchChips('kombie')).toEqual({ chips: [], partial: true })
    expect(searchChips('Gewinnspiel! https://spam.example/win jetzt klicken')).toEqual({ chips: [], partial: true })
    expect(searchChips(undefined)).toEqual({ chips: [], partial: false })
  })
})

describe('the Suchauftrag’s double opt-in mail names the search', () => {
  it('all of it, when the server read every word', () => {
    const mail = optIn('Kombi bis 20.000 €')
    expect(mail.text).toContain(
      'auf unserer Website wurde mit Ihrer E-Mail-Adresse ein Suchauftrag für „Kombi“ und „Preis bis 20.000 €“ angelegt. Wir schreiben Ihnen, sobald ein Fahrzeug in unseren Bestand kommt, das zu Ihrer Suche passt.',
    )
    expect(mail.html).toContain('ein Suchauftrag für „Kombi“ und „Preis bis 20.000 €“ angelegt.')
  })

  it('„unter anderem“ when a word was left out, never that word', () => {
    const mail = optIn('Range Rover Hybrid unter 40000 €')
    expect(mail.text).toContain('ein Suchauftrag angelegt, unter anderem für „Hybrid“ und „Preis bis 40.000 €“. Wir schreiben Ihnen')
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/Range|Rover|40000/)
  })

  it('nothing of a search without a word the server reads', () => {
    const mail = optIn('Gewinnspiel! https://spam.example/win jetzt klicken')
    expect(mail.text).toContain('ein Suchauftrag angelegt. Wir schreiben Ihnen')
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/Gewinn|spam|klicken/)
  })
})
