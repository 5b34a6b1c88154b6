import { useEffect, useId, useRef } from "react";
import { maskCpf, maskedChange } from "#app/lib/input-masks.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field } from "#app/ui/field.tsx";

type SavedCpfProps = {
  className?: string;
  /** "***.982.247-**": the page never has the whole number. */
  masked: string;
  /** The saved CPF goes with the order (the field is not shown). */
  using: boolean;
  value: string;
  error: string | undefined;
  onValue: (value: string) => void;
  onChange: () => void;
  onUseSaved: () => void;
};

/**
 * The CPF saved by the customer's last order (decision 033), shown masked, with a way to type
 * another; typing another replaces the saved one when the order is placed.
 */
export function SavedCpf({ className = "", masked, using, value, error, onValue, onChange, onUseSaved }: SavedCpfProps) {
  const id = useId();
  const field = useRef<HTMLDivElement>(null);
  const changed = useRef(false);
  // Whoever pressed "Alterar CPF" lands in the field it revealed (and back on the button when going back).
  useEffect(() => {
    if (!changed.current) return;
    if (using) document.getElementById(`${id}-alterar`)?.focus();
    else field.current?.querySelector("input")?.focus();
  }, [using, id]);

  if (using) {
    return (
      <div className={className}>
        <p className="block text-sm font-medium text-stone-900">CPF salvo</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-mono text-base text-stone-900" data-testid="cpf-salvo">
            {masked}
          </span>
          <button
            type="button"
            id={`${id}-alterar`}
            onClick={() => {
              changed.current = true;
              onChange();
            }}
            className="text-sm font-medium text-emerald-800 underline underline-offset-4"
          >
            Alterar CPF
          </button>
        </p>
        <p className="mt-1 text-xs text-stone-600">O CPF salvo no seu último pedido.</p>
      </div>
    );
  }
  return (
    <div className={className} ref={field}>
      <Field
        label="CPF"
        name="cpf"
        inputMode="numeric"
        value={value}
        onChange={maskedChange(maskCpf, onValue)}
        error={error}
        hint={`Substitui o CPF salvo (${masked}).`}
      />
      <button
        type="button"
        onClick={() => {
          changed.current = true;
          onUseSaved();
        }}
        className={buttonClass("secondary", "mt-2 text-sm")}
      >
        Usar o CPF salvo
      </button>
    </div>
  );
}
