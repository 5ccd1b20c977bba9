import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { type APIRequestContext } from '@playwright/test'
import { gpsJpeg } from '#tests/photo-fixtures.ts'
import { uniqueName } from './playwright-utils'
import { BOOT, createdInFakeSanity, expect, explain, fakeSanity, sanitySite, test } from './studio-fixture'

/*
 * The staff's jobs in the built Studio, signed in as an editor (staff review 2026-11-28, §3: N1–N4):
 * answering a test drive, erasing a sell request with its photos and mails, detaching a car from the
 * sync, all in German. The worker's Studio (./studio-fixture.ts), one step per job.
 */

/** The mails (.eml) the Sanity-backed site saved for document `id` (no SMTP in the e2e run). */
function mailCopiesOf(id: string): string[] {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'sanity-backed', 'outbox')
  return existsSync(folder) ? readdirSync(folder).filter((name) => name.includes(id)) : []
}

/** Ids of `ids` the fake Sanity (the Sanity-backed site's lake) still holds. */
async function inFakeSanity(request: APIRequestContext, ids: string[]): Promise<string[]> {
  const query = new URLSearchParams({ query: '*[_id in $ids]._id', $ids: JSON.stringify(ids), perspective: 'raw' })
  const answer = await request.get(`${fakeSanity}/v2025-02-19/data/query/production?${query}`, { headers: { authorization: 'Bearer e2e-write-token' } })
  return ((await answer.json()) as { result: string[] }).result
}

