import type { MailMessage } from "#platform/mail/mailer.ts";
import { BRAND_END, BRAND_START } from "#platform/mail/brand.ts";
import { formatBRL } from "#domain/pricing/money.ts";
import { moneyLinesText, type MoneyLine } from "#domain/pricing/money-lines.ts";
import { RATING_ANCHOR } from "#domain/notifications/notification-rules.ts";

/** pt-BR transactional e-mails, each as HTML and plain text with the same content. */

/**
 * Every template takes `shop`, the shop's name the owner saved (decision 087), for its subject and
 * footnote; the header's name or logo and the text part's signature are put in again by the mailer
 * when sending (platform/mail/brand.ts), so a rename between queueing and sending shows there too.
 */
type ShopName = { shop: string };

export function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

/**
 * An order's receipt in its e-mails (issue 28 item 10): what was bought, where it goes, the money
 * lines of the one presenter (domain/pricing/money-lines.ts), and the Pix copy-paste code while
 * unpaid. The orders module builds it from the order as stored; the template only lays it out.
 */
export type MailReceipt = {
  items: Array<{ name: string; quantity: string; text: string; note: string | null }>;
  /** The delivery address, one line each (recipient, street, district and city, CEP); null: nothing ships. */
  address: string[] | null;
  /** "Prazo estimado: …" when the order ships. */
  estimate: string | null;
  moneyLines: MoneyLine[];
  /** The "Pix copia e cola" while the order waits for payment. */
  pixCode: string | null;
};

type Email = ShopName & {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** More links after the paragraphs (each a line in the text part): a paid order's downloads. */
  links?: Array<{ label: string; url: string }>;
  /** An order's receipt, after the paragraphs. */
  receipt?: MailReceipt;
  /** Shown under the button: why the reader got this and what to do if it was not them. */
  footnote: string;
  /** Marketing e-mails: the link that stops them, in the footnote and as List-Unsubscribe. */
  unsubscribeUrl?: string;
};

/** The receipt as plain text: what a mail client without HTML (or a screen reader) reads. */
function receiptText(receipt: MailReceipt): string[] {
  return [
    "Itens do pedido:",
    ...receipt.items.map((item) => `- ${item.name} (${item.quantity}): ${item.text}${item.note ? `, ${item.note}` : ""}`),
    "",
    ...moneyLinesText(receipt.moneyLines),
    "",
    ...(receipt.address ? ["Entrega:", ...receipt.address, ...(receipt.estimate ? [receipt.estimate] : []), ""] : []),
    ...(receipt.pixCode ? ["Pix copia e cola (cole no app do seu banco):", receipt.pixCode, ""] : []),
  ];
}

const cell = "padding:6px 0;font-size:15px;vertical-align:top";

/** The receipt as HTML tables that read on a phone (no fixed widths; long codes break). */
function receiptHtml(receipt: MailReceipt): string {
  const rows = receipt.items
    .map(
      (item) =>
        `<tr><td style="${cell}">${escapeHtml(item.name)} <span style="color:#57534e">· ${escapeHtml(item.quantity)}</span>${item.note ? `<br><span style="font-size:13px;color:#57534e">${escapeHtml(item.note)}</span>` : ""}</td><td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(item.text)}</td></tr>`,
    )
    .join("\n");
  const money = receipt.moneyLines
    .map((line) => {
      const strong = line.kind === "total" ? "font-weight:700;border-top:1px solid #e7e5e4;" : "";
      return `<tr><td style="${cell};${strong}">${escapeHtml(line.label)}</td><td style="${cell};${strong}text-align:right;white-space:nowrap">${escapeHtml(line.text)}</td></tr>`;
    })
    .join("\n");
  const address = receipt.address
    ? `<p style="font-size:15px;font-weight:700;margin:20px 0 4px">Entrega</p>
<p style="font-size:15px;line-height:1.5;margin:0">${receipt.address.map(escapeHtml).join("<br>")}${receipt.estimate ? `<br>${escapeHtml(receipt.estimate)}` : ""}</p>`
    : "";
  const pix = receipt.pixCode
    ? `<p style="font-size:15px;font-weight:700;margin:20px 0 4px">Pix copia e cola</p>
<p style="font-size:13px;color:#57534e;margin:0 0 4px">Cole no app do seu banco:</p>
<p style="font-family:monospace;font-size:13px;word-break:break-all;background:#f5f5f4;padding:8px;border-radius:6px">${escapeHtml(receipt.pixCode)}</p>`
    : "";
  return `<p style="font-size:15px;font-weight:700;margin:20px 0 4px">Itens do pedido</p>
<table role="presentation" style="width:100%;border-collapse:collapse">${rows}</table>
<table role="presentation" style="width:100%;border-collapse:collapse;margin-top:8px">${money}</table>
${address}
${pix}`;
}

