import { type AppointmentSlot } from './appointment-slots.ts'

/**
 * `Sa, 28.11.2026, 09:00–12:00 Uhr`: how the select, the lead, the mails and the confirmation name a
 * slot. A module of its own, so that the pages' scripts take this line and not the slot computation.
 */
export function slotText(slot: Pick<AppointmentSlot, 'dayLabel' | 'windowLabel'>): string {
  return `${slot.dayLabel}, ${slot.windowLabel}`
}
