// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { draftKey, handOverDraft, useFormDraft } from './form-draft'

afterEach(cleanup)

let sendNow: (() => void) | undefined

/** A form as the site's forms use the hook: a text field, a checkbox, a choice, and a hidden submission key. */
function DraftedForm({ draft }: { draft: string }) {
  const { ref, forget } = useFormDraft(draft)
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
})
