/**
 * The audit log in words (issue 28 item 10): each entry becomes the sentences an owner reads on a
 * phone, "Pedido #10001: pago → enviado", "Cupom BEMVINDO desativado". One function per entity kind
 * the shop audits, turning (entity, before, after) into sentences; never JSON, a raw field name, a
 * UUID or `true → false`. Browser-safe and pure: the admin renders it, Vitest checks every kind.
 *
 * The audit module imports no other module of the shop (they all import it to write their entries),
 * so the few words it shares with them (order statuses, shipping methods) are written here; a test in
 * domain/orders/ keeps the statuses equal to the orders' own labels.
 */
import { formatBRL } from "#domain/pricing/money.ts";

/** What the sentences read of an entry: the audit log's row as the API answers it. */
export type AuditFacts = {
  action: string;
  entityType: string;
  entityId: string;
  entityLabel: string | null;
  before: unknown;
  after: unknown;
};

export type AuditDescription = {
  /** The entity as a person names it: "Pedido #10001", "Produto Golden Teacher", "Frete". */
  subject: string;
  /** What changed, one sentence per change; empty when the action alone says it all. */
  sentences: string[];
};

type Fields = Record<string, unknown>;

/** Order statuses as they read inside a sentence (lower case); kept equal to the orders' labels by a test. */
export const AUDIT_ORDER_STATUS_WORDS: Record<string, string> = {
  pending_payment: "aguardando pagamento",
  paid: "pago",
  preparing: "em preparação",
  shipped: "enviado",
  delivered: "entregue",
  cancelled: "cancelado",
  refunded: "reembolsado",
  partially_refunded: "parcialmente reembolsado",
};

/** What each action code reads as, in the past tense ("Confirmou o pagamento"). */
const ACTION_LABELS: Record<string, string> = {
  "order.confirm_payment": "Confirmou o pagamento",
  "order.move_status": "Mudou o status",
  "order.cancel": "Cancelou o pedido",
  "order.add_tracking": "Adicionou o rastreio",
  "order.service_held": "Marcou um serviço como realizado",
  "order.parcel_delivered": "Marcou os produtos como entregues",
  "order.refund": "Registrou o reembolso",
  "order.refund_sent": "Enviou o reembolso",
  "order.return_accept": "Aceitou a devolução",
  "order.return_reply": "Respondeu ao cliente",
  "order.return_refuse": "Recusou a devolução",
  "product.create": "Criou o produto",
  "product.duplicate": "Duplicou um produto",
  "product.file_upload": "Enviou o arquivo para download",
  "product.update": "Alterou o produto",
  "product.image_add": "Adicionou uma foto",
  "product.image_reorder": "Reordenou as fotos",
  "product.image_main": "Escolheu a foto principal",
  "product.image_delete": "Excluiu uma foto",
  "shipping_rate.update": "Alterou o frete",
  "admin.create": "Criou um administrador",
  "admin.promote": "Tornou uma conta administradora",
  "admin.add": "Adicionou um administrador",
  "admin.remove": "Removeu um administrador",
  "coupon.create": "Criou o cupom",
  "coupon.deactivate": "Desativou o cupom",
  "coupon.activate": "Reativou o cupom",
  "review.approve": "Publicou uma avaliação",
  "review.hide": "Ocultou uma avaliação",
  "settings.update": "Alterou as configurações da loja",
  "settings.logo_upload": "Trocou o logotipo da loja",
  "settings.card_installments_update": "Alterou o parcelamento no cartão",
  "settings.fulfilment_update": "Alterou os dados de envio e fiscais da loja",
  "maintenance.enable": "Ligou o modo de manutenção",
  "maintenance.disable": "Desligou o modo de manutenção",
  "maintenance.update": "Mudou a mensagem de manutenção",
  "errors.clear": "Limpou os erros",
  "cleanup.stale-carts": "Apagou carrinhos parados",
  "cleanup.expired-pix": "Cancelou Pix vencidos",
  "cleanup.read-notifications": "Apagou notificações lidas",
  "cleanup.expired-sessions": "Apagou sessões vencidas",
  "email.resend": "Reenviou um e-mail",
  "email.test": "Enviou um e-mail de teste",
  "backup.download": "Baixou um backup",
  "export.customers": "Exportou os clientes",
  "connection.connect": "Conectou uma conta",
  "connection.token": "Colou um token de acesso",
  "connection.disconnect": "Desconectou uma conta",
  "invoice.resend": "Emitiu de novo uma nota fiscal",
  "label.buy": "Comprou a etiqueta",
  "label.cancel": "Cancelou a etiqueta",
  "product.tax_update": "Alterou os dados fiscais do produto",
};

