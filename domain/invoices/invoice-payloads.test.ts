import { describe, expect, it } from "vitest";
import type { InvoiceOrder } from "#domain/orders/invoice-tasks.server.ts";
import { fulfilmentProfileSchema } from "#domain/settings/fulfilment-profile.ts";
import { accessKeyDigits, invoiceRef } from "#domain/invoices/invoice-moves.ts";
import {
  HOMOLOGATION_RECIPIENT,
  kindsFor,
  nfePayload,
  nfsePayload,
  spread,
  type ProductTaxData,
} from "#domain/invoices/invoice-payloads.ts";
import { explainRefusal } from "#domain/invoices/invoice-refusals.ts";

const profile = fulfilmentProfileSchema.parse({
  sender: {
    name: "Loja Micologia Ltda",
    phone: "(11) 98888-7777",
    email: "notas@lojamicologia.example",
    document: "11.222.333/0001-81",
    stateRegistration: "123456789",
    municipalRegistration: "1234567",
    address: {
      cep: "01310-100",
      street: "Rua A",
      number: "10",
      complement: "",
      district: "Centro",
      city: "São Paulo",
      state: "SP",
      cityIbgeCode: "3550308",
    },
  },
  taxRegime: "simples_nacional",
  shipsWith: "nfe",
});

const GOODS = "00000000-0000-4000-8000-000000000001";
const MORE_GOODS = "00000000-0000-4000-8000-000000000002";
const SERVICE = "00000000-0000-4000-8000-000000000003";

const mixed: InvoiceOrder = {
  id: "0b6f5c1e-9c1d-4a53-8a3e-0d5d2a6f8e11",
  number: 10042,
  userId: "u1",
  status: "paid",
  customerName: "Maria Souza",
  customerEmail: "maria@example.com",
  shippingCents: 19_90,
  discountCents: 10_00,
  address: {
    recipientName: "Maria Souza",
    cpf: "52998224725",
    phone: "31988887777",
    cep: "30140071",
    street: "Av. B",
    number: "200",
    complement: null,
    neighborhood: "Funcionários",
    city: "Belo Horizonte",
    state: "MG",
  },
  paidAt: new Date(),
  lines: [
    { productId: GOODS, productName: "Amostra 7 g", productSlug: "amostra", quantity: 3, finalTotalCents: 48_90, needsShipping: true },
    { productId: MORE_GOODS, productName: "Kit", productSlug: "kit", quantity: 1, finalTotalCents: 100_00, needsShipping: true },
    {
      productId: SERVICE,
      productName: "Consultoria",
      productSlug: "consultoria",
      quantity: 1,
      finalTotalCents: 197_00,
      needsShipping: false,
    },
  ],
};

const goodsTax = (productId: string): ProductTaxData => ({
  productId,
  ncm: "07123900",
  cfop: "5102",
  origin: 0,
  icmsCode: "102",
  serviceCode: null,
});
const tax = new Map<string, ProductTaxData>([
  [GOODS, goodsTax(GOODS)],
  [MORE_GOODS, goodsTax(MORE_GOODS)],
  [SERVICE, { productId: SERVICE, ncm: null, cfop: null, origin: 0, icmsCode: null, serviceCode: "170101" }],
]);
const input = { order: mixed, profile, tax, now: new Date("2026-11-30T13:15:00Z"), homologation: false };

describe("the notes of an order", () => {
  it("a mixed order gets an NF-e for what travels and an NFS-e for the service", () => {
    expect(kindsFor(mixed)).toEqual(["nfe", "nfse"]);
    const nfe = nfePayload(input);
    if (!("body" in nfe)) throw new Error("expected a body");
    const items = nfe.body.items as Array<Record<string, number | string>>;
    expect(items.map((item) => item.descricao)).toEqual(["Amostra 7 g", "Kit"]);
    // The whole freight is on the goods' items, to the cent; SP → MG is interstate, so 5102 becomes 6102.
    expect(items.reduce((sum, item) => sum + Math.round(Number(item.valor_frete) * 100), 0)).toBe(19_90);
    expect(items.every((item) => item.cfop === "6102")).toBe(true);
    expect(nfe.body).toMatchObject({
      local_destino: 2,
      cnpj_emitente: "11222333000181",
      regime_tributario_emitente: 1,
      data_emissao: "2026-11-30T10:15:00-03:00",
    });

    const nfse = nfsePayload(input);
    if (!("body" in nfse)) throw new Error("expected a body");
    expect(nfse.body).toMatchObject({
      codigo_tributacao_nacional_iss: "170101",
      cpf_tomador: "52998224725",
      codigo_municipio_emissora: 3550308,
    });
    // The order's discount is shared by every line: the goods' shares on their items, the service's off its value.
    const goodsDiscount = items.reduce((sum, item) => sum + Math.round(Number(item.valor_desconto ?? 0) * 100), 0);
    expect(goodsDiscount + (197_00 - Math.round(Number(nfse.body.valor_servico) * 100))).toBe(10_00);
  });

  it("says which field is missing instead of sending a guess", () => {
    const noNcm = new Map(tax);
    noNcm.set(MORE_GOODS, { ...goodsTax(MORE_GOODS), ncm: null });
    expect(nfePayload({ ...input, tax: noNcm })).toEqual({
      refusal: { field: "ncm", message: 'Falta o NCM de "Kit". Preencha os dados fiscais no editor do produto.' },
    });
    expect(nfePayload({ ...input, profile: null })).toMatchObject({ refusal: { field: "emitter_address" } });
    const noCode = new Map(tax);
    noCode.delete(SERVICE);
    expect(nfsePayload({ ...input, tax: noCode })).toMatchObject({ refusal: { field: "service_code" } });
  });

  it("in homologação the customer's name is SEFAZ's test text (else rejection 598)", () => {
    const nfe = nfePayload({ ...input, homologation: true });
    expect("body" in nfe && nfe.body.nome_destinatario).toBe(HOMOLOGATION_RECIPIENT);
  });

  it("splits cents in proportion without losing one", () => {
    expect(spread(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(spread(0, [5, 5])).toEqual([0, 0]);
  });

  it("the ref is fixed by the order and kind; the key loses Focus' NFe prefix", () => {
    expect(invoiceRef(mixed.id, "nfe")).toBe("0b6f5c1e9c1d4a538a3e0d5d2a6f8e11nfe");
    expect(accessKeyDigits(`NFe${"3".repeat(44)}`)).toBe("3".repeat(44));
    expect(accessKeyDigits("NFe123")).toBeNull();
  });

  it("explains SEFAZ refusals in Portuguese with the field, by code or by words", () => {
    expect(explainRefusal("590", "Rejeição: CSOSN incompatível")).toMatchObject({ field: "icms" });
    expect(explainRefusal("999", "Rejeição: CFOP de entrada")).toMatchObject({ field: "cfop" });
    expect(explainRefusal(null, "Algo novo")).toEqual({
      field: "other",
      message: "A SEFAZ recusou a nota: Algo novo. Mostre esta mensagem ao contador.",
    });
  });
});
