import type { Address } from "#domain/shipping/address-schema.ts";
import { UfSelect } from "#app/features/account/uf-select.tsx";
import { digits, type AddressForm } from "#app/features/checkout/address-form.ts";
import { SavedCpf } from "#app/features/checkout/saved-cpf.tsx";
import { CheckoutStep } from "#app/features/checkout/checkout-step.tsx";
import { StepActions } from "#app/features/checkout/step-actions.tsx";
import { maskCep, maskCpf, maskedChange, maskPhone } from "#app/lib/input-masks.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field } from "#app/ui/field.tsx";

type AddressStepProps = {
  number: number;
  focusOnShow: boolean;
  /** The customer's saved addresses. */
  addresses: Address[];
  /** The saved address the form started with ("" for a new one). */
  startAddressId: string;
  address: AddressForm;
  /** The account's CPF, masked; while it is used (not being changed), the CPF field is not shown. */
  savedCpf: string | null;
  usingSavedCpf: boolean;
  onChangeCpf: () => void;
  onUseSavedCpf: () => void;
  onValue: (name: keyof AddressForm, value: string) => void;
  errors: Record<string, string>;
  /** What the CEP lookup found (or why it did not), announced as it changes. */
  cepNote: string | null;
  onField: (name: keyof AddressForm) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  onLookupCep: () => void;
  onChooseSaved: (id: string) => void;
  saveAddress: boolean;
  onSaveAddress: (save: boolean) => void;
  onBack: (() => void) | null;
  onContinue: () => void;
};

/** The delivery address (only when the cart has physical items): a saved one, or typed with help from the CEP. */
export function AddressStep({
  number,
  focusOnShow,
  addresses,
  startAddressId,
  address,
  savedCpf,
  usingSavedCpf,
  onChangeCpf,
  onUseSavedCpf,
  onValue,
  errors,
  cepNote,
  onField,
  onLookupCep,
  onChooseSaved,
  saveAddress,
  onSaveAddress,
  onBack,
  onContinue,
}: AddressStepProps) {
  return (
    <CheckoutStep number={number} title="Endereço de entrega" focusOnShow={focusOnShow}>
      <div className="grid gap-4 sm:grid-cols-6">
        {addresses.length > 0 ? (
          <div className="sm:col-span-6">
            <label htmlFor="checkout-endereco-salvo" className="block text-sm font-medium text-stone-900">
              Endereço salvo
            </label>
            <select
              id="checkout-endereco-salvo"
              defaultValue={startAddressId}
              onChange={(event) => onChooseSaved(event.target.value)}
              className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-2 py-2.5 text-base"
            >
              {addresses.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.street}, {entry.number} — {entry.city}/{entry.state}
                </option>
              ))}
              <option value="">Outro endereço</option>
            </select>
          </div>
        ) : null}
        <div className="sm:col-span-3">
          <Field
            label="CEP"
            name="cep"
            autoComplete="postal-code"
            inputMode="numeric"
            value={address.cep}
            onChange={maskedChange(maskCep, (value) => onValue("cep", value))}
            onBlur={() => digits(address.cep).length === 8 && onLookupCep()}
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
          value={address.recipientName}
          onChange={onField("recipientName")}
          error={errors.recipientName}
        />
        {savedCpf ? (
          <SavedCpf
            className="sm:col-span-2"
            masked={savedCpf}
            using={usingSavedCpf}
            value={address.cpf}
            error={errors.cpf}
            onValue={(value) => onValue("cpf", value)}
            onChange={onChangeCpf}
            onUseSaved={onUseSavedCpf}
          />
        ) : (
          <Field
            className="sm:col-span-2"
            label="CPF"
            name="cpf"
            inputMode="numeric"
            value={address.cpf}
            onChange={maskedChange(maskCpf, (value) => onValue("cpf", value))}
            error={errors.cpf}
          />
        )}
        <Field
          className="sm:col-span-2"
          label="Telefone"
          name="phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          value={address.phone}
          onChange={maskedChange(maskPhone, (value) => onValue("phone", value))}
          error={errors.phone}
        />
        <Field
          className="sm:col-span-4"
          label="Rua"
          name="street"
          autoComplete="address-line1"
          value={address.street}
          onChange={onField("street")}
          error={errors.street}
        />
        <Field
          className="sm:col-span-2"
          label="Número"
          name="number"
          value={address.number}
          onChange={onField("number")}
          error={errors.number}
        />
        <Field
          className="sm:col-span-4"
          label="Complemento (opcional)"
          name="complement"
          autoComplete="address-line2"
          value={address.complement}
          onChange={onField("complement")}
          error={errors.complement}
        />
        <Field
          className="sm:col-span-3"
          label="Bairro"
          name="neighborhood"
          value={address.neighborhood}
          onChange={onField("neighborhood")}
          error={errors.neighborhood}
        />
        <Field
          className="sm:col-span-2"
          label="Cidade"
          name="city"
          autoComplete="address-level2"
          value={address.city}
          onChange={onField("city")}
          error={errors.city}
        />
        <UfSelect className="sm:col-span-1" id="checkout-uf" value={address.state} onChange={onField("state")} error={errors.state} />
        <label className="flex items-center gap-2 text-sm sm:col-span-6">
          <input type="checkbox" checked={saveAddress} onChange={(event) => onSaveAddress(event.target.checked)} className="size-4" />
          Salvar este endereço na minha conta
        </label>
      </div>
      <StepActions onBack={onBack} continueLabel="Continuar para o envio" onContinue={onContinue} />
    </CheckoutStep>
  );
}
