/**
 * The bodies Focus NFe takes (its v2 API): an NF-e (model 55) for the order's goods and an NFS-e
 * Nacional for its services and courses, built from the order as sold, the shop's fulfilment profile
 * (the emitter) and each product's tax data. Pure: what is missing comes back as a refusal naming
 * the field, so nothing goes to SEFAZ with a guess.
 */
import type { InvoiceOrder, InvoiceOrderLine } from "#domain/orders/invoice-tasks.server.ts";
import type { FulfilmentProfile } from "#domain/settings/fulfilment-profile.ts";
import type { InvoiceKind } from "#domain/invoices/invoice-moves.ts";
import type { Refusal } from "#domain/invoices/invoice-refusals.ts";

export type ProductTaxData = {
  productId: string;
  ncm: string | null;
  cfop: string | null;
  origin: number;
  icmsCode: string | null;
  serviceCode: string | null;
};

/** SEFAZ's own name for the customer in homologação (test) issues; anything else is rejected with 598. */
export const HOMOLOGATION_RECIPIENT = "NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL";

export type PayloadInput = {
  order: InvoiceOrder;
  profile: FulfilmentProfile | null;
  tax: ReadonlyMap<string, ProductTaxData>;
  now: Date;
  homologation: boolean;
};

export type Payload = { body: Record<string, unknown> } | { refusal: Refusal };

/** Goods travel and get the NF-e; services, courses and e-books are delivered otherwise and get the NFS-e. */
export function linesOfKind(order: InvoiceOrder, kind: InvoiceKind): InvoiceOrderLine[] {
  return order.lines.filter((line) => (kind === "nfe" ? line.needsShipping : !line.needsShipping));
}

/** Which notes an order needs. */
export function kindsFor(order: InvoiceOrder): InvoiceKind[] {
  return (["nfe", "nfse"] as const).filter((kind) => linesOfKind(order, kind).length > 0);
}

const reais = (cents: number) => Math.round(cents) / 100;

/** Splits `total` cents over `weights` in proportion, the rounding left on the last share, so the shares add up exactly. */
export function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || sum === 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((total * weight) / sum));
  shares[shares.length - 1]! += total - shares.reduce((a, b) => a + b, 0);
  return shares;
}

/** São Paulo's local time with its offset (Brazil has had no daylight saving time since 2019). */
export function brasiliaTime(now: Date): { dateTime: string; date: string } {
  const local = new Date(now.getTime() - 3 * 60 * 60_000).toISOString().slice(0, 19);
  return { dateTime: `${local}-03:00`, date: local.slice(0, 10) };
}

const missing = (field: Refusal["field"], message: string): Payload => ({ refusal: { field, message } });

/** CRT of the NF-e: 1 Simples Nacional, 3 regime normal, 4 MEI (NT 2022.001). */
const CRT = { simples_nacional: 1, regime_normal: 3, mei: 4 } as const;
/** opSimpNac of the NFS-e Nacional: 1 not opting, 2 MEI, 3 ME/EPP. */
const SIMPLES_OPTION = { regime_normal: 1, mei: 2, simples_nacional: 3 } as const;

function emitterProblem(profile: FulfilmentProfile | null): Payload | null {
  if (!profile) return missing("emitter_address", "Preencha os dados da loja para envio e notas em Configurações antes de emitir notas.");
  return null;
}

/** The order's discount shared over all its lines, and the freight over the goods (Focus totals them from the items). */
function lineAmounts(order: InvoiceOrder, lines: readonly InvoiceOrderLine[]) {
  const discounts = spread(
    order.discountCents,
    order.lines.map((line) => line.finalTotalCents),
  );
  const goods = order.lines.filter((line) => line.needsShipping);
  const freight = spread(
    order.shippingCents,
    goods.map((line) => line.finalTotalCents),
  );
  return lines.map((line) => ({
    line,
    discountCents: discounts[order.lines.indexOf(line)] ?? 0,
    freightCents: line.needsShipping ? (freight[goods.indexOf(line)] ?? 0) : 0,
  }));
}

