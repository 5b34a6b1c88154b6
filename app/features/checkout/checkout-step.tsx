import { useId } from "react";

/** A numbered step of the checkout: a region named by its heading. */
export function CheckoutStep({ number, title, children }: { number: number; title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-stone-200 bg-white p-5">
      <h2 id={id} className="text-lg font-bold text-stone-950">
        <span
          aria-hidden="true"
          className="mr-2 inline-flex size-7 items-center justify-center rounded-full bg-emerald-800 text-sm text-white"
        >
          {number}
        </span>
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