test.describe('the Studio as an editor meets it', () => {
  // The listener streams' local server has a certificate of its own.
  test.use({ baseURL: sanitySite, ignoreHTTPSErrors: true })

  test('answer a test drive, erase a sell request with its photo and mails, detach a car from the sync: complete, and in German', async ({
    studio,
    request,
  }) => {
    test.slow()
    const { page, open, documents, aborted, actions, reconnect } = studio
    const now = new Date().toISOString()
    const dealer = documents.find((document) => document._id === 'siteSettings')!.dealerName as string
    const car = documents.find((document) => document._id === 'vehicle-2')!
    const carTitle = car.title as string
    // A synced car (the seed has only cars entered by hand), as a new revision: the worker's Studio may have read the car before.
    Object.assign(car, { source: 'mobile.de', marketplaceId: '4312045670012345', _rev: 'e2e-synced' })
    documents.push({
      _id: 'inbox.lead-e2e-probefahrt',
      _type: 'lead',
      _rev: 'e2e-probefahrt',
      _createdAt: now,
      _updatedAt: now,
      kind: 'test-drive',
      status: 'neu',
      receivedAt: '2026-11-28T06:55:00Z',
      contact: { name: 'Murat Yilmaz', email: 'murat.yilmaz@example.org', phone: '0201 555555' },
      vehicle: { _type: 'reference', _ref: 'vehicle-2', _weak: true },
      appointment: { start: '2026-11-28T11:00:00Z', end: '2026-11-28T14:00:00Z' },
      tradeIn: true,
      fields: [
        { _key: 'slot', _type: 'leadField', name: 'appointment', label: 'Wunschtermin', value: 'Sa, 28.11.2026, 12:00–15:00 Uhr' },
        { _key: 'note', _type: 'leadField', name: 'message', label: 'Nachricht', value: 'Geht es auch etwas früher?' },
      ],
    })
    // The lists hear of the lead, as of one the site writes (the dataset is the worker's, already looked at).
    reconnect()

    await test.step('a test drive: the reply is the first thing to tap, names the car and the slot, and sets „In Bearbeitung“', async () => {
      await open('/studio/intent/edit/id=inbox.lead-e2e-probefahrt;type=lead')
      const reply = page.getByRole('link', { name: 'Per E-Mail antworten' })
      await expect(reply).toBeVisible({ timeout: 60_000 }).catch(explain(aborted))
      const subject = async () => decodeURIComponent(/subject=([^&]*)/.exec((await reply.getAttribute('href')) ?? '')?.[1] ?? '')
      await expect.poll(subject, BOOT).toBe(`Ihre Probefahrt bei ${dealer}: ${carTitle} am Sa, 28.11.2026, 12:00–15:00 Uhr`)
      expect(decodeURIComponent((await reply.getAttribute('href'))!)).toContain(`> Fahrzeug: ${carTitle}`)
      // The slot and the answers read as text: no ISO date, no list with handles or „Element hinzufügen“.
      await expect(page.getByTestId('lead-appointment')).toHaveText('Sa, 28.11.2026, 12:00–15:00 Uhr')
      await expect(page.getByTestId('lead-fields')).toContainText('Geht es auch etwas früher?')
      await expect(page.getByText('2026-11-28')).toHaveCount(0)
      await expect(page.getByTestId('lead-fields').getByRole('button')).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Element hinzufügen', exact: true })).toHaveCount(0)
      // The form it came from as words, and no „Live“ badge: staff do not publish what the site wrote.
      await expect(page.locator('select')).toHaveCount(0)
      await expect(page.getByText('Live', { exact: true })).toHaveCount(0)
      await reply.click()
      await expect.poll(() => documents.find((document) => document._id === 'inbox.lead-e2e-probefahrt')?.status, BOOT).toBe('in Bearbeitung')
      await expect(page.getByRole('radio', { name: 'In Bearbeitung' })).toBeChecked()
    })

    await test.step('a sell request erased: the lead, its photo and the site’s copies of its two mails are gone, and the Studio says so', async () => {
      // A seller sends the sell form with a photo and an address for the receipt; the site stores
      // the lead and the photo in Sanity (the fake one) and saves both mails (no SMTP here).
      const name = uniqueName('Jana Kowalski')
      const sent = await request.post(`${sanitySite}/api/leads`, {
        headers: { origin: sanitySite },
        multipart: {
          kind: 'vehicle-sale',
          make: 'Opel',
          model: 'Astra',
          year: '2015',
          mileage: '150000',
          name,
          postcode: '45127',
          email: `${name.replace(/\W+/g, '.').toLowerCase()}@example.org`,
          website: '',
          photos: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: await gpsJpeg(91) },
        },
      })
      expect(sent.status()).toBe(201)
      const { id } = (await sent.json()) as { id: string }
      await expect.poll(() => mailCopiesOf(id).length, BOOT).toBe(2)
      const lead = (await createdInFakeSanity(request, id))!
      const assets = (lead.photos as Array<{ image: { asset: { _ref: string } } }>).map((photo) => photo.image.asset._ref)
      expect(await inFakeSanity(request, [id, ...assets])).toHaveLength(2)
      // What Sanity stores the Studio reads: the same documents in the Studio's stand-in. What the
      // Studio deletes reaches the fake Sanity too, as it would reach the one Sanity both use.
      documents.push({ _createdAt: now, _updatedAt: now, _rev: 'e2e-sell', ...lead })
      reconnect()
      // Removed when the test ends: the worker's Studio writes only to its stand-in afterwards.
      await studio.route(/\/data\/mutate\//, async (route) => {
        const url = new URL(route.request().url())
        await request.post(`${fakeSanity}${url.pathname}`, { headers: { authorization: 'Bearer e2e-write-token' }, data: route.request().postDataJSON() })
        await route.fallback()
      })

      await open(`/studio/intent/edit/id=${id};type=lead`)
      await expect(page.getByRole('link', { name: 'Per E-Mail antworten' }))
        .toBeVisible({ timeout: 60_000 })
        .catch(explain(aborted))
      // The photos' help says what „Löschen“ does, in words staff know (no README, no script).
      await expect(page.getByText(/„Löschen“ \(unten im Menü „…“\) löscht die Anfrage mit ihren Fotos/)).toBeVisible()
      await expect(page.getByText(/README|scripts\//)).toHaveCount(0)
      // The photo as a picture that opens full size, not a list item with a handle (staff review 2026-11-30, N13).
      await expect(page.getByTestId('lead-photos').getByRole('link', { name: /^Foto 1 \(\d+ × \d+ px\) in voller Größe öffnen$/ })).toBeVisible()
      await page.getByTestId('action-menu-button').click()
      await page.getByRole('menuitem', { name: 'Löschen' }).click()
      // Sanity's confirmation is a popover beside the action, not a dialog.
      await expect(page.getByText('Diese Anfrage endgültig löschen, mit ihrem Foto und den Kopien ihrer E-Mails auf dem Server?')).toBeVisible()
      await page.getByRole('button', { name: 'Bestätigen' }).click()
      await expect(page.getByText(/^Gelöscht: die Anfrage, 1 Foto, 2 gespeicherte E-Mails\./)).toBeVisible(BOOT)
      expect(documents.some((document) => document._id === id)).toBe(false)
      expect(await inFakeSanity(request, [id, ...assets])).toEqual([])
      expect(mailCopiesOf(id)).toEqual([])
    })

    await test.step('„Vom Abgleich lösen“ publishes the car as one staff maintain, so the sync leaves it alone', async () => {
      await open('/studio/intent/edit/id=vehicle-2;type=vehicle')
      await expect(page.getByText('von mobile.de').first()).toBeVisible({ timeout: 60_000 }).catch(explain(aborted))
      await page.getByTestId('action-menu-button').click()
      await page.getByRole('menuitem', { name: 'Vom Abgleich lösen' }).click()
      await expect(page.getByText(/Das Fahrzeug wird dabei sofort veröffentlicht/)).toBeVisible()
      await page.getByRole('button', { name: 'Bestätigen' }).click()
      await expect(page.getByText('Vom Abgleich gelöst und veröffentlicht')).toBeVisible(BOOT)
      // Published, not a draft: the sync reads the published car (a sync after it: sync.server.test.ts).
      await expect.poll(() => documents.find((document) => document._id === 'vehicle-2')?.source, BOOT).toBe('manual')
      expect(documents.some((document) => document._id === 'drafts.vehicle-2')).toBe(false)
      expect(actions.filter((action) => action.publishedId === 'vehicle-2').map((action) => action.actionType)).toContain('sanity.action.document.publish')
      // „Unfallfrei“ as three choices: „Keine Angabe“ takes the car's „Ja“ back out (staff review 2026-11-30, L10).
      const accident = page.getByRole('radiogroup', { name: 'Unfallfrei' })
      await expect(accident.getByRole('radio', { name: 'Ja' })).toBeChecked()
      await accident.getByRole('radio', { name: 'Keine Angabe' }).check()
      const draftAnswer = () => {
        const draft = documents.find((document) => document._id === 'drafts.vehicle-2')
        return draft ? (draft.accidentFree ?? 'keine Angabe') : 'kein Entwurf'
      }
      await expect.poll(draftAnswer, BOOT).toBe('keine Angabe')
    })

    await test.step('an image field and its dialog speak German: no raw keys, no English labels', async () => {
      // Staff's own photo for the car, now editable: the photo field's buttons and the library's dialog.
      await page.getByRole('tab', { name: 'Beschreibung & Bilder' }).click()
      await page.getByRole('button', { name: 'Element hinzufügen', exact: true }).first().click()
      const browse = page.getByRole('dialog').last().getByRole('button', { name: 'Auswählen', exact: true }).first()
      await expect(browse).toBeVisible(BOOT)
      await browse.click()
      // With more than one source a menu comes first; with the library alone its dialog opens at once.
      const source = page.getByRole('menuitem').first()
      if (
        await source.waitFor({ timeout: 3_000 }).then(
          () => true,
          () => false,
        )
      )
        await source.click()
      await expect(page.getByRole('dialog').last()).toContainText('Bild auswählen', BOOT)
      await expect(page.getByText(/inputs\.image|asset-source\.dialog/)).toHaveCount(0)
      await expect(page.locator('[aria-label="Close dialog"], [aria-label="Field actions"], [title="Close dialog"]')).toHaveCount(0)
      await expect(page.locator('[aria-label="Dialog schließen"]').first()).toBeAttached()
    })
  })
})