/** An action without a label (added later by another part of the admin) still reads in Portuguese. */
export const actionLabel = (action: string) => ACTION_LABELS[action] ?? "Fez uma alteração";

// ——— Values, as a person reads them ———

const asFields = (value: unknown): Fields => (value && typeof value === "object" && !Array.isArray(value) ? (value as Fields) : {});
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const number = (value: number) => value.toLocaleString("pt-BR");
const money = (value: unknown) => (typeof value === "number" ? formatBRL(value) : "—");
const quoted = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? `“${value}”` : "(vazio)");
const plural = (count: number, one: string, many: string) => `${number(count)} ${count === 1 ? one : many}`;
const days = (value: unknown) => (typeof value === "number" ? plural(value, "dia útil", "dias úteis") : "—");
const cep = (value: unknown) =>
  typeof value === "string" && /^\d{8}$/.test(value) ? `${value.slice(0, 5)}-${value.slice(5)}` : String(value);

/** Any value, for a field this file does not know: never JSON, never `true`/`false`. */
function plain(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(vazio)";
  if (typeof value === "boolean") return value ? "sim" : "não";
  if (typeof value === "number") return number(value);
  if (typeof value === "string") return quoted(value);
  if (Array.isArray(value)) return plural(value.length, "item", "itens");
  return "(dados)";
}

/** "rótulo A → B", "rótulo B" when there was nothing before, for the fields a describer knows. */
const change = (label: string, from: string, to: string, hadBefore: boolean) => (hadBefore ? `${label} ${from} → ${to}` : `${label} ${to}`);

/** The fields that changed between before and after, in the order they were recorded. */
function changedKeys(before: Fields, after: Fields): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => !same(before[key], after[key]));
}

/** A field no describer knows: a generic but Portuguese sentence. */
const unknownField = (before: Fields, after: Fields, key: string) =>
  key in before ? `outro dado alterado: ${plain(before[key])} → ${plain(after[key])}` : `outro dado: ${plain(after[key])}`;

/** Sentences "Subject: change" for each changed field, through a describer of the kind's fields. */
function fieldSentences(
  subject: string,
  before: Fields,
  after: Fields,
  describe: (key: string, from: unknown, to: unknown, hadBefore: boolean) => string | null | undefined,
): string[] {
  return changedKeys(before, after).map((key) => {
    const text = describe(key, before[key], after[key], key in before) ?? unknownField(before, after, key);
    return `${subject}: ${text}`;
  });
}

// ——— One describer per entity kind ———

function describeOrder(facts: AuditFacts): AuditDescription {
  const subject = facts.entityLabel ? `Pedido #${facts.entityLabel}` : "Pedido";
  const status = (value: unknown) => (typeof value === "string" ? (AUDIT_ORDER_STATUS_WORDS[value] ?? "outro status") : "—");
  const sentences = fieldSentences(subject, asFields(facts.before), asFields(facts.after), (key, from, to, hadBefore) => {
    if (key === "status") return `${status(from)} → ${status(to)}`;
    if (key === "trackingCode") return change("rastreio", plain(from), typeof to === "string" ? to : "(vazio)", hadBefore && from !== null);
    if (key === "cancelReason") return `motivo do cancelamento ${quoted(to)}`;
    if (key === "refundCents") return `reembolso de ${money(to)}`;
    if (key === "reply") return `resposta ao cliente ${quoted(to)}`;
    if (key === "note") return `observação ${quoted(to)}`;
    return null;
  });
  return { subject, sentences };
}

