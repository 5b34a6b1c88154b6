import { maskCep, maskedChange, maskPhone } from "#app/lib/input-masks.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field } from "#app/ui/field.tsx";
import { digits, type AddressValues } from "#app/shared/address/address-values.ts";
import { UfSelect } from "#app/shared/address/uf-select.tsx";

type AddressFieldsProps = {
  /** Makes the UF select's id unique on the page ("checkout" → "checkout-uf"). */
  idPrefix: string;
  value: AddressValues;
  errors: Partial<Record<string, string>>;
  onValue: (name: keyof AddressValues, value: string) => void;
  /** What the CEP lookup found (or why it did not), announced as it changes. */
  cepNote: string | null;
  /** Looks the typed CEP up: on "Buscar CEP" and when the CEP field is left with 8 digits. */
  onLookupCep: () => void;
  /** A field that sits beside the recipient's name (the checkout's CPF); the panel has none. */
  besideName?: React.ReactNode;
};

/**
 * The fields of an address, the same in the customer panel and the checkout: the CEP first, which
 * fills street, neighbourhood, city and UF, then what only the customer knows. The form around it
 * (its submit, saved addresses, the CPF) belongs to each page.
 */
export function AddressFields({ idPrefix, value, errors, onValue, cepNote, onLookupCep, besideName }: AddressFieldsProps) {
  const text = (name: keyof AddressValues) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onValue(name, event.target.value);
  return (
    <>
      <div className="sm:col-span-3">
        <Field
          label="CEP"
          name="cep"
          autoComplete="postal-code"
          inputMode="numeric"
          value={value.cep}
          onChange={maskedChange(maskCep, (cep) => onValue("cep", cep))}
          onBlur={() => digits(value.cep).length === 8 && onLookupCep()}
          error={errors.cep}
          hint="Digite o CEP para preencher o endereço."
        />
      </div>
      <div className="flex items-end sm:col-span-3">
        <button type="button" onClick={onLookupCep} className={buttonClass("secondary")}>
          Buscar CEP
        </button>
      </div>
      <p role="status" className="text-sm text-stone-700 sm:col-span-6">
        {cepNote}
      </p>
      <Field
        className="sm:col-span-4"
        label="Nome de quem recebe"
        name="recipientName"
        autoComplete="name"
        value={value.recipientName}
        onChange={text("recipientName")}
        error={errors.recipientName}
      />
      {besideName}
      <Field
        className="sm:col-span-2"
        label="Telefone"
        name="phone"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        value={value.phone}
        onChange={maskedChange(maskPhone, (phone) => onValue("phone", phone))}
        error={errors.phone}
      />
      <Field
        className="sm:col-span-4"
        label="Rua"
        name="street"
        autoComplete="address-line1"
        value={value.street}
        onChange={text("street")}
        error={errors.street}
      />
      <Field className="sm:col-span-2" label="Número" name="number" value={value.number} onChange={text("number")} error={errors.number} />
      <Field
        className="sm:col-span-4"
        label="Complemento (opcional)"
        name="complement"
        autoComplete="address-line2"
        value={value.complement}
        onChange={text("complement")}
        error={errors.complement}
      />
      <Field
        className="sm:col-span-3"
        label="Bairro"
        name="neighborhood"
        value={value.neighborhood}
        onChange={text("neighborhood")}
        error={errors.neighborhood}
      />
      <Field
        className="sm:col-span-2"
        label="Cidade"
        name="city"
        autoComplete="address-level2"
        value={value.city}
        onChange={text("city")}
        error={errors.city}
      />
      <UfSelect className="sm:col-span-1" id={`${idPrefix}-uf`} value={value.state} onChange={text("state")} error={errors.state} />
    </>
  );
}
