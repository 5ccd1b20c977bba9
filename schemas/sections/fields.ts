import { defineField } from 'sanity'

/*
 * Fields every page section shares: an optional anchor (the id buttons jump to) and the heading
 * block. Kept in one place so each section type reads as "shared fields + what is special".
 */

/** Lowercase id such as `contact` or `inventory`. */
export const ANCHOR_PATTERN = /^[a-z][a-z0-9-]*$/

export const anchorField = defineField({
  name: 'anchor',
  title: 'Sprungziel (id)',
  type: 'string',
  description: 'Optional. Ein Name wie contact oder inventory: Links auf diese Seite können dann zu diesem Abschnitt springen.',
  validation: (rule) => rule.regex(ANCHOR_PATTERN, { name: 'Kleinbuchstaben, Ziffern, Bindestrich' }),
})

export const eyebrowField = defineField({ name: 'eyebrow', title: 'Überzeile', type: 'string', validation: (rule) => rule.max(60) })

export const headingField = defineField({
  name: 'heading',
  title: 'Überschrift',
  type: 'string',
  validation: (rule) => rule.required().max(100),
})

export const optionalHeadingField = defineField({
  name: 'heading',
  title: 'Überschrift',
  type: 'string',
  validation: (rule) => rule.max(100),
})

export const introField = defineField({ name: 'intro', title: 'Einleitung', type: 'text', rows: 3, validation: (rule) => rule.max(600) })

/** Heading block shared by most sections (eyebrow, required heading, intro) plus the anchor. */
export const sectionHeadingFields = [anchorField, eyebrowField, headingField, introField]
