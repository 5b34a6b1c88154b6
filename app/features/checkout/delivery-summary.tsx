import { formatBRL } from "#domain/pricing/money.ts";
import { shippingMethodLabel } from "#domain/shipping/shipping-methods.ts";
import type { AddressForm } from "#app/features/checkout/address-form.ts";
import type { ShippingOption } from "#app/features/checkout/checkout-types.ts";
import { methodEstimateText } from "#domain/shipping/delivery-estimate.ts";

type DeliverySummaryProps = {
  address: AddressForm;
  /** The CPF as shown: the one typed, or the saved one masked. */
  cpf: string;
  shipping: ShippingOption | null;
  /** The cart's production days, added to the method's (decision 058). */
  productionDays: number;
  onChangeAddress: () => void;
  onChangeShipping: () => void;
};

const changeClass = "text-sm font-medium text-emerald-800 underline underline-offset-4";

/** On the review: where the order goes and how, each with its way back to change it. */
export function DeliverySummary({ address, cpf, shipping, productionDays, onChangeAddress, onChangeShipping }: DeliverySummaryProps) {
  return (
    <dl className="mb-4 space-y-3 rounded-lg bg-stone-50 p-3 text-sm text-stone-800">
      <div>
        <dt className="flex items-center justify-between gap-2 font-semibold text-stone-950">
          Entrega
          <button type="button" onClick={onChangeAddress} className={changeClass}>
            Alterar endereço
          </button>
        </dt>
        <dd>
          {address.recipientName} · CPF {cpf}
          <br />
          {address.street}, {address.number}
          {address.complement ? ` — ${address.complement}` : ""} · {address.neighborhood}
          <br />
          {address.city}/{address.state} · CEP {address.cep}
        </dd>
      </div>
      <div>
        <dt className="flex items-center justify-between gap-2 font-semibold text-stone-950">
          Envio
          <button type="button" onClick={onChangeShipping} className={changeClass}>
            Alterar envio
          </button>
        </dt>
        <dd>
          {shipping
            ? `${shipping.label || shippingMethodLabel(shipping.method)}, ${methodEstimateText(productionDays, shipping.deliveryDays)}: ${formatBRL(shipping.priceCents)}`
            : "Escolha a forma de envio."}
        </dd>
      </div>
    </dl>
  );
}