const PRODUCT_TEXTS: Record<string, string> = {
  subtitle: "subtítulo alterado",
  description: "descrição alterada",
  keyPoints: "pontos principais alterados",
  details: "detalhes alterados",
  accessInstructions: "instruções de acesso alteradas",
  priceTable: "tabela de preços alterada",
};

const VISIBILITY_WORDS: Record<string, string> = { listed: "visível na loja", hidden: "oculto da loja", retired: "retirado de venda" };
const KIND_WORDS: Record<string, string> = {
  gram: "vendido por grama",
  unit: "vendido por unidade",
  made_to_order: "feito sob encomenda",
  service: "serviço",
  digital: "digital, com arquivo para baixar",
};
const SIZE_WORDS: Record<string, string> = { lengthCm: "comprimento", widthCm: "largura", heightCm: "altura" };
const grams = (value: unknown) => (typeof value === "number" ? `${number(value)} g` : "—");
const cm = (value: unknown) => (typeof value === "number" ? `${number(value)} cm` : "—");

function describeProduct(facts: AuditFacts): AuditDescription {
  const subject = facts.entityLabel ? `Produto ${facts.entityLabel}` : "Produto";
  const before = asFields(facts.before);
  const after = asFields(facts.after);
  if (facts.action.startsWith("product.image_")) {
    const count = Array.isArray(after.images) ? after.images.length : 0;
    const what: Record<string, string> = {
      "product.image_add": "foto adicionada",
      "product.image_delete": "foto excluída",
      "product.image_reorder": "fotos reordenadas",
      "product.image_main": "foto principal trocada",
    };
    return { subject, sentences: [`${subject}: ${what[facts.action] ?? "fotos alteradas"} (${plural(count, "foto", "fotos")})`] };
  }
  const sentences = fieldSentences(subject, before, after, (key, from, to, hadBefore) => {
    if (key in PRODUCT_TEXTS) return PRODUCT_TEXTS[key];
    if (key === "priceCents") return change("preço", money(from), money(to), hadBefore);
    if (key === "name") return change("nome", quoted(from), quoted(to), hadBefore);
    if (key === "badge") return change("selo", quoted(from), quoted(to), hadBefore);
    if (key === "stock")
      return change("estoque", typeof from === "number" ? number(from) : "—", typeof to === "number" ? number(to) : "—", hadBefore);
    if (key === "leadTimeBusinessDays") return change("prazo de produção", days(from), days(to), hadBefore);
    if (key === "purchasable") return to ? "à venda" : "fora de venda";
    if (key === "madeToOrder") return to ? "feito sob encomenda" : "pronta entrega";
    if (key === "importedRatingShown") return to ? "nota da loja anterior mostrada" : "nota da loja anterior ocultada";
    // Decisions 061 and 062: visibility, sizes, a new product or copy, the file for download.
    if (key === "visibility") return VISIBILITY_WORDS[String(to)] ?? "visibilidade alterada";
    if (key === "weightGrams") return change("peso", grams(from), grams(to), hadBefore);
    if (key === "lengthCm" || key === "widthCm" || key === "heightCm") return change(SIZE_WORDS[key]!, cm(from), cm(to), hadBefore);
    if (key === "slug") return `endereço /produto/${String(to)}`;
    if (key === "category") return `categoria ${quoted(to)}`;
    if (key === "kind") return KIND_WORDS[String(to)] ?? "tipo definido";
    if (key === "copiedFrom") return `copiado de /produto/${String(to)}`;
    if (key === "file") return `arquivo para download ${quoted(to)}`;
    if (key === "sizeBytes")
      return typeof to === "number" ? `${(to / 1024 / 1024).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB` : null;
    return null;
  });
  return { subject, sentences };
}

type RateRow = { region?: string; cepFrom?: string; cepTo?: string; method?: string; priceCents?: number; deliveryDays?: number };
type BandRow = { method?: string; maxWeightGrams?: number; surchargeCents?: number; extraDays?: number };

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const method = (value: unknown) => (typeof value === "string" ? value.toUpperCase() : "");

/**
 * The shipping table's entry keeps only the rows that went (before) and came (after); a row that
 * went and came back under the same method and CEP range is one change of price or days.
 */
