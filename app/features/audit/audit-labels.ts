import { ORDER_STATUS_LABELS, type OrderStatus } from "#domain/orders/order-status.ts";

/**
 * How the audit log's codes read in Portuguese. Codes without a label here (a new action added by
 * another part of the admin) are shown as they are, never hidden.
 */
const ACTION_LABELS: Record<string, string> = {
  "order.confirm_payment": "Confirmou o pagamento",
  "order.move_status": "Mudou o status",
  "order.cancel": "Cancelou o pedido",
  "order.add_tracking": "Adicionou o rastreio",
  "order.refund": "Registrou o reembolso",
  "order.return_accept": "Aceitou a devolução",
  "order.return_reply": "Respondeu ao cliente",
  "product.update": "Alterou o produto",
  "product.image_add": "Adicionou uma foto",
  "product.image_reorder": "Reordenou as fotos",
  "product.image_main": "Escolheu a foto principal",
  "product.image_delete": "Excluiu uma foto",
  "product.create": "Criou o produto",
  "product.duplicate": "Duplicou um produto",
  "product.file_upload": "Enviou o arquivo para download",
  "settings.logo_upload": "Enviou o logotipo da loja",
  "shipping_rate.update": "Alterou o frete",
  "admin.create": "Criou um administrador",
  "admin.promote": "Tornou uma conta administradora",
  "coupon.create": "Criou o cupom",
  "coupon.deactivate": "Desativou o cupom",
  "coupon.activate": "Reativou o cupom",
  "review.approve": "Publicou uma avaliação",
  "review.hide": "Ocultou uma avaliação",
  // The maintenance panel (issue 18).
  "admin.add": "Adicionou um administrador",
  "admin.remove": "Removeu um administrador",
  "maintenance.enable": "Ligou o modo de manutenção",
  "maintenance.disable": "Desligou o modo de manutenção",
  "maintenance.update": "Mudou a mensagem de manutenção",
  "errors.clear": "Limpou os erros",
  "cleanup.stale-carts": "Apagou carrinhos parados",
  "cleanup.expired-pix": "Cancelou Pix vencidos",
  "cleanup.read-notifications": "Apagou notificações lidas",
  "cleanup.expired-sessions": "Apagou sessões vencidas",
};

const FIELD_LABELS: Record<string, string> = {
  status: "Status",
  trackingCode: "Rastreio",
  cancelReason: "Motivo do cancelamento",
  priceCents: "Preço",
  stock: "Estoque",
  name: "Nome",
  badge: "Selo",
  stars: "Estrelas",
  accessInstructions: "Instruções de acesso",
  visibility: "Visibilidade",
  purchasable: "À venda",
  weightGrams: "Peso (g)",
  slug: "Endereço",
  category: "Categoria",
  kind: "Tipo",
  copiedFrom: "Copiado de",
  file: "Arquivo",
  sizeBytes: "Tamanho (bytes)",
  logo: "Logotipo",
  enabled: "Ligada",
  message: "Mensagem",
  removed: "Apagados",
  days: "Dias",
  olderThanDays: "Vistos há mais de (dias)",
};

const ENTITY_LABELS: Record<string, string> = {
  order: "Pedido",
  product: "Produto",
  shipping_rate: "Frete",
  admin: "Administrador",
  coupon: "Cupom",
  review: "Avaliação",
  maintenance: "Manutenção",
  errors: "Erros",
  cleanup: "Limpeza",
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;
export const entityLabel = (entityType: string) => ENTITY_LABELS[entityType] ?? entityType;

function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (field === "status" && typeof value === "string" && value in ORDER_STATUS_LABELS) return ORDER_STATUS_LABELS[value as OrderStatus];
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** The fields an entry changed, "Status: Aguardando pagamento → Pago", in the order they were recorded. */
export function changedFields(before: unknown, after: unknown): Array<{ field: string; from: string; to: string }> {
  const asObject = (value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const from = asObject(before);
  const to = asObject(after);
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field]))
    .map((field) => ({ field: FIELD_LABELS[field] ?? field, from: valueText(field, from[field]), to: valueText(field, to[field]) }));
}

/** Where an entry's entity is shown in the admin, when it has a page. */
export function entityHref(entityType: string, entityId: string): string | null {
  if (entityType === "order") return `/admin?order=${encodeURIComponent(entityId)}`;
  if (entityType === "product") return `/customizar-produto?produto=${encodeURIComponent(entityId)}`;
  return null;
}