export function nfePayload(input: PayloadInput): Payload {
  const { order, profile, tax } = input;
  const problem = emitterProblem(profile);
  if (problem || !profile) return problem!;
  const address = order.address;
  if (!address) return missing("customer_address", "O pedido não tem endereço de entrega: a NF-e precisa do endereço do cliente.");
  const company = profile.sender.document.length === 14;
  if (company && !profile.sender.stateRegistration && profile.taxRegime !== "mei") {
    return missing("emitter_registration", "Informe a inscrição estadual da loja em Configurações: a NF-e de uma empresa precisa dela.");
  }
  const sameState = address.state.toUpperCase() === profile.sender.address.state;
  const items: Array<Record<string, unknown>> = [];
  for (const [index, { line, discountCents, freightCents }] of lineAmounts(order, linesOfKind(order, "nfe")).entries()) {
    const data = tax.get(line.productId);
    if (!data?.ncm) return missing("ncm", `Falta o NCM de "${line.productName}". Preencha os dados fiscais no editor do produto.`);
    if (!data.cfop) return missing("cfop", `Falta o CFOP de "${line.productName}". Preencha os dados fiscais no editor do produto.`);
    if (!data.icmsCode)
      return missing("icms", `Falta o CSOSN/CST de "${line.productName}". Preencha os dados fiscais no editor do produto.`);
    // The owner types the CFOP of a sale inside the state (5xxx); a sale to another state is the same operation as 6xxx.
    const cfop = !sameState && data.cfop.startsWith("5") ? `6${data.cfop.slice(1)}` : data.cfop;
    const simples = profile.taxRegime !== "regime_normal";
    items.push({
      numero_item: index + 1,
      codigo_produto: line.productSlug.slice(0, 60),
      descricao: line.productName.slice(0, 120),
      cfop,
      codigo_ncm: data.ncm,
      unidade_comercial: "UN",
      quantidade_comercial: line.quantity,
      valor_unitario_comercial: Number((line.finalTotalCents / line.quantity / 100).toFixed(10)),
      unidade_tributavel: "UN",
      quantidade_tributavel: line.quantity,
      valor_unitario_tributavel: Number((line.finalTotalCents / line.quantity / 100).toFixed(10)),
      valor_bruto: reais(line.finalTotalCents),
      ...(freightCents > 0 ? { valor_frete: reais(freightCents) } : {}),
      ...(discountCents > 0 ? { valor_desconto: reais(discountCents) } : {}),
      icms_origem: data.origin,
      icms_situacao_tributaria: data.icmsCode,
      pis_situacao_tributaria: simples ? "49" : "01",
      cofins_situacao_tributaria: simples ? "49" : "01",
    });
  }
  const { dateTime } = brasiliaTime(input.now);
  const sender = profile.sender;
  return {
    body: {
      natureza_operacao: "Venda de mercadoria",
      data_emissao: dateTime,
      tipo_documento: 1,
      finalidade_emissao: 1,
      local_destino: sameState ? 1 : 2,
      consumidor_final: 1,
      presenca_comprador: 2,
      // 0: freight paid by the sender (CIF), charged to the customer on the items.
      modalidade_frete: order.shippingCents > 0 ? 0 : 9,
      ...(company ? { cnpj_emitente: sender.document } : { cpf_emitente: sender.document }),
      nome_emitente: sender.name,
      ...(sender.stateRegistration ? { inscricao_estadual_emitente: sender.stateRegistration } : {}),
      logradouro_emitente: sender.address.street,
      numero_emitente: sender.address.number,
      bairro_emitente: sender.address.district,
      municipio_emitente: sender.address.city,
      uf_emitente: sender.address.state,
      cep_emitente: sender.address.cep,
      regime_tributario_emitente: CRT[profile.taxRegime],
      nome_destinatario: input.homologation ? HOMOLOGATION_RECIPIENT : address.recipientName,
      cpf_destinatario: address.cpf,
      indicador_inscricao_estadual_destinatario: 9,
      telefone_destinatario: address.phone,
      email_destinatario: order.customerEmail,
      logradouro_destinatario: address.street,
      numero_destinatario: address.number,
      ...(address.complement ? { complemento_destinatario: address.complement } : {}),
      bairro_destinatario: address.neighborhood,
      municipio_destinatario: address.city,
      uf_destinatario: address.state.toUpperCase(),
      cep_destinatario: address.cep,
      items,
    },
  };
}

export function nfsePayload(input: PayloadInput): Payload {
  const { order, profile, tax } = input;
  const problem = emitterProblem(profile);
  if (problem || !profile) return problem!;
  const sender = profile.sender;
  if (!sender.address.cityIbgeCode) {
    return missing("emitter_address", "Informe o código IBGE do município da loja em Configurações: a NFS-e precisa dele.");
  }
  if (!sender.municipalRegistration && profile.taxRegime !== "mei") {
    return missing("emitter_registration", "Informe a inscrição municipal da loja em Configurações: a NFS-e precisa dela.");
  }
  const amounts = lineAmounts(order, linesOfKind(order, "nfse"));
  let serviceCode: string | null = null;
  for (const { line } of amounts) {
    const code = tax.get(line.productId)?.serviceCode;
    if (!code) {
      return missing(
        "service_code",
        `Falta o código de tributação de "${line.productName}". Preencha os dados fiscais no editor do produto.`,
      );
    }
    serviceCode ??= code;
  }
  const valueCents = amounts.reduce((sum, { line, discountCents }) => sum + line.finalTotalCents - discountCents, 0);
  const description = amounts
    .map(({ line }) => `${line.quantity} × ${line.productName}`)
    .join("; ")
    .slice(0, 2000);
  const { dateTime, date } = brasiliaTime(input.now);
  const company = sender.document.length === 14;
  const customerCpf = order.address?.cpf ?? null;
  return {
    body: {
      data_emissao: dateTime,
      data_competencia: date,
      codigo_municipio_emissora: Number(sender.address.cityIbgeCode),
      ...(company ? { cnpj_prestador: sender.document } : { cpf_prestador: sender.document }),
      ...(sender.municipalRegistration ? { inscricao_municipal_prestador: sender.municipalRegistration } : {}),
      codigo_opcao_simples_nacional: SIMPLES_OPTION[profile.taxRegime],
      regime_especial_tributacao: 0,
      ...(customerCpf ? { cpf_tomador: customerCpf } : {}),
      razao_social_tomador: order.address?.recipientName ?? order.customerName,
      email_tomador: order.customerEmail,
      codigo_municipio_prestacao: Number(sender.address.cityIbgeCode),
      codigo_tributacao_nacional_iss: serviceCode,
      descricao_servico: `Pedido #${order.number}: ${description}`,
      valor_servico: reais(valueCents),
      tributacao_iss: 1,
      tipo_retencao_iss: 1,
    },
  };
}

export function invoicePayload(kind: InvoiceKind, input: PayloadInput): Payload {
  return kind === "nfe" ? nfePayload(input) : nfsePayload(input);
}
