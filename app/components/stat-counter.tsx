import { formatDecimal } from '#app/utils/format.ts'
import { useCountUp } from '#app/utils/use-count-up.ts'
import { spacedSuffix } from '#schemas/lib/counter-suffix.ts'

const oneDecimalAtMost = { maximumFractionDigits: 1 }

export interface StatCounterProps {
  number: number
  suffix?: string | null
  label: string
  /** Where the figure comes from („aus 10 Bewertungen auf Google und mobile.de“), shown under the label. */
  source?: string
  /** Dark surfaces get the amber figure, light ones a dark one. */
  tone?: 'dark' | 'light'
}

/**
 * One counted figure (spec §4): the server HTML holds the final value; in the browser it counts
 * up once it is 10 % visible. Screen readers read the final figure with its label (sr-only);
 * the animated figure is hidden from them, so nothing is announced 125 times.
 */
export function StatCounter({ number, suffix, label, source, tone = 'dark' }: StatCounterProps) {
  // Whole numbers count; a figure with decimals (4,8 rating) is shown as it is.
  const animated = Number.isInteger(number)
  const { ref, value } = useCountUp<HTMLDivElement>(animated ? number : 0)
  const shown = animated ? value : number
  const final = `${formatDecimal(number, oneDecimalAtMost)}${spacedSuffix(suffix)}`
  return (
    <div ref={ref} className="text-center">
      <p
        aria-hidden="true"
        data-testid="stat-value"
        className={`text-4xl font-extrabold tracking-tight tabular-nums sm:text-5xl ${tone === 'dark' ? 'text-amber-400' : 'text-zinc-950'}`}
      >
        {/* The counting figure starts where the final one starts, inside the final one's width (drawn
            invisibly by ::before, so it is no text of the page): it grows to the right without moving
            anything, itself included (a centred growing figure was a layout shift of 0.002–0.014 on a
            city page, tests/e2e/page-speed.test.ts). */}
        <span data-final={final} className="inline-grid text-left before:invisible before:col-start-1 before:row-start-1 before:content-[attr(data-final)]">
          {/* One text node: a suffix of its own would move right as the number grows. */}
          <span className="col-start-1 row-start-1">{`${formatDecimal(shown, oneDecimalAtMost)}${spacedSuffix(suffix)}`}</span>
        </span>
      </p>
      <p
        aria-hidden="true"
        // Long German compounds (KUNDENZUFRIEDENHEIT) must fit half a phone screen.
        className={`mt-2 text-xs font-semibold tracking-normal break-words hyphens-auto uppercase sm:text-sm sm:tracking-wide ${tone === 'dark' ? 'text-zinc-300' : 'text-zinc-600'}`}
      >
        {label}
      </p>
      {source ? (
        <p aria-hidden="true" data-testid="stat-source" className={`mt-1 text-xs ${tone === 'dark' ? 'text-zinc-400' : 'text-zinc-600'}`}>
          {source}
        </p>
      ) : null}
      <p className="sr-only">{`${final} ${label}${source ? ` ${source}` : ''}`}</p>
    </div>
  )
}
