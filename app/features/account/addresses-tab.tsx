import { MapPin, Trash2 } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { useSchemaForm } from "#app/lib/use-schema-form.ts";
import { accountClient } from "#app/features/account/account-api.ts";
import { addressSchema, formatCep, formatPhone, type Address, type AddressInput } from "#domain/shipping/address-schema.ts";
import { UfSelect } from "#app/features/account/uf-select.tsx";

function AddressForm({ onSaved }: { onSaved: () => void }) {
  const { errors, formError, pending, onSubmit } = useSchemaForm(
    addressSchema,
    async (_parsed, form) => {
      // What was typed; the server parses it with the same schema.
      await accountClient.call("addAddress", { body: Object.fromEntries(new FormData(form)) as AddressInput });
      form.reset();
      onSaved();
    },
    "Não foi possível salvar o endereço.",
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Novo endereço" className="grid gap-4 sm:grid-cols-6">
      <h2 className="text-base font-semibold text-stone-950 sm:col-span-6">Novo endereço</h2>
      {formError ? (
        <div className="sm:col-span-6">
          <FormMessage kind="error">{formError}</FormMessage>
        </div>
      ) : null}
      <Field className="sm:col-span-4" label="Nome de quem recebe" name="recipientName" autoComplete="name" error={errors.recipientName} />
      <Field
        className="sm:col-span-2"
        label="Telefone"
        name="phone"
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        error={errors.phone}
      />
      <Field className="sm:col-span-2" label="CEP" name="cep" autoComplete="postal-code" inputMode="numeric" error={errors.cep} />
      <Field className="sm:col-span-4" label="Rua" name="street" autoComplete="address-line1" error={errors.street} />
      <Field className="sm:col-span-2" label="Número" name="number" error={errors.number} />
      <Field
        className="sm:col-span-4"
        label="Complemento (opcional)"
        name="complement"
        autoComplete="address-line2"
        error={errors.complement}
      />
      <Field className="sm:col-span-3" label="Bairro" name="neighborhood" error={errors.neighborhood} />
      <Field className="sm:col-span-2" label="Cidade" name="city" autoComplete="address-level2" error={errors.city} />
      <UfSelect className="sm:col-span-1" id="endereco-uf" error={errors.state} />
      <div className="sm:col-span-6">
        <button type="submit" disabled={pending} className={buttonClass("primary")}>
          {pending ? "Salvando…" : "Salvar endereço"}
        </button>
      </div>
    </form>
  );
}

export function AddressesTab({ addresses }: { addresses: Address[] }) {
  const revalidator = useRevalidator();
  const [removeError, setRemoveError] = useState<string | null>(null);

  async function remove(id: string) {
    setRemoveError(null);
    try {
      await accountClient.call("removeAddress", { params: { id } });
    } catch (error) {
      setRemoveError(error instanceof ApiCallError ? error.message : "Não foi possível remover o endereço.");
    }
    await revalidator.revalidate();
  }

  return (
    <div className="space-y-8">
      {removeError ? <FormMessage kind="error">{removeError}</FormMessage> : null}
      {addresses.length === 0 ? (
        <p className="text-stone-700">
          Nenhum endereço salvo ainda. Os endereços que você salvar aparecem aqui e na finalização da compra.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="Endereços salvos">
          {addresses.map((address) => (
            <li key={address.id} className="flex gap-3 rounded-xl border border-stone-200 p-4">
              <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-800" />
              <div className="min-w-0 flex-1 text-sm text-stone-800">
                <p className="font-semibold text-stone-950">{address.recipientName}</p>
                <p>
                  {address.street}, {address.number}
                  {address.complement ? ` – ${address.complement}` : ""}
                </p>
                <p>
                  {address.neighborhood}, {address.city} – {address.state}
                </p>
                <p>CEP {formatCep(address.cep)}</p>
                <p>{formatPhone(address.phone)}</p>
              </div>
              <button
                type="button"
                onClick={() => void remove(address.id)}
                aria-label={`Remover o endereço ${address.street}, ${address.number}`}
                className={buttonClass("ghost", "self-start px-2")}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="rounded-xl border border-stone-200 bg-stone-50 p-4 sm:p-5">
        <AddressForm onSaved={() => void revalidator.revalidate()} />
      </div>
    </div>
  );
}