function describeShipping(facts: AuditFacts): AuditDescription {
  const before = asFields(facts.before);
  const after = asFields(facts.after);
  const sentences: string[] = [];
  const rateKey = (row: RateRow) => `${row.method}|${row.cepFrom}|${row.cepTo}`;
  const rateName = (row: RateRow) => `Frete ${method(row.method)} para CEP ${cep(row.cepFrom)} a ${cep(row.cepTo)}`;
  const oldRates = new Map(list<RateRow>(before.rates).map((row) => [rateKey(row), row]));
  for (const row of list<RateRow>(after.rates)) {
    const old = oldRates.get(rateKey(row));
    oldRates.delete(rateKey(row));
    if (!old) {
      sentences.push(`${rateName(row)}: ${money(row.priceCents)} em ${days(row.deliveryDays)} (faixa nova)`);
      continue;
    }
    const parts: string[] = [];
    if (old.priceCents !== row.priceCents) parts.push(`${money(old.priceCents)} → ${money(row.priceCents)}`);
    if (old.deliveryDays !== row.deliveryDays) parts.push(`prazo ${days(old.deliveryDays)} → ${days(row.deliveryDays)}`);
    if (old.region !== row.region) parts.push(`região ${quoted(old.region)} → ${quoted(row.region)}`);
    if (parts.length > 0) sentences.push(`${rateName(row)}: ${parts.join(", ")}`);
  }
  for (const row of oldRates.values()) sentences.push(`${rateName(row)}: faixa removida`);

  const bandKey = (row: BandRow) => `${row.method}|${row.maxWeightGrams}`;
  const bandName = (row: BandRow) =>
    `Frete ${method(row.method)} até ${typeof row.maxWeightGrams === "number" ? number(row.maxWeightGrams) : "—"} g`;
  const bandText = (row: BandRow) => `acréscimo de ${money(row.surchargeCents)} e ${days(row.extraDays)} a mais`;
  const oldBands = new Map(list<BandRow>(before.weightBands).map((row) => [bandKey(row), row]));
  for (const row of list<BandRow>(after.weightBands)) {
    const old = oldBands.get(bandKey(row));
    oldBands.delete(bandKey(row));
    if (!old) sentences.push(`${bandName(row)}: ${bandText(row)} (faixa de peso nova)`);
    else sentences.push(`${bandName(row)}: ${bandText(old)} → ${bandText(row)}`);
  }
  for (const row of oldBands.values()) sentences.push(`${bandName(row)}: faixa de peso removida`);
  return { subject: "Tabela de frete", sentences };
}

function couponTerms(after: Fields): string {
  if (after.kind === "percent" && typeof after.value === "number") return `${number(after.value)}% de desconto`;
  if (after.kind === "fixed" && typeof after.value === "number") return `${money(after.value)} de desconto`;
  if (after.kind === "free_shipping") return "frete grátis";
  return "desconto";
}

function describeCoupon(facts: AuditFacts): AuditDescription {
  const after = asFields(facts.after);
  const code = facts.entityLabel ?? (typeof after.code === "string" ? after.code : null);
  const subject = code ? `Cupom ${code}` : "Cupom";
  if (facts.action === "coupon.create") {
    const minimum =
      typeof after.minSubtotalCents === "number" && after.minSubtotalCents > 0
        ? `, compras a partir de ${money(after.minSubtotalCents)}`
        : "";
    return { subject, sentences: [`${subject} criado: ${couponTerms(after)}${minimum}`] };
  }
  const sentences = fieldSentences(subject, asFields(facts.before), after, (key, _from, to) => {
    if (key === "active") return to ? "reativado" : "desativado";
    return null;
  });
  // "Cupom BEMVINDO desativado" reads better without the colon of a field change.
  return { subject, sentences: sentences.map((text) => text.replace(/^(Cupom [^:]*): (reativado|desativado)$/, "$1 $2")) };
}

