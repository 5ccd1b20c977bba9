import { describe, expect, it } from 'vitest'
import { carName, carPageUrl, filledText, mailHtml, mailMessageId, mailSafeId, senderDomain } from './mail-parts.server.ts'

describe('the parts every mail is built from', () => {
  it('an id as Message-Ids, X-Lead-Id, calendar UIDs and saved copies carry it; the sender’s domain with or without a name', () => {
    expect(mailSafeId('inbox.lead-3f9a c/ä')).toBe('inbox.lead-3f9a-c--')
    expect(senderDomain('Ruhrstern Automobile <noreply@ruhrstern.de>')).toBe('ruhrstern.de')
    expect(senderDomain('noreply@ruhrstern.de')).toBe('ruhrstern.de')
    expect(senderDomain('noreply')).toBeUndefined()
    expect(mailMessageId('Ruhrstern <noreply@ruhrstern.de>', 'inbox.lead-1', 'preis/2')).toBe('<inbox.lead-1.preis-2@ruhrstern.de>')
    expect(mailMessageId('noreply', 'inbox.lead-1')).toBe('<inbox.lead-1@localhost>')
  })

  it('HTML: text escaped, in one German frame', () => {
    const html = mailHtml('Anfrage <1>', ['<p>Hallo</p>'])
    expect(html).toContain('<html lang="de"><head><meta charset="utf-8"><title>Anfrage &lt;1&gt;</title></head>')
    expect(html).toMatch(/<body [^>]*>\n<p>Hallo<\/p>\n<\/body><\/html>\n$/)
  })

  it('the car as the lake names it and its page, absolute; nothing from blanks', () => {
    expect(carName({ title: ' BMW 320d Touring ', make: 'BMW', model: '320d' })).toBe('BMW 320d Touring')
    expect(carName({ title: ' ', make: 'VW', model: 'Golf' })).toBe('VW Golf')
    expect(carName({ make: 3 })).toBeUndefined()
    expect(carPageUrl('1', 'https://www.example.de')).toBe('https://www.example.de/vehicles/1')
    expect(carPageUrl('a b', 'https://www.example.de/')).toBe('https://www.example.de/vehicles/a%20b')
    expect(carPageUrl('1', undefined)).toBeUndefined()
    expect(carPageUrl(undefined, 'https://www.example.de')).toBeUndefined()
    expect(filledText('  ')).toBeUndefined()
  })
})
