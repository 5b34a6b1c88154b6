/**
 * The packing slip printed with each label (issue 30 items 4 and 6): who sends, who receives, and
 * only what goes in the box. A consultoria, a course or an e-book is never packed, so never listed.
 */
import type { FulfilmentProfile } from "#domain/settings/fulfilment-profile.ts";

export type SlipOrder = {
  number: number;
  customerName?: string;
  shippingAddress: {
    recipientName: string;
    street: string;
    number: string;
    complement: string | null;
    neighborhood: string;
    city: string;
    state: string;
    cep: string;
  } | null;
  items: ReadonlyArray<{ productName: string; quantity: number; unitType: "gram" | "unit"; needsShipping: boolean }>;
};

const cepText = (cep: string) => (/^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep);

/** The slip's lines, top to bottom: what the PDF draws (and what a test reads). */
export function packingSlipLines(order: SlipOrder, sender: FulfilmentProfile["sender"]): Array<{ text: string; bold?: boolean }> {
  const address = order.shippingAddress;
  const packed = order.items.filter((item) => item.needsShipping);
  return [
    { text: `Pedido #${order.number} — lista de separação`, bold: true },
    { text: "Remetente", bold: true },
    { text: sender.name },
    {
      text: `${sender.address.street}, ${sender.address.number}${sender.address.complement ? ` ${sender.address.complement}` : ""} — ${sender.address.district}`,
    },
    { text: `${sender.address.city}/${sender.address.state} — CEP ${cepText(sender.address.cep)}` },
    { text: "Destinatário", bold: true },
    { text: address?.recipientName ?? order.customerName ?? "" },
    ...(address
      ? [
          { text: `${address.street}, ${address.number}${address.complement ? ` ${address.complement}` : ""} — ${address.neighborhood}` },
          { text: `${address.city}/${address.state} — CEP ${cepText(address.cep)}` },
        ]
      : []),
    { text: "Na caixa", bold: true },
    ...packed.map((item) => ({ text: `[  ] ${item.quantity}${item.unitType === "gram" ? " g" : " ×"} ${item.productName}` })),
  ];
}