const SETTINGS_LABELS: Record<string, string> = {
  shopName: "nome da loja",
  logoUrl: "logotipo",
  legalName: "razão social",
  cnpj: "CNPJ",
  address: "endereço",
  email: "e-mail de contato",
  pixKey: "chave Pix",
  pixMerchantName: "nome do recebedor do Pix",
  pixMerchantCity: "cidade do recebedor do Pix",
  supportWhatsapp: "WhatsApp de atendimento",
  mailFrom: "remetente dos e-mails",
  mailReplyTo: "e-mail de resposta",
};
const SMTP_LABELS: Record<string, string> = {
  host: "servidor SMTP",
  port: "porta do SMTP",
  secure: "conexão segura do SMTP",
  user: "usuário do SMTP",
};

function describeSettings(facts: AuditFacts): AuditDescription {
  const subject = "Configurações da loja";
  const before = asFields(facts.before);
  const after = asFields(facts.after);
  const sentences = fieldSentences(subject, before, after, (key, from, to, hadBefore) => {
    if (key === "smtp") {
      const oldSmtp = asFields(from);
      const newSmtp = asFields(to);
      const parts = changedKeys(oldSmtp, newSmtp)
        .filter((field) => field !== "hasPassword")
        .map((field) =>
          field === "secure"
            ? `${SMTP_LABELS.secure} ${newSmtp.secure ? "ligada" : "desligada"}`
            : change(SMTP_LABELS[field] ?? "outro dado do SMTP", plain(oldSmtp[field]), plain(newSmtp[field]), field in oldSmtp),
        );
      return parts.length > 0 ? parts.join("; ") : "senha do SMTP alterada";
    }
    if (key === "smtpPasswordChanged") return "senha do SMTP alterada";
    if (key === "logo") return to ? "logotipo novo enviado" : "voltou o logotipo padrão";
    if (key in SETTINGS_LABELS) return change(SETTINGS_LABELS[key]!, plain(from), plain(to), hadBefore);
    return null;
  });
  return { subject, sentences };
}

function describeMaintenance(facts: AuditFacts): AuditDescription {
  const subject = "Modo de manutenção";
  const before = asFields(facts.before);
  const after = asFields(facts.after);
  const sentences = changedKeys(before, after).map((key) => {
    if (key === "enabled") return after.enabled ? "Modo de manutenção ligado" : "Modo de manutenção desligado";
    if (key === "message") return `Mensagem de manutenção: ${quoted(before.message)} → ${quoted(after.message)}`;
    return `${subject}: ${unknownField(before, after, key)}`;
  });
  return { subject, sentences };
}

function describeAdmin(facts: AuditFacts): AuditDescription {
  const email = facts.entityId;
  const before = asFields(facts.before);
  const after = asFields(facts.after);
  const sentences: string[] = [];
  if (after.account && !before.account) sentences.push(`Conta ${email} criada`);
  if (!same(before.admin, after.admin))
    sentences.push(after.admin ? `${email} agora é administrador` : `${email} deixou de ser administrador`);
  return { subject: `Administrador ${email}`, sentences };
}

function describeReview(facts: AuditFacts): AuditDescription {
  const after = asFields(facts.after);
  const stars = typeof after.stars === "number" ? ` de ${plural(after.stars, "estrela", "estrelas")}` : "";
  const product = facts.entityLabel ? ` de ${facts.entityLabel}` : "";
  const subject = `Avaliação${stars}${product}`;
  const shown: Record<string, string> = { approved: "publicada", hidden: "ocultada", pending: "aguardando moderação" };
  const before = asFields(facts.before);
  const sentences = same(before.status, after.status)
    ? []
    : [`${subject}: ${typeof after.status === "string" ? (shown[after.status] ?? "outro status") : "—"}`];
  return { subject, sentences };
}

function describeEmail(facts: AuditFacts): AuditDescription {
  const before = asFields(facts.before);
  if (facts.action === "email.test") return { subject: "E-mail de teste", sentences: ["E-mail de teste posto na fila de envio"] };
  const attempts = typeof before.attempts === "number" ? ` depois de ${plural(before.attempts, "tentativa", "tentativas")}` : "";
  return { subject: "E-mail", sentences: [`E-mail que falhou${attempts} posto de novo na fila de envio`] };
}

