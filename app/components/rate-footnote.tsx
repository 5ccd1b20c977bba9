/**
 * The page's footnote of its „Finanzierung ab 2,9 %*“ (PAngV § 17 Abs. 4; decision 111), after its
 * content: the representative example as the loader wrote it (representativeExampleNote), so the
 * browser loads no arithmetic or formatting for it.
 */
export function RateFootnote({ text }: { text: string }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <p className="text-xs leading-relaxed text-zinc-600" data-testid="financing-footnote">
        {text}
      </p>
    </div>
  )
}
