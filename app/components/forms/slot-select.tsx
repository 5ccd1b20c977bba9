import { type SelectHTMLAttributes } from 'react'
import { CONTROL_CLASSES } from '#app/components/ui/field.tsx'
import { slotText } from '#app/submissions/slot-text.ts'
// Only the type: the slots come from the loader (docs/decisions/050, 057).
import { type AppointmentSlot } from '#app/submissions/appointment-slots.ts'

/** The offered slots grouped by day, for the select's option groups. */
function slotsByDay(slots: readonly AppointmentSlot[]): Array<{ date: string; label: string; slots: AppointmentSlot[] }> {
  const groups: Array<{ date: string; label: string; slots: AppointmentSlot[] }> = []
  for (const slot of slots) {
    const group = groups.at(-1)
    if (group?.date === slot.date) group.slots.push(slot)
    else groups.push({ date: slot.date, label: slot.dayLabel, slots: [slot] })
  }
  return groups
}

/**
 * The one slot picker: the test drive's „Wunschtermin“ and the seller's „Besichtigungstermin“
 * (issue 38) offer the same windows (app/submissions/appointment-slots.ts). Grouped by day; each
 * option names its day too, so the closed select reads in full.
 */
export function SlotSelect({ slots, className, ...props }: { slots: readonly AppointmentSlot[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select {...props} className={`${CONTROL_CLASSES} appearance-auto ${className ?? ''}`.trim()}>
      <option value="">Bitte wählen</option>
      {slotsByDay(slots).map((day) => (
        <optgroup key={day.date} label={day.label}>
          {day.slots.map((slot) => (
            <option key={slot.value} value={slot.value}>
              {slotText(slot)}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  )
}
