/** Text for HTML the server writes by hand (mails, the Studio's stand-in page): the five characters that could end an element or an attribute, escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}
