/**
 * Melhor Envio's cart body for one order (issue 30 item 4, docs/decisions/078): the sender from the
 * shop's fulfilment profile, the recipient from the order's address, the parcel from the lines that
 * ship (weights and sizes from the product editor, estimated when missing), our order id in
 * `options.tags` (so a crash after POST /cart finds its item again), and either the NF-e's key or a
 * content declaration (`non_commercial`).
 */
import type { Database } from "#platform/db/client.ts";
import { parcelMeasures } from "#domain/catalog/parcel-measures.server.ts";
import type { OrderDetail } from "#domain/orders/order-types.ts";
import type { FulfilmentProfile } from "#domain/settings/fulfilment-profile.ts";
import { PARCEL_BASE_GRAMS, parcelWeightGrams } from "#domain/shipping/parcel.ts";
import { melhorEnvioServiceId } from "#domain/shipping/shipping-methods.ts";

/** The smallest box Correios accept, in cm (length × width × height). */
const MIN_BOX = { length: 16, width: 11, height: 2 };

/**
 * The service chosen at checkout: a Melhor Envio service id when the live quote stored one, else
 * the table's method (PAC → 1, SEDEX → 2).
 */
export function serviceIdOf(shippingMethod: string | null): number {
  // The live quote's methods are "me-<id>" (decision 073).
  const live = melhorEnvioServiceId(shippingMethod ?? "");
  if (live !== null) return live;
  if (shippingMethod && /^\d+$/.test(shippingMethod)) return Number(shippingMethod);
  const id = /(?:^|:)(\d+)$/.exec(shippingMethod ?? "")?.[1];
  if (id) return Number(id);
  return shippingMethod === "sedex" ? 2 : 1;
}

export type CartBodyInput = {
  order: OrderDetail;
  profile: FulfilmentProfile;
  serviceId: number;
  invoice: { key: string } | null;
  shopName: string;
};

/** The parcel of the lines that ship: one volume (Correios take exactly one). */
export async function parcelVolume(db: Pick<Database, "select">, order: OrderDetail) {
  const shipped = order.items.filter((item) => item.needsShipping);
  const measures = await parcelMeasures(
    db,
    shipped.map((item) => item.productId),
  );
  let grams = PARCEL_BASE_GRAMS;
  let length = MIN_BOX.length;
  let width = MIN_BOX.width;
  let height = 0;
  for (const item of shipped) {
    const product = measures.get(item.productId);
    const units = item.unitType === "gram" ? 1 : item.quantity;
    grams += product?.weightGrams
      ? product.weightGrams * units
      : parcelWeightGrams([{ category: product?.category ?? "", unitType: item.unitType, quantity: item.quantity, needsShipping: true }]) -
        PARCEL_BASE_GRAMS;
    length = Math.max(length, product?.lengthCm ?? 0);
    width = Math.max(width, product?.widthCm ?? 0);
    height += (product?.heightCm ?? 2) * (item.unitType === "gram" ? 1 : item.quantity);
  }
  return { height: Math.max(MIN_BOX.height, height), width, length, weight: Math.round(grams) / 1000 };
}

export async function cartBody(db: Pick<Database, "select">, input: CartBodyInput): Promise<object> {
  const { order, profile, serviceId, invoice } = input;
  const address = order.shippingAddress!;
  const sender = profile.sender;
  const shipped = order.items.filter((item) => item.needsShipping);
  const insuranceCents = shipped.reduce((sum, item) => sum + item.finalTotalCents, 0);
  const company = sender.document.length === 14;
  return {
    service: serviceId,
    from: {
      name: sender.name,
      phone: sender.phone,
      email: sender.email,
      ...(company
        ? { company_document: sender.document, state_register: sender.stateRegistration ?? undefined }
        : { document: sender.document }),
      address: sender.address.street,
      number: sender.address.number,
      complement: sender.address.complement,
      district: sender.address.district,
      city: sender.address.city,
      state_abbr: sender.address.state,
      country_id: "BR",
      postal_code: sender.address.cep,
    },
    to: {
      name: address.recipientName,
      phone: address.phone,
      email: order.customerEmail,
      document: address.cpf,
      address: address.street,
      number: address.number,
      complement: address.complement ?? "",
      district: address.neighborhood,
      city: address.city,
      state_abbr: address.state,
      country_id: "BR",
      postal_code: address.cep,
      note: "",
    },
    products: shipped.map((item) => ({
      name: item.productName,
      quantity: item.unitType === "gram" ? 1 : item.quantity,
      unitary_value: item.finalTotalCents / 100 / (item.unitType === "gram" ? 1 : item.quantity),
    })),
    volumes: [await parcelVolume(db, order)],
    options: {
      insurance_value: insuranceCents / 100,
      receipt: false,
      own_hand: false,
      collect: false,
      reverse: false,
      non_commercial: invoice === null,
      ...(invoice ? { invoice: { key: invoice.key } } : {}),
      platform: input.shopName,
      reminder: null,
      tags: [{ tag: order.id, url: null }],
    },
  };
}
