/**
 * The H1 of a page that starts without a hero (contact, legal pages): its title and intro on a dark band.
 * `compact` is for pages whose content the visitor came for and should see at once (/vehicles: the
 * first cars above the fold at 1366×768, issue 29): a slimmer band, a smaller title, no accent bar.
 */
export function PageHeader({ title, intro, compact = false }: { title: string; intro?: string | null; compact?: boolean }) {
  return (
    <header className="bg-zinc-950 text-white">
      <div className={`mx-auto max-w-7xl px-4 sm:px-6 lg:px-8 ${compact ? 'py-8 sm:py-10' : 'py-14 sm:py-20'}`}>
        <h1 className={`text-3xl font-extrabold ${compact ? 'sm:text-4xl' : 'min-[25rem]:text-4xl sm:text-5xl'}`}>{title}</h1>
        {compact ? null : <span aria-hidden="true" className="mt-5 block h-1 w-16 rounded-full bg-amber-400" />}
        {intro ? <p className={`max-w-3xl leading-relaxed text-zinc-300 ${compact ? 'mt-3 text-base' : 'mt-6 text-lg'}`}>{intro}</p> : null}
      </div>
    </header>
  )
}
