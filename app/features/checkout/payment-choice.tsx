/** Pix or "Cartão de crédito" on the review step (issue 32), when the shop takes cards. */
export function PaymentChoice({
  method,
  onChoose,
  cardPitch,
}: {
  method: "pix" | "card";
  onChoose: (method: "pix" | "card") => void;
  /** "em até 3x sem juros" from the owner's rule, or "" when only one installment is free of interest. */
  cardPitch: string;
}) {
  const option = (value: "pix" | "card", label: string, hint: string) => (
    <label className="flex items-start gap-2 rounded-lg border border-stone-300 p-3 has-[:checked]:border-emerald-700">
      <input
        type="radio"
        name="paymentMethod"
        value={value}
        checked={method === value}
        onChange={() => onChoose(value)}
        className="mt-0.5 size-4"
      />
      <span>
        <span className="font-medium text-stone-950">{label}</span>
        {hint ? <span className="block text-stone-700">{hint}</span> : null}
      </span>
    </label>
  );
  return (
    <fieldset className="mt-5 space-y-2 text-sm">
      <legend className="mb-2 font-semibold text-stone-950">Forma de pagamento</legend>
      {option("pix", "Pix", "Aprovação na hora")}
      {option("card", "Cartão de crédito", cardPitch)}
    </fieldset>
  );
}
