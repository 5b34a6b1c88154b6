import { Skeleton } from "#app/ui/skeleton.tsx";

/** What <main> shows while the next page loads (spec §2: pages load lazily with a skeleton). */
export function PageSkeleton() {
  return (
    <div role="status" aria-busy="true" className="mx-auto max-w-6xl px-4 py-10">
      <span className="sr-only">Carregando…</span>
      <Skeleton className="h-9 w-2/3 max-w-md" />
      <Skeleton className="mt-4 h-4 w-full max-w-2xl" />
      <Skeleton className="mt-2 h-4 w-5/6 max-w-xl" />
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
        <Skeleton className="hidden h-48 lg:block" />
      </div>
    </div>
  );
}