function render(email: Email): MailMessage {
  const { action } = email;
  const text = [
    email.greeting,
    "",
    ...email.paragraphs.flatMap((p) => [p, ""]),
    ...(email.receipt ? receiptText(email.receipt) : []),
    ...(email.links ?? []).flatMap((link) => [`${link.label}: ${link.url}`, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    email.footnote,
    ...(email.unsubscribeUrl ? [`${UNSUBSCRIBE_LABEL}: ${email.unsubscribeUrl}`] : []),
    "",
    `— ${email.shop}`,
  ].join("\n");

  const button = action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#065f46;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#57534e">Se o botão não funcionar, copie e cole este endereço no navegador:<br><a href="${escapeHtml(action.url)}" style="color:#065f46;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(email.subject)}</title></head>
<body style="margin:0;background:#fafaf9;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;padding:32px 20px">
${BRAND_START}<p style="font-size:18px;font-weight:700;color:#065f46;margin:0 0 24px">${escapeHtml(email.shop)}</p>${BRAND_END}
<p style="font-size:16px">${escapeHtml(email.greeting)}</p>
${email.paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
${email.receipt ? receiptHtml(email.receipt) : ""}
${(email.links ?? []).map((link) => `<p style="font-size:16px"><a href="${escapeHtml(link.url)}" style="color:#065f46;font-weight:600">${escapeHtml(link.label)}</a></p>`).join("\n")}
${button}
<p style="font-size:13px;color:#57534e;border-top:1px solid #e7e5e4;padding-top:16px;margin-top:32px">${escapeHtml(email.footnote)}</p>
${email.unsubscribeUrl ? `<p style="font-size:13px"><a href="${escapeHtml(email.unsubscribeUrl)}" style="color:#57534e">${UNSUBSCRIBE_LABEL}</a></p>` : ""}
</div>
</body>
</html>`;
  const message: MailMessage = { to: email.to, subject: email.subject, text, html };
  if (email.unsubscribeUrl) message.headers = { "List-Unsubscribe": `<${email.unsubscribeUrl}>` };
  return message;
}

const UNSUBSCRIBE_LABEL = "Não quero mais receber lembretes";

function greeting(name: string | null | undefined): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Olá, ${first}!` : "Olá!";
}

export function verifyEmailMessage(
  input: ShopName & { to: string; name?: string | null; url: string; expiresInHours: number },
): MailMessage {
  return render({
    shop: input.shop,
    to: input.to,
    subject: `Confirme seu e-mail na ${input.shop}`,
    greeting: greeting(input.name),
    paragraphs: [
      `Recebemos um cadastro na ${input.shop} com este endereço de e-mail.`,
      `Para confirmar que o e-mail é seu e entrar na sua conta, use o botão abaixo. O link vale por ${input.expiresInHours} horas.`,
    ],
    action: { label: "Confirmar e-mail", url: input.url },
    footnote: "Se você não fez este cadastro, ignore este e-mail: sem a confirmação, ninguém usa este endereço como seu.",
  });
}

export function resetPasswordMessage(
  input: ShopName & { to: string; name?: string | null; url: string; expiresInMinutes: number },
): MailMessage {
  return render({
    shop: input.shop,
    to: input.to,
    subject: `Redefinição de senha na ${input.shop}`,
    greeting: greeting(input.name),
    paragraphs: [
      "Recebemos um pedido para redefinir a senha da sua conta.",
      `Use o botão abaixo para escolher uma nova senha. O link vale por ${input.expiresInMinutes} minutos e só pode ser usado uma vez; ao trocar a senha, todas as sessões abertas são encerradas.`,
    ],
    action: { label: "Redefinir senha", url: input.url },
    footnote: "Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.",
  });
}

/** The one-time sign-in link (issue 16 item 8): the way in from a new device while password guesses are blocked. */
export function signInLinkMessage(
  input: ShopName & { to: string; name?: string | null; url: string; expiresInMinutes: number },
): MailMessage {
  return render({
    shop: input.shop,
    to: input.to,
    subject: `Seu link de acesso à ${input.shop}`,
    greeting: greeting(input.name),
    paragraphs: [
      "Recebemos um pedido para entrar na sua conta com um link enviado por e-mail, sem digitar a senha.",
      `Use o botão abaixo para entrar. O link vale por ${input.expiresInMinutes} minutos e só pode ser usado uma vez.`,
    ],
    action: { label: "Entrar na minha conta", url: input.url },
    footnote:
      "Se você não pediu este link, ignore este e-mail: ninguém entra sem ele. Se a sua senha parece estar sendo testada por outra pessoa, troque-a em \u201cEsqueci minha senha\u201d.",
  });
}

export function accountExistsMessage(
  input: ShopName & { to: string; name?: string | null; signInUrl: string; resetUrl: string },
): MailMessage {
  return render({
    shop: input.shop,
    to: input.to,
    subject: `Você já tem uma conta na ${input.shop}`,
    greeting: greeting(input.name),
    paragraphs: [
      "Alguém tentou criar uma conta com este e-mail, mas você já tem uma conta na loja.",
      "Para entrar, use sua senha atual. Se não lembra dela, peça uma nova na página de entrada, em \u201cEsqueci minha senha\u201d:",
      input.resetUrl,
    ],
    action: { label: "Entrar na minha conta", url: input.signInUrl },
    footnote: "Se não foi você, ignore este e-mail: nada mudou na sua conta.",
  });
}

/**
 * The e-mail of an in-app notification (issue 6: each notification also sends its e-mail): the
 * same title and text, and a link to the order in the customer's panel (the admin's, for admin_new_order).
 */
export function notificationMessage(
  input: ShopName & {
    to: string;
    name?: string | null;
    notification: { type: string; title: string; content: string; order_id: string | null };
    publicUrl: string;
    /** The paid order's downloads and instructions (decision 030). */
    extra?: { paragraphs: string[]; links: Array<{ label: string; url: string }> };
    /** The order's receipt (order placed, payment confirmed). */
    receipt?: MailReceipt;
  },
): MailMessage {
  const { notification } = input;
  const base = new URL(input.publicUrl).origin;
  const panel = notification.type === "admin_new_order" ? "/admin" : "/cliente";
  const url = notification.order_id ? `${base}${panel}?order=${encodeURIComponent(notification.order_id)}` : `${base}${panel}`;
  // The rating reminder leads to the order's rating form (decision 029).
  const rating = notification.type === "rating_reminder" && notification.order_id;
  return render({
    shop: input.shop,
    to: input.to,
    subject: `${notification.title} — ${input.shop}`,
    greeting: greeting(input.name),
    paragraphs: [notification.content, ...(input.extra?.paragraphs ?? [])],
    // The admins pay nothing: their copy of the receipt has no Pix code.
    receipt: input.receipt && notification.type === "admin_new_order" ? { ...input.receipt, pixCode: null } : input.receipt,
    links: input.extra?.links,
    action: rating
      ? { label: "Avaliar os itens", url: `${url}#${RATING_ANCHOR}` }
      : { label: notification.type === "admin_new_order" ? "Abrir o pedido" : "Ver meu pedido", url },
    footnote: `Você recebe este e-mail porque tem uma conta na ${input.shop}. Os mesmos avisos aparecem no sino de notificações do site.`,
  });
}

/**
 * To each admin when a customer withdraws (CDC art. 49). Not a notification type (the spec fixes
 * the six): the withdrawal lives in the order's history. Before shipping the order is already
 * cancelled and its refund recorded; after shipping the products come back first.
 */
export function withdrawalRequestMessage(
  input: ShopName & {
    to: string;
    name?: string | null;
    order: { id: string; number: number; customerName: string; customerEmail: string };
    mode: "cancel" | "return";
    /** What is refunded, formatted ("R$ 108,80"): the whole order, freight included. */
    amount: string;
    requestedOn: string;
    reason: string | null;
    publicUrl: string;
  },
): MailMessage {
  const { order } = input;
  const url = `${new URL(input.publicUrl).origin}/admin?order=${encodeURIComponent(order.id)}`;
  const who = `${order.customerName} (${order.customerEmail})`;
  const { amount } = input;
  const cancel = input.mode === "cancel";
  return render({
    shop: input.shop,
    to: input.to,
    subject: cancel
      ? `Desistência no pedido #${order.number} — ${input.shop}`
      : `Devolução solicitada no pedido #${order.number} — ${input.shop}`,
    greeting: greeting(input.name),
    paragraphs: [
      cancel
        ? `${who} desistiu em ${input.requestedOn} da compra do pedido #${order.number}, antes do envio. O pedido foi cancelado, o estoque voltou e o reembolso de ${amount} (frete incluído) foi registrado.`
        : `${who} pediu em ${input.requestedOn} a devolução do pedido #${order.number} e declarou que os produtos estão lacrados, na embalagem original.`,
      input.reason ? `Motivo: ${input.reason}` : "O cliente não informou o motivo.",
      cancel
        ? `Devolva ${amount} pelo Pix usado no pagamento.`
        : `Combine a devolução com o cliente e, ao receber os produtos, faça o reembolso de ${amount} (frete incluído) pelo painel.`,
    ],
    action: { label: "Abrir o pedido", url },
    footnote: `Você recebe este e-mail porque administra a ${input.shop}.`,
  });
}

/**
 * The one reminder of a cart left behind (issue 19 item 5), only to customers who allowed reminder
 * e-mails; it says what is in the cart and links back to it, and every copy can stop the next ones.
 */
export function abandonedCartMessage(
  input: ShopName & {
    to: string;
    name?: string | null;
    items: { name: string; quantity: number; unitType: string }[];
    subtotalCents: number;
    cartUrl: string;
    unsubscribeUrl: string;
  },
): MailMessage {
  const list = input.items.map((item) => `${item.name} (${item.unitType === "gram" ? `${item.quantity} g` : `${item.quantity} un.`})`);
  return render({
    shop: input.shop,
    to: input.to,
    subject: `Seu carrinho está esperando por você — ${input.shop}`,
    greeting: greeting(input.name),
    paragraphs: [
      `Você deixou ${input.items.length === 1 ? "um item" : `${input.items.length} itens`} no carrinho: ${list.join("; ")}.`,
      `Subtotal: ${formatBRL(input.subtotalCents)}. Os preços e o estoque são conferidos de novo quando você fechar o pedido.`,
    ],
    action: { label: "Voltar ao carrinho", url: input.cartUrl },
    footnote: `Você recebe este lembrete porque aceitou receber lembretes por e-mail da ${input.shop}. Mandamos um só por carrinho.`,
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

/** Ten minutes before an unpaid Pix expires (issue 19 item 5): one e-mail per Pix, about an order the customer placed. */
export function pixReminderMessage(
  input: ShopName & {
    to: string;
    name?: string | null;
    order: { id: string; number: number; totalCents: number };
    minutesLeft: number;
    publicUrl: string;
  },
): MailMessage {
  const url = `${new URL(input.publicUrl).origin}/cliente?order=${encodeURIComponent(input.order.id)}`;
  return render({
    shop: input.shop,
    to: input.to,
    subject: `O Pix do pedido #${input.order.number} expira em ${input.minutesLeft} minutos — ${input.shop}`,
    greeting: greeting(input.name),
    paragraphs: [
      `O Pix de ${formatBRL(input.order.totalCents)} do pedido #${input.order.number} ainda não foi pago e expira em ${input.minutesLeft} minutos. Depois disso o pedido é cancelado e os produtos voltam ao estoque.`,
      "O código Pix e o QR Code estão na página do pedido.",
    ],
    action: { label: "Pagar agora", url },
    footnote: `Você recebe este e-mail porque fez o pedido #${input.order.number} na ${input.shop}. Se já pagou, ignore: a confirmação chega em seguida.`,
  });
}

/**
 * To each admin when a provider's Pix needs a person (issue 21, decision 036): an amount or a
 * reference that matches no order (never marked paid), or a payment after the order expired whose
 * stock was gone (refunded automatically). Not a notification type (the spec fixes the six).
 */
export function paymentAlertMessage(
  input: ShopName & {
    to: string;
    name?: string | null;
    /** Null: the payment matches no order of the shop. */
    order: { id: string; number: number } | null;
    provider: string;
    providerChargeId: string;
    /** What happened and what the admin should do, in full sentences. */
    paragraphs: string[];
    publicUrl: string;
  },
): MailMessage {
  const origin = new URL(input.publicUrl).origin;
  const url = input.order ? `${origin}/admin?order=${encodeURIComponent(input.order.id)}` : `${origin}/admin`;
  return render({
    shop: input.shop,
    to: input.to,
    subject: input.order
      ? `Pagamento Pix do pedido #${input.order.number} precisa de atenção — ${input.shop}`
      : `Pagamento Pix sem pedido correspondente — ${input.shop}`,
    greeting: greeting(input.name),
    paragraphs: [...input.paragraphs, `Provedor: ${input.provider}. Identificador do pagamento no provedor: ${input.providerChargeId}.`],
    action: { label: input.order ? "Abrir o pedido" : "Abrir a administração", url },
    footnote: `Você recebe este e-mail porque administra a ${input.shop}.`,
  });
}

/**
 * "Sua nota fiscal" (issue 30 item 3): sent when SEFAZ (or the municipality) authorizes an order's
 * note, with the DANFE or DANFSe link. Its own e-mail, not a notification: the spec fixes the six
 * notification types, and the note arrives on its own time (minutes to hours after payment).
 */
export function invoiceReadyMessage(
  input: ShopName & {
    to: string;
    name?: string | null;
    orderId: string;
    orderNumber: number;
    kind: "nfe" | "nfse";
    documentUrl: string;
    publicUrl: string;
  },
): MailMessage {
  const base = new URL(input.publicUrl).origin;
  const what = input.kind === "nfe" ? "A nota fiscal (NF-e) dos produtos" : "A nota fiscal de serviço (NFS-e)";
  const file = input.kind === "nfe" ? "DANFE" : "DANFSe";
  return render({
    shop: input.shop,
    to: input.to,
    subject: `Sua nota fiscal do pedido #${input.orderNumber} — ${input.shop}`,
    greeting: greeting(input.name),
    paragraphs: [
      `${what} do pedido #${input.orderNumber} foi autorizada.`,
      `Guarde o ${file}: ele também fica no seu pedido, na sua conta.`,
    ],
    links: [{ label: `Abrir o ${file} (PDF)`, url: input.documentUrl }],
    action: { label: "Ver meu pedido", url: `${base}/cliente?order=${encodeURIComponent(input.orderId)}` },
    footnote: `Você recebe este e-mail porque fez um pedido na ${input.shop}.`,
  });
}

/**
 * To each admin when the carrier could not deliver a parcel or brought it back (issue 30 item 5,
 * decision 080): not a notification type (the spec fixes the six), an e-mail with what to do.
 */
export function deliveryProblemMessage(
  input: ShopName & {
    to: string;
    name?: string | null;
    order: { id: string; number: number; customerName: string; customerEmail: string };
    problem: "undelivered" | "returned";
    trackingCode: string | null;
    publicUrl: string;
  },
): MailMessage {
  const { order } = input;
  const url = `${new URL(input.publicUrl).origin}/admin?order=${encodeURIComponent(order.id)}`;
  const code = input.trackingCode ? ` (rastreio ${input.trackingCode})` : "";
  const undelivered = input.problem === "undelivered";
  return render({
    shop: input.shop,
    to: input.to,
    subject: undelivered
      ? `Entrega não realizada no pedido #${order.number} — ${input.shop}`
      : `Pedido #${order.number} devolvido pela transportadora — ${input.shop}`,
    greeting: greeting(input.name),
    paragraphs: [
      undelivered
        ? `A transportadora não conseguiu entregar o pedido #${order.number}${code} de ${order.customerName} (${order.customerEmail}).`
        : `O pedido #${order.number}${code} de ${order.customerName} (${order.customerEmail}) voltou para a loja pela transportadora.`,
      undelivered
        ? "Confira o endereço com o cliente e acompanhe a nova tentativa de entrega ou a retirada na agência."
        : "Fale com o cliente para combinar um novo envio ou o reembolso pelo painel.",
    ],
    action: { label: "Abrir o pedido", url },
    footnote: `Você recebe este e-mail porque administra a ${input.shop}.`,
  });
}
