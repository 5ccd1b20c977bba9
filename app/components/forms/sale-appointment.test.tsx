// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, test } from 'vitest'
import { SaleAppointment } from '#app/components/forms/sale-appointment.tsx'
import { type AppointmentSlot, SLOT_MESSAGES } from '#app/submissions/appointment-slots.ts'
import { APPOINTMENT_ANCHOR, APPOINTMENT_TEXTS } from '#app/submissions/sale-appointment.ts'
import { describedBy } from '#tests/described-by.ts'

/*
 * The seller's viewing appointment after a refused choice (the page action's answers are held by
 * sale-appointment.server.test.ts): focus goes where the seller must act, as in every other form.
 */

const SLOTS: AppointmentSlot[] = [
  { value: '2026-12-07T09:00-12:00', date: '2026-12-07', start: '09:00', end: '12:00', dayLabel: 'Mo, 07.12.2026', windowLabel: '09:00–12:00 Uhr' },
  { value: '2026-12-07T12:00-15:00', date: '2026-12-07', start: '12:00', end: '15:00', dayLabel: 'Mo, 07.12.2026', windowLabel: '12:00–15:00 Uhr' },
]

/** The sell page with the picker, its action answering each post with `answer` (the page action's shape for a refusal). */
async function renderPicker(answer: Record<string, unknown>) {
  const posted: Array<Record<string, FormDataEntryValue>> = []
  const router = createMemoryRouter(
    [
      {
        path: '/auto-verkaufen',
        action: async ({ request }) => {
          posted.push(Object.fromEntries(await request.formData()))
          return answer
        },
        element: <SaleAppointment slots={SLOTS} />,
      },
    ],
    { initialEntries: ['/auto-verkaufen?anfrage=gesendet'] },
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  const form = screen.getByRole('button', { name: APPOINTMENT_TEXTS.submit }).closest('form')!
  // Hydrated: the empty choice is posted, the server's message comes back.
  await waitFor(() => expect(form.noValidate).toBe(true))
  return { posted }
}

afterEach(cleanup)

describe('SaleAppointment', () => {
  test('„TERMIN WÄHLEN“ without a slot: focus on the select, which reads out the message', async () => {
    const { posted } = await renderPicker({ status: 'error', anchor: APPOINTMENT_ANCHOR, fieldErrors: { slot: [SLOT_MESSAGES.format] }, values: {} })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: APPOINTMENT_TEXTS.submit })))

    const select = screen.getByRole('combobox', { name: /Wunschtermin/ })
    await waitFor(() => expect(document.activeElement).toBe(select))
    expect(posted).toEqual([{ intent: 'besichtigungstermin', slot: '' }])
    expect(select.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(select)).toBe(SLOT_MESSAGES.format)
  })

  test('a choice the server could not store: focus on the section, whose alert says why', async () => {
    await renderPicker({ status: 'error', anchor: APPOINTMENT_ANCHOR, formError: APPOINTMENT_TEXTS.unavailable, values: { slot: SLOTS[0]!.value } })
    fireEvent.change(screen.getByRole('combobox', { name: /Wunschtermin/ }), { target: { value: SLOTS[0]!.value } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: APPOINTMENT_TEXTS.submit })))

    const section = screen.getByRole('region', { name: APPOINTMENT_TEXTS.heading })
    await waitFor(() => expect(document.activeElement).toBe(section))
    expect(screen.getByRole('alert').textContent).toContain(APPOINTMENT_TEXTS.unavailable)
    // The choice is kept for the next try.
    expect((screen.getByRole('combobox', { name: /Wunschtermin/ }) as HTMLSelectElement).value).toBe(SLOTS[0]!.value)
  })
})
