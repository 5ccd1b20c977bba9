import { DocumentTextIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { anchorField } from './fields'

/**
 * The provider identification of the Impressum (§ 5 DDG), rendered from the company fields of the
 * site settings (name, address, managing director, register, VAT id, responsible person), followed
 * by the page's own text (dispute resolution, liability).
 */
export const legalNoticeSection = defineType({
  name: 'legalNoticeSection',
  title: 'Anbieterkennzeichnung (Impressum)',
  type: 'object',
  icon: DocumentTextIcon,
  fields: [anchorField, defineField({ name: 'body', title: 'Weiterer Text', type: 'richText' })],
  preview: { prepare: () => ({ title: 'Anbieterkennzeichnung', subtitle: 'Aus den Einstellungen (Unternehmen)' }) },
})
