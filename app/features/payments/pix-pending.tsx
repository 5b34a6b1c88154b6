import {
  PIX_FAILED_HINT,
  PIX_FAILED_TEXT,
  PIX_GENERATING_HINT,
  PIX_GENERATING_TEXT,
  type PixGeneration,
} from "#domain/reconciliation/pix-generation.ts";

/**
 * Where the Pix will be while the provider makes it after the order was saved (decision 045). The
 * page re-reads when the shop announces the Pix (useOrderUpdates), and this box becomes the Pix.
 * A live region, so a screen reader hears the state without moving focus.
 */
export function PixPending({ state }: { state: PixGeneration }) {
  const failed = state === "failed";
  return (
    <div
      role="status"
      aria-live="polite"
      className={
        failed
          ? "rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950"
          : "rounded-2xl border border-stone-200 bg-white p-5 text-stone-900"
      }
    >
      <p className="flex items-center gap-3 text-lg font-bold">
        {failed ? null : (
          <span
            aria-hidden="true"
            className="inline-block size-5 shrink-0 animate-spin rounded-full border-2 border-stone-300 border-t-emerald-700"
          />
        )}
        {failed ? PIX_FAILED_TEXT : PIX_GENERATING_TEXT}
      </p>
      <p className="mt-2">{failed ? PIX_FAILED_HINT : PIX_GENERATING_HINT}</p>
    </div>
  );
}
