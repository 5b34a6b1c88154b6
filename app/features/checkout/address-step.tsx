import type { Address } from "#domain/shipping/address-schema.ts";
import { AddressFields } from "#app/shared/address/address-fields.tsx";
import type { AddressForm } from "#app/features/checkout/address-form.ts";
import { SavedCpf } from "#app/features/checkout/saved-cpf.tsx";
import { CheckoutStep } from "#app/features/checkout/checkout-step.tsx";
import { StepActions } from "#app/features/checkout/step-actions.tsx";
import { maskCpf, maskedChange } from "#app/lib/input-masks.ts";
import { Field } from "#app/ui/field.tsx";

type AddressStepProps = {
  number: number;
  focusOnShow: boolean;
  /** The customer's saved addresses. */
  addresses: Address[];
  /** The saved address the form was filled from ("" for a new one). */
  selectedAddressId: string;
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
  selectedAddressId,
  address,
  savedCpf,
  usingSavedCpf,
  onChangeCpf,
  onUseSavedCpf,
  onValue,
  errors,
  cepNote,
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
              value={selectedAddressId}
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
        <AddressFields
          idPrefix="checkout"
          value={address}
          errors={errors}
          onValue={onValue}
          cepNote={cepNote}
          onLookupCep={onLookupCep}
          besideName={
            savedCpf ? (
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
            )
          }
        />
        <label className="flex items-center gap-2 text-sm sm:col-span-6">
          <input type="checkbox" checked={saveAddress} onChange={(event) => onSaveAddress(event.target.checked)} className="size-4" />
          Salvar este endereço na minha conta
        </label>
      </div>
      <StepActions onBack={onBack} continueLabel="Continuar para o envio" onContinue={onContinue} />
    </CheckoutStep>
  );
}
