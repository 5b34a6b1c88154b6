import { useId } from "react";
import { focusRing } from "#app/ui/button-styles.ts";

type FieldProps = React.InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** The message under the input; it also marks the input invalid for screen readers. */
  error?: string;
  hint?: string;
};

/** A labelled input with its hint and error wired to it (aria-describedby, aria-invalid). */
export function Field({ label, error, hint, className = "", id, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-dica`;
  const errorId = `${inputId}-erro`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-900">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-stone-900 ${error ? "border-red-700" : "border-stone-300"} ${focusRing}`}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message about the whole form: an error (role=alert) or a confirmation (role=status). */
export function FormMessage({ kind, children }: { kind: "error" | "success" | "info"; children: React.ReactNode }) {
  const styles = {
    error: "border-red-200 bg-red-50 text-red-900",
    success: "border-emerald-200 bg-emerald-50 text-emerald-950",
    info: "border-stone-200 bg-white text-stone-800",
  }[kind];
  return (
    <div role={kind === "error" ? "alert" : "status"} className={`rounded-lg border px-4 py-3 text-sm ${styles}`}>
      {children}
    </div>
  );
}
