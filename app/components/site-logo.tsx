import { Link } from '@remix-run/react'

/**
 * The dealer's mark and name, linking home. The first word of the name is the wordmark,
 * the rest a small second line ("Ruhrstern" / "Automobile").
 *
 * In a row that is too narrow the name gives way, never what stands beside it: its lines end in „…“
 * (a name longer than the seed's), and `wordmarkClassName` can hide it from the eye altogether; it
 * stays the link's name either way.
 */
export function SiteLogo({ name, className = '', wordmarkClassName = '' }: { name: string; className?: string; wordmarkClassName?: string }) {
  const [first = name, ...rest] = name.trim().split(/\s+/)
  return (
    <Link to="/" prefetch="intent" className={`flex min-h-11 min-w-0 items-center gap-3 rounded text-white ${className}`}>
      <svg viewBox="0 0 40 40" className="size-10 shrink-0" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="10" fill="#fbbf24" />
        <path d="M20 7l3.6 8.4 9.1.8-6.9 6 2.1 8.9L20 26.4l-7.9 4.7 2.1-8.9-6.9-6 9.1-.8z" fill="#09090b" />
      </svg>
      <span className={`flex min-w-0 flex-col leading-none ${wordmarkClassName}`}>
        <span className="overflow-x-clip text-lg text-ellipsis whitespace-nowrap font-extrabold tracking-tight uppercase">{first}</span>
        {rest.length > 0 ? (
          <span className="mt-1 overflow-x-clip text-[0.7rem] text-ellipsis whitespace-nowrap font-semibold tracking-[0.3em] text-amber-400 uppercase">
            {rest.join(' ')}
          </span>
        ) : null}
      </span>
    </Link>
  )
}
