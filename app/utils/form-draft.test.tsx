// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { draftKey, handOverDraft, useFormDraft } from './form-draft'
import { sessionDraft } from './form-draft-reloads'

afterEach(cleanup)

let sendNow: (() => void) | undefined

/**
 * A form as the site's forms use the hook: a text field, a checkbox, a choice, and a hidden submission key.
 * `useDraft` is the hook of a module loaded again: the page after a reload, whose memory is new.
 */
function DraftedForm({ draft, kept, useDraft = useFormDraft }: { draft: string; kept?: string[]; useDraft?: typeof useFormDraft }) {
  const { ref, forget } = useDraft(draft, kept && sessionDraft(kept))
  sendNow = forget
  return (
    <form ref={ref} aria-label="Formular">
      <label>
        Name <input name="name" defaultValue="" />
      </label>
      <label>
        Inzahlungnahme <input type="checkbox" name="tradeIn" value="ja" />
      </label>
      <label>
        Kraftstoff
        <select name="fuel" defaultValue="">
          <option value="">Bitte wählen</option>
          <option value="diesel">Diesel</option>
        </select>
      </label>
      <input type="hidden" name="submissionKey" defaultValue="fresh-key" />
    </form>
  )
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement

describe('form drafts in the tab’s memory (visitor review 2026-11-29, H1; decision 106)', () => {
  it('what was typed comes back when the form is drawn again after another page; hidden fields do not', () => {
    const first = render(<DraftedForm draft={draftKey('/auto-verkaufen#verkaufen')} />)
    fireEvent.change(field('Name'), { target: { value: 'Jana Kowalski' } })
    fireEvent.click(field('Inzahlungnahme'))
    fireEvent.change(field('Kraftstoff'), { target: { value: 'diesel' } })
    ;(document.querySelector('input[name="submissionKey"]') as HTMLInputElement).value = 'sent-key'
    first.unmount()

    render(<DraftedForm draft={draftKey('/auto-verkaufen#verkaufen')} />)
    expect(field('Name').value).toBe('Jana Kowalski')
    expect(field('Inzahlungnahme').checked).toBe(true)
    expect(field('Kraftstoff').value).toBe('diesel')
    expect((document.querySelector('input[name="submissionKey"]') as HTMLInputElement).value).toBe('fresh-key')
  })

  it('a sent form leaves no draft; another form’s draft is its own', () => {
    const first = render(<DraftedForm draft={draftKey('/contact#contact')} />)
    fireEvent.change(field('Name'), { target: { value: 'Ben' } })
    sendNow!()
    first.unmount()
    const again = render(<DraftedForm draft={draftKey('/contact#contact')} />)
    expect(field('Name').value).toBe('')
    again.unmount()

    render(<DraftedForm draft={draftKey('/vehicles/1#probefahrt')} />)
    expect(field('Name').value).toBe('')
  })

  it('a hand-over fills the next form drawn under its key, outside the address', () => {
    handOverDraft(draftKey('/auto-verkaufen#verkaufen', 'brand=VW'), [['name', 'Murat Yilmaz']])
    render(<DraftedForm draft={draftKey('/auto-verkaufen#verkaufen', new URLSearchParams({ brand: 'VW' }))} />)
    expect(field('Name').value).toBe('Murat Yilmaz')
  })

  describe('the fields a form names, across a reload of the tab (visitor review 2026-11-30, L5)', () => {
    const SELL = draftKey('/auto-verkaufen#verkaufen')
    /** The page loaded again in the same tab: the module's memory is new, the tab's sessionStorage is not. */
    async function reloaded() {
      cleanup()
      vi.resetModules()
      return (await import('./form-draft')).useFormDraft
    }
    function fill() {
      fireEvent.change(field('Name'), { target: { value: 'Jana Kowalski' } })
      fireEvent.click(field('Inzahlungnahme'))
      fireEvent.change(field('Kraftstoff'), { target: { value: 'diesel' } })
    }

    it('a reload keeps the named fields, not the person’s name', async () => {
      render(<DraftedForm draft={SELL} kept={['fuel', 'tradeIn']} />)
      fill()
      window.dispatchEvent(new Event('pagehide'))
      render(<DraftedForm draft={SELL} kept={['fuel', 'tradeIn']} useDraft={await reloaded()} />)
      expect(field('Kraftstoff').value).toBe('diesel')
      expect(field('Inzahlungnahme').checked).toBe(true)
      expect(field('Name').value).toBe('')
    })

    it('kept when the page is hidden (the camera, another app), not while it is shown', async () => {
      render(<DraftedForm draft={SELL} kept={['fuel']} />)
      fill()
      document.dispatchEvent(new Event('visibilitychange'))
      expect((await renderReloaded()).value).toBe('')

      cleanup()
      render(<DraftedForm draft={SELL} kept={['fuel']} />)
      fill()
      const shown = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')!
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
      try {
        document.dispatchEvent(new Event('visibilitychange'))
      } finally {
        Object.defineProperty(document, 'visibilityState', shown)
      }
      expect((await renderReloaded()).value).toBe('diesel')

      async function renderReloaded() {
        render(<DraftedForm draft={SELL} kept={['fuel']} useDraft={await reloaded()} />)
        return field('Kraftstoff')
      }
    })

    it('a sent form leaves nothing for the next load, and a form that names no fields keeps none', async () => {
      render(<DraftedForm draft={SELL} kept={['fuel']} />)
      fill()
      window.dispatchEvent(new Event('pagehide'))
      sendNow!()
      window.dispatchEvent(new Event('pagehide'))
      render(<DraftedForm draft={SELL} kept={['fuel']} useDraft={await reloaded()} />)
      expect(field('Kraftstoff').value).toBe('')

      cleanup()
      render(<DraftedForm draft={draftKey('/contact#contact')} />)
      fill()
      window.dispatchEvent(new Event('pagehide'))
      render(<DraftedForm draft={draftKey('/contact#contact')} useDraft={await reloaded()} />)
      expect(field('Kraftstoff').value).toBe('')
    })
  })
})
