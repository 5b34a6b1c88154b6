import { useEffect, useId, useRef } from "react";

type CheckoutStepProps = {
  number: number;
  title: string;
  /** Moves focus to the heading when the step appears after the customer moved on (or back), not on the page's first paint. */
  focusOnShow?: boolean;
  children: React.ReactNode;
};

/** A numbered step of the checkout: a region named by its heading, which takes focus when the step changes. */
export function CheckoutStep({ number, title, focusOnShow = false, children }: CheckoutStepProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) heading.current?.focus();
    // Once, when the step mounts: each step is mounted when it becomes the current one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-stone-200 bg-white p-5">
      <h2 id={id} ref={heading} tabIndex={-1} className="scroll-mt-24 text-lg font-bold text-stone-950 focus:outline-none">
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
