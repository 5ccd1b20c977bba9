/** What a screen reader reads after a control's name: the texts its aria-describedby names, in order. */
export const describedBy = (control: Element) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => control.ownerDocument.getElementById(id)?.textContent)
    .join(' ')
