import { UFS } from "#domain/shipping/address-schema.ts";

type UfSelectProps = {
  id: string;
  error?: string;
  className?: string;
  /** Controlled (the checkout fills it from the CEP); without it the select keeps its own value. */
  value?: string;
  onChange?: (event: React.ChangeEvent<HTMLSelectElement>) => void;
};

/** The state (UF) of an address, with its error announced like a Field's. Used by the panel and the checkout. */
export function UfSelect({ id, error, className, value, onChange }: UfSelectProps) {
  const errorId = `${id}-erro`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">
        UF
      </label>
      <select
        id={id}
        name="state"
        {...(value === undefined ? { defaultValue: "" } : { value, onChange })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-2 py-2.5 text-base"
      >
        <option value="">—</option>
        {UFS.map((uf) => (
          <option key={uf} value={uf}>
            {uf}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
