/** A page whose feature is still being built: its title and a short note, never a blank screen. */
export function PagePlaceholder({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
      <p className="mt-4 text-stone-700">{children ?? "Em breve: esta página está sendo preparada."}</p>
    </section>
  );
}
