/** The H1 of a page that starts without a hero (contact, legal pages): its title and intro on a dark band. */
export function PageHeader({ title, intro }: { title: string; intro?: string | null }) {
  return (
    <header className="bg-zinc-950 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <h1 className="text-3xl font-extrabold min-[25rem]:text-4xl sm:text-5xl">{title}</h1>
        <span aria-hidden="true" className="mt-5 block h-1 w-16 rounded-full bg-amber-400" />
        {intro ? <p className="mt-6 max-w-3xl text-lg leading-relaxed text-zinc-300">{intro}</p> : null}
      </div>
    </header>
  )
}