function describeErrors(facts: AuditFacts): AuditDescription {
  const after = asFields(facts.after);
  const count = (value: unknown) => (typeof value === "number" ? value : 0);
  const when =
    typeof after.olderThanDays === "number" && after.olderThanDays > 0
      ? `vistos pela última vez há mais de ${plural(after.olderThanDays, "dia", "dias")}`
      : "todos";
  return {
    subject: "Registro de erros",
    sentences: [`Erros apagados (${when}): ${number(count(after.server))} do servidor e ${number(count(after.client))} do navegador`],
  };
}

const CLEANUP_WORDS: Record<string, { one: string; many: string; age?: string }> = {
  "stale-carts": { one: "carrinho parado apagado", many: "carrinhos parados apagados", age: "sem uso" },
  "read-notifications": { one: "notificação lida apagada", many: "notificações lidas apagadas", age: "lidas" },
  "expired-sessions": { one: "sessão vencida apagada", many: "sessões vencidas apagadas" },
  "expired-pix": { one: "pedido com Pix vencido cancelado", many: "pedidos com Pix vencido cancelados" },
};

function describeCleanup(facts: AuditFacts): AuditDescription {
  const after = asFields(facts.after);
  const words = CLEANUP_WORDS[facts.entityId] ?? { one: "registro apagado", many: "registros apagados" };
  const removed = typeof after.removed === "number" ? after.removed : 0;
  const age = typeof after.days === "number" ? ` (${words.age ?? "de"} há mais de ${plural(after.days, "dia", "dias")})` : "";
  const orders = list<unknown>(after.orders).filter((item): item is number => typeof item === "number");
  const which = orders.length > 0 ? `: ${orders.map((order) => `#${order}`).join(", ")}` : "";
  return { subject: "Limpeza", sentences: [`${plural(removed, words.one, words.many)}${age}${which}`] };
}

function describeBackup(facts: AuditFacts): AuditDescription {
  return { subject: "Backup", sentences: [`Backup do banco de dados baixado (${facts.entityId})`] };
}

function describeExport(facts: AuditFacts): AuditDescription {
  return { subject: "Exportação", sentences: [`Planilha baixada (${facts.entityId})`] };
}

/** Melhor Envio or Focus NFe connected or forgotten (issue 30 item 7): never the token itself. */
function describeConnection(facts: AuditFacts): AuditDescription {
  const subject = facts.entityLabel ?? "Conexão";
  const after = asFields(facts.after);
  const account = typeof after.account === "string" && after.account ? ` (conta ${after.account})` : "";
  if (facts.action === "connection.disconnect") return { subject, sentences: [`${subject} desconectado`] };
  if (facts.action === "connection.token") return { subject, sentences: [`${subject} conectado com um token colado${account}`] };
  return { subject, sentences: [`${subject} conectado pela autorização${account}`] };
}

/** A note sent again after the owner fixed what SEFAZ refused (issue 30 item 3). */
function describeInvoice(facts: AuditFacts): AuditDescription {
  const subject = facts.entityLabel ?? "Nota fiscal";
  return { subject, sentences: [`${subject} emitida de novo após correção`] };
}

/** Anything another part of the admin audits later: Portuguese still, its fields generic. */
function describeOther(facts: AuditFacts): AuditDescription {
  const subject = facts.entityLabel ?? "Registro";
  return { subject, sentences: fieldSentences(subject, asFields(facts.before), asFields(facts.after), () => null) };
}

/** The audit's entity kinds, each with its describer: a kind the code audits must be here (tested). */
export const AUDIT_DESCRIBERS: Record<string, (facts: AuditFacts) => AuditDescription> = {
  order: describeOrder,
  product: describeProduct,
  shipping_rate: describeShipping,
  coupon: describeCoupon,
  settings: describeSettings,
  maintenance: describeMaintenance,
  admin: describeAdmin,
  review: describeReview,
  email: describeEmail,
  errors: describeErrors,
  cleanup: describeCleanup,
  database: describeBackup,
  export: describeExport,
  connection: describeConnection,
  invoice: describeInvoice,
};

export function describeAudit(facts: AuditFacts): AuditDescription {
  return (AUDIT_DESCRIBERS[facts.entityType] ?? describeOther)(facts);
}
