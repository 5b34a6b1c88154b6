/**
 * SEFAZ's (and Focus NFe's) refusals in the owner's words: what is wrong and which field to fix,
 * where. SEFAZ speaks in codes and terse "Rejeição: …" lines; the owner reads Portuguese sentences
 * that name the screen. Unknown refusals still show SEFAZ's own text, with the accountant as the next step.
 */

export type RefusalField =
  | "ncm"
  | "cfop"
  | "icms"
  | "origin"
  | "service_code"
  | "emitter_document"
  | "emitter_registration"
  | "emitter_address"
  | "customer_document"
  | "customer_address"
  | "company_setup"
  | "focus_unanswered"
  | "other";

export type Refusal = { field: RefusalField; message: string };

/** Where each field is fixed. */
export const REFUSAL_FIELD_LABELS: Record<RefusalField, string> = {
  ncm: "NCM do produto (editor do produto → Dados fiscais)",
  cfop: "CFOP do produto (editor do produto → Dados fiscais)",
  icms: "CSOSN/CST do produto (editor do produto → Dados fiscais)",
  origin: "Origem do produto (editor do produto → Dados fiscais)",
  service_code: "Código de tributação do serviço (editor do produto → Dados fiscais)",
  emitter_document: "CNPJ da loja (Configurações → Envio e notas)",
  emitter_registration: "Inscrição estadual ou municipal da loja (Configurações → Envio e notas)",
  emitter_address: "Endereço da loja (Configurações → Envio e notas)",
  customer_document: "CPF do cliente no endereço de entrega",
  customer_address: "Endereço do cliente",
  company_setup: "Cadastro da empresa na Focus NFe (certificado digital, série, ambiente)",
  focus_unanswered: "Nada a corrigir na loja: confira no painel da Focus NFe se a nota já aparece lá",
  other: "Veja a mensagem da SEFAZ e fale com o contador",
};

/** SEFAZ codes seen most by small shops (Manual de Orientação do Contribuinte), by what to fix. */
const BY_CODE: Record<string, Refusal> = {
  "778": { field: "ncm", message: "O NCM de um produto não existe na tabela da Receita. Corrija o NCM com o contador." },
  "777": { field: "ncm", message: "Falta o NCM de um produto. Preencha o NCM informado pelo contador." },
  "527": { field: "cfop", message: "O CFOP não combina com o destino (dentro ou fora do estado). Confira o CFOP do produto." },
  "321": { field: "cfop", message: "O CFOP não é de venda ou não combina com a operação. Confira o CFOP do produto." },
  "590": {
    field: "icms",
    message: "O CSOSN não vale para o regime da loja (Simples Nacional usa CSOSN, ex.: 102). Confira com o contador.",
  },
  "386": { field: "icms", message: "O CST do ICMS não vale para esta operação. Confira o CST/CSOSN do produto." },
  "209": { field: "emitter_registration", message: "A inscrição estadual da loja está errada. Corrija em Configurações." },
  "230": { field: "emitter_registration", message: "A inscrição estadual da loja não está cadastrada na SEFAZ. Confira com o contador." },
  "301": {
    field: "emitter_registration",
    message: "A loja está irregular na SEFAZ (uso denegado). Fale com o contador antes de vender de novo.",
  },
  "207": { field: "emitter_document", message: "O CNPJ da loja está errado. Corrija em Configurações." },
  "237": {
    field: "customer_document",
    message: "O CPF do cliente é inválido. Peça o CPF certo ao cliente e corrija o endereço do pedido.",
  },
  "302": { field: "customer_document", message: "O CPF do cliente está irregular na Receita (uso denegado). Fale com o contador." },
  "598": {
    field: "company_setup",
    message: "Em homologação o nome do destinatário deve ser o texto de teste da SEFAZ. Confira o ambiente da Focus NFe.",
  },
  "539": {
    field: "other",
    message: "Já existe uma nota com este número. Tente emitir de novo; se repetir, fale com o suporte da Focus NFe.",
  },
  "280": {
    field: "company_setup",
    message: "O certificado digital da loja é inválido. Envie um certificado A1 válido no painel da Focus NFe.",
  },
  "281": { field: "company_setup", message: "O certificado digital da loja venceu. Envie o novo certificado A1 no painel da Focus NFe." },
};

/** Words in SEFAZ's message, when its code is not one of the above. */
const BY_WORDS: Array<[RegExp, Refusal]> = [
  [/ncm/i, { field: "ncm", message: "O NCM de um produto foi recusado. Corrija o NCM com o contador." }],
  [/cfop/i, { field: "cfop", message: "O CFOP de um produto foi recusado. Confira o CFOP com o contador." }],
  [/csosn|cst/i, { field: "icms", message: "O CSOSN/CST de um produto foi recusado. Confira com o contador." }],
  [
    /inscri[cç][aã]o estadual|\bIE\b/i,
    { field: "emitter_registration", message: "A inscrição estadual foi recusada. Confira em Configurações." },
  ],
  [/cpf/i, { field: "customer_document", message: "O CPF do cliente foi recusado. Confira o CPF do endereço do pedido." }],
  [
    /cep|munic[ií]pio|endere[cç]o/i,
    { field: "customer_address", message: "Um endereço foi recusado (CEP ou município). Confira o endereço." },
  ],
  [/certificado/i, { field: "company_setup", message: "O certificado digital da loja foi recusado. Confira-o no painel da Focus NFe." }],
];

/** The owner's explanation of a refusal from its SEFAZ code and message. */
export function explainRefusal(statusSefaz: string | null | undefined, mensagemSefaz: string | null | undefined): Refusal {
  const known = statusSefaz ? BY_CODE[statusSefaz.trim()] : undefined;
  if (known) return known;
  const text = mensagemSefaz ?? "";
  for (const [pattern, refusal] of BY_WORDS) if (pattern.test(text)) return refusal;
  return {
    field: "other",
    message: text
      ? `A SEFAZ recusou a nota: ${text}. Mostre esta mensagem ao contador.`
      : "A nota foi recusada sem motivo informado. Fale com o contador.",
  };
}

/**
 * The issue job's last try and Focus NFe still silent (decision 088): nothing in the shop is wrong;
 * "Emitir de novo" sends the same ref, so a note Focus did take is read back, never made twice.
 */
export function focusNoAnswer(attempts: number): Refusal {
  return {
    field: "focus_unanswered",
    message: `A Focus NFe não respondeu depois de ${attempts} tentativas. Confira a nota no painel da Focus NFe e toque em Emitir de novo.`,
  };
}
