import type { MailMessage } from "#platform/mail/mailer.ts";

/** pt-BR transactional e-mails, each as HTML and plain text with the same content. */

const SHOP = "Loja Micologia";

export function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

type Email = {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Shown under the button: why the reader got this and what to do if it was not them. */
  footnote: string;
};

function render(email: Email): MailMessage {
  const { action } = email;
  const text = [
    email.greeting,
    "",
    ...email.paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    email.footnote,
    "",
    `— ${SHOP}`,
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
<p style="font-size:18px;font-weight:700;color:#065f46;margin:0 0 24px">${SHOP}</p>
<p style="font-size:16px">${escapeHtml(email.greeting)}</p>
${email.paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
${button}
<p style="font-size:13px;color:#57534e;border-top:1px solid #e7e5e4;padding-top:16px;margin-top:32px">${escapeHtml(email.footnote)}</p>
</div>
</body>
</html>`;
  return { to: email.to, subject: email.subject, text, html };
}

function greeting(name: string | null | undefined): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? `Olá, ${first}!` : "Olá!";
}

export function verifyEmailMessage(input: { to: string; name?: string | null; url: string; expiresInHours: number }): MailMessage {
  return render({
    to: input.to,
    subject: `Confirme seu e-mail na ${SHOP}`,
    greeting: greeting(input.name),
    paragraphs: [
      `Recebemos um cadastro na ${SHOP} com este endereço de e-mail.`,
      `Para confirmar que o e-mail é seu e entrar na sua conta, use o botão abaixo. O link vale por ${input.expiresInHours} horas.`,
    ],
    action: { label: "Confirmar e-mail", url: input.url },
    footnote: "Se você não fez este cadastro, ignore este e-mail: sem a confirmação, ninguém usa este endereço como seu.",
  });
}

export function resetPasswordMessage(input: { to: string; name?: string | null; url: string; expiresInMinutes: number }): MailMessage {
  return render({
    to: input.to,
    subject: `Redefinição de senha na ${SHOP}`,
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
export function signInLinkMessage(input: { to: string; name?: string | null; url: string; expiresInMinutes: number }): MailMessage {
  return render({
    to: input.to,
    subject: `Seu link de acesso à ${SHOP}`,
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

export function accountExistsMessage(input: { to: string; name?: string | null; signInUrl: string; resetUrl: string }): MailMessage {
  return render({
    to: input.to,
    subject: `Você já tem uma conta na ${SHOP}`,
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
export function notificationMessage(input: {
  to: string;
  name?: string | null;
  notification: { type: string; title: string; content: string; order_id: string | null };
  publicUrl: string;
}): MailMessage {
  const { notification } = input;
  const base = new URL(input.publicUrl).origin;
  const panel = notification.type === "admin_new_order" ? "/admin" : "/cliente";
  const url = notification.order_id ? `${base}${panel}?order=${encodeURIComponent(notification.order_id)}` : `${base}${panel}`;
  return render({
    to: input.to,
    subject: `${notification.title} — ${SHOP}`,
    greeting: greeting(input.name),
    paragraphs: [notification.content],
    action: { label: notification.type === "admin_new_order" ? "Abrir o pedido" : "Ver meu pedido", url },
    footnote: `Você recebe este e-mail porque tem uma conta na ${SHOP}. Os mesmos avisos aparecem no sino de notificações do site.`,
  });
}

/**
 * To each admin when a customer withdraws (CDC art. 49). Not a notification type (the spec fixes
 * the six): the withdrawal lives in the order's history. Before shipping the order is already
 * cancelled and its refund recorded; after shipping the products come back first.
 */
export function withdrawalRequestMessage(input: {
  to: string;
  name?: string | null;
  order: { id: string; number: number; customerName: string; customerEmail: string };
  mode: "cancel" | "return";
  /** What is refunded, formatted ("R$ 108,80"): the whole order, freight included. */
  amount: string;
  requestedOn: string;
  reason: string | null;
  publicUrl: string;
}): MailMessage {
  const { order } = input;
  const url = `${new URL(input.publicUrl).origin}/admin?order=${encodeURIComponent(order.id)}`;
  const who = `${order.customerName} (${order.customerEmail})`;
  const { amount } = input;
  const cancel = input.mode === "cancel";
  return render({
    to: input.to,
    subject: cancel ? `Desistência no pedido #${order.number} — ${SHOP}` : `Devolução solicitada no pedido #${order.number} — ${SHOP}`,
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
    footnote: `Você recebe este e-mail porque administra a ${SHOP}.`,
  });
}

/**
 * To each admin when a provider's Pix needs a person (issue 21, decision 036): an amount or a
 * reference that matches no order (never marked paid), or a payment after the order expired whose
 * stock was gone (refunded automatically). Not a notification type (the spec fixes the six).
 */
export function paymentAlertMessage(input: {
  to: string;
  name?: string | null;
  /** Null: the payment matches no order of the shop. */
  order: { id: string; number: number } | null;
  provider: string;
  providerChargeId: string;
  /** What happened and what the admin should do, in full sentences. */
  paragraphs: string[];
  publicUrl: string;
}): MailMessage {
  const origin = new URL(input.publicUrl).origin;
  const url = input.order ? `${origin}/admin?order=${encodeURIComponent(input.order.id)}` : `${origin}/admin`;
  return render({
    to: input.to,
    subject: input.order
      ? `Pagamento Pix do pedido #${input.order.number} precisa de atenção — ${SHOP}`
      : `Pagamento Pix sem pedido correspondente — ${SHOP}`,
    greeting: greeting(input.name),
    paragraphs: [...input.paragraphs, `Provedor: ${input.provider}. Identificador do pagamento no provedor: ${input.providerChargeId}.`],
    action: { label: input.order ? "Abrir o pedido" : "Abrir a administração", url },
    footnote: `Você recebe este e-mail porque administra a ${SHOP}.`,
  });
}
