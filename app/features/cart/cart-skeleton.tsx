import { Skeleton } from "#app/ui/skeleton.tsx";

/** The cart's shape while it loads: two lines and the summary. */
export function CartSkeleton() {
  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]" aria-busy="true">
      <p className="sr-only" role="status">
        Carregando o carrinho…
      </p>
      <div className="space-y-3">
        {[0, 1].map((index) => (
          <div key={index} className="flex gap-4 rounded-2xl border border-stone-200 bg-white p-4">
            <Skeleton className="size-20" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-10 w-40" />
            </div>
          </div>
        ))}
      </div>
      <Skeleton className="h-56" />
    </div>
  );
}
