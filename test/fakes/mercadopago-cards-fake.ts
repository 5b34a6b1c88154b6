// The card side of the local Mercado Pago (research §2): what the Card Payment Brick's script does in
// the browser (fields, then a token), the card tokens, the installments call, the card branches of
// POST /v1/payments chosen by the cardholder's name as in Mercado Pago's sandbox, partial refunds
// and chargebacks. mercadopago-fake.ts mounts it; the wire formats are the provider's.
import { randomUUID } from "node:crypto";
import type { Hono } from "hono";

/** Cardholder names of Mercado Pago's sandbox, and what each one makes of a payment. */
export const SANDBOX_CARDHOLDERS = {
  APRO: { status: "approved", status_detail: "accredited" },
  CONT: { status: "in_process", status_detail: "pending_contingency" },
  OTHE: { status: "rejected", status_detail: "cc_rejected_other_reason" },
  CALL: { status: "rejected", status_detail: "cc_rejected_call_for_authorize" },
  FUND: { status: "rejected", status_detail: "cc_rejected_insufficient_amount" },
  SECU: { status: "rejected", status_detail: "cc_rejected_bad_filled_security_code" },
  EXPI: { status: "rejected", status_detail: "cc_rejected_bad_filled_date" },
  FORM: { status: "rejected", status_detail: "cc_rejected_bad_filled_other" },
  CARD: { status: "rejected", status_detail: "cc_rejected_card_disabled" },
  INST: { status: "rejected", status_detail: "cc_rejected_invalid_installments" },
  DUPL: { status: "rejected", status_detail: "cc_rejected_duplicated_payment" },
  LOCK: { status: "rejected", status_detail: "cc_rejected_max_attempts" },
  BLAC: { status: "rejected", status_detail: "cc_rejected_blacklist" },
  // Not a sandbox name of MP's: the fake's way to ask for a 3DS challenge (pending_challenge).
  "3DS": { status: "pending", status_detail: "pending_challenge" },
} as const;

/** MP's test cards (number → brand); CVV 123, any future date. */
export const TEST_CARDS = {
  master: "5031433215406351",
  visa: "4235647728025682",
  amex: "375365153556885",
} as const;

export type CardToken = {
  id: string;
  first_six_digits: string;
  last_four_digits: string;
  payment_method_id: string;
  cardholder: { name: string; identification?: { type?: string; number?: string } };
  status: "active" | "used";
};

export type CardRefund = { id: number; payment_id: number; amount: number; status: "approved"; date_created: string };

export type Chargeback = {
  id: string;
  payments: number[];
  amount: number;
  reason: string;
  documentation_required: boolean;
  documentation_status: "pending" | "review_pending";
  date_documentation_deadline: string;
  date_created: string;
};

/** The card fields of a payment, beside the Pix ones of FakePayment. */
export type CardPaymentFields = {
  token: string;
  installments: number;
  issuer_id: string;
  card: { first_six_digits: string; last_four_digits: string; cardholder: CardToken["cardholder"] };
  refunds: CardRefund[];
  transaction_amount_refunded: number;
  three_ds_info: { external_resource_url: string; creq: string } | null;
};

/** Interest the fake's account charges the buyer per installment beyond the interest-free ones (as MP's panel sets). */
const MONTHLY_RATE = 0.0199;

export function brandOfBin(bin: string): { id: string; name: string } {
  if (bin.startsWith("4")) return { id: "visa", name: "Visa" };
  if (bin.startsWith("34") || bin.startsWith("37")) return { id: "amex", name: "American Express" };
  return { id: "master", name: "Mastercard" };
}

/**
 * MP's installments answer for a BIN and an amount: one element for the card's method and issuer,
 * a payer cost per number of installments, the first `freeInstallments` without interest.
 */
export function installmentsAnswer(amount: number, bin: string, freeInstallments: number, maxInstallments = 12) {
  const brand = brandOfBin(bin);
  const payer_costs = Array.from({ length: maxInstallments }, (_, index) => {
    const installments = index + 1;
    const rate = installments <= freeInstallments ? 0 : Math.round(MONTHLY_RATE * installments * 10_000) / 100;
    const total = Math.round(amount * (1 + rate / 100) * 100) / 100;
    const each = Math.round((total / installments) * 100) / 100;
    const amountText = each.toFixed(2).replace(".", ",");
    return {
      installments,
      installment_rate: rate,
      discount_rate: 0,
      labels: rate === 0 && installments > 1 ? ["CFT_0,00%|TEA_0,00%", "recommended_interest_installment_with_some_banks"] : [],
      installment_rate_collector: [rate === 0 ? "MERCADOPAGO" : "THIRD_PARTY"],
      min_allowed_amount: 1,
      max_allowed_amount: 60_000,
      recommended_message:
        rate === 0
          ? `${installments} parcela${installments > 1 ? "s" : ""} de R$ ${amountText} sem juros`
          : `${installments} parcelas de R$ ${amountText} (R$ ${total.toFixed(2).replace(".", ",")})`,
      installment_amount: each,
      total_amount: total,
      payment_method_option_id: `opt-${brand.id}-${installments}`,
    };
  });
  return [
    {
      payment_method_id: brand.id,
      payment_type_id: "credit_card",
      issuer: { id: "24", name: brand.name, thumbnail: "" },
      processing_mode: "aggregator",
      merchant_account_id: null,
      payer_costs,
      agreements: null,
    },
  ];
}

/** Luhn check: MP answers 400 E301 to a number that fails it. */
function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

type TokenBody = {
  card_number?: unknown;
  security_code?: unknown;
  expiration_month?: unknown;
  expiration_year?: unknown;
  cardholder?: { name?: unknown; identification?: { type?: string; number?: string } };
};

/** POST /v1/card_tokens as the Brick calls it (public_key in the query): a token, or MP's 400 with its numbered cause. */
export function tokenize(body: TokenBody): { token: CardToken } | { error: { status: 400; cause: string; message: string } } {
  const number = String(body.card_number ?? "").replace(/\D/g, "");
  const cvv = String(body.security_code ?? "");
  const month = Number(body.expiration_month);
  const year = Number(body.expiration_year);
  const name = String(body.cardholder?.name ?? "").trim();
  if (!number) return { error: { status: 400, cause: "205", message: "parameter cardNumber can not be null/empty" } };
  if (number.length < 13 || !luhn(number)) return { error: { status: 400, cause: "E301", message: "invalid card number" } };
  if (!(month >= 1 && month <= 12)) return { error: { status: 400, cause: "325", message: "invalid expiration month" } };
  const fullYear = year < 100 ? 2000 + year : year;
  if (!(fullYear >= new Date().getFullYear())) return { error: { status: 400, cause: "326", message: "invalid expiration year" } };
  if (!/^\d{3,4}$/.test(cvv)) return { error: { status: 400, cause: "E302", message: "invalid security code" } };
  if (!name) return { error: { status: 400, cause: "221", message: "parameter cardholderName can not be null/empty" } };
  return {
    token: {
      id: randomUUID().replaceAll("-", ""),
      first_six_digits: number.slice(0, 6),
      last_four_digits: number.slice(-4),
      payment_method_id: brandOfBin(number).id,
      cardholder: { name, identification: body.cardholder?.identification },
      status: "active",
    },
  };
}

/** What the sandbox makes of a payment by the token's cardholder name (an unknown name is approved, as APRO). */
export function outcomeOfCardholder(name: string): { status: string; status_detail: string } {
  const key = name.trim().toUpperCase() as keyof typeof SANDBOX_CARDHOLDERS;
  return SANDBOX_CARDHOLDERS[key] ?? SANDBOX_CARDHOLDERS.APRO;
}

/**
 * The Card Payment Brick's script, as `https://sdk.mercadopago.com/js/v2` is loaded by the shop:
 * `new MercadoPago(publicKey, { locale })`, `.bricks().create("cardPayment", containerId, settings)`.
 * It renders the card fields (the real Brick draws them in Mercado Pago's frames), asks the
 * installments for the BIN and amount, tokenizes on submit and calls `callbacks.onSubmit(cardData,
 * additionalData)` with the body the shop posts; the card number never leaves it.
 */
export function brickScript(apiUrl: string): string {
  return `(() => {
  const API = ${JSON.stringify(apiUrl)};
  const el = (tag, attrs = {}, text) => { const node = document.createElement(tag); for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v); if (text) node.textContent = text; return node; };
  const field = (form, id, label, attrs) => { const wrap = el("div", { class: "mp-fake-field" }); wrap.append(el("label", { for: id }, label), el("input", { id, name: id, ...attrs })); form.append(wrap); return wrap.querySelector("input"); };
  class Brick {
    constructor(publicKey, container, settings) { this.publicKey = publicKey; this.container = container; this.settings = settings; }
    async render() {
      const { amount, payer = {} } = this.settings.initialization || {};
      const limits = (this.settings.customization && this.settings.customization.paymentMethods) || {};
      const form = el("form", { "data-mp-brick": "cardPayment", novalidate: "" });
      const number = field(form, "mp-card-number", "Número do cartão", { inputmode: "numeric", autocomplete: "cc-number" });
      const name = field(form, "mp-cardholder", "Nome do titular como aparece no cartão", { autocomplete: "cc-name" });
      const expiry = field(form, "mp-expiry", "Vencimento (MM/AA)", { inputmode: "numeric", autocomplete: "cc-exp" });
      const cvv = field(form, "mp-cvv", "Código de segurança", { inputmode: "numeric", autocomplete: "cc-csc" });
      const cpf = field(form, "mp-cpf", "CPF do titular", { inputmode: "numeric", value: (payer.identification && payer.identification.number) || "" });
      const planWrap = el("div", { class: "mp-fake-field" });
      const plans = el("select", { id: "mp-installments", name: "installments" });
      planWrap.append(el("label", { for: "mp-installments" }, "Parcelas"), plans);
      form.append(planWrap);
      const status = el("p", { role: "status", "aria-live": "polite", class: "mp-fake-status" });
      const submit = el("button", { type: "submit" }, "Pagar");
      form.append(status, submit);
      let bin = "", issuer = null, method = null;
      const loadPlans = async () => {
        const digits = number.value.replace(/\\D/g, "");
        if (digits.length < 8 || digits.slice(0, 8) === bin) return;
        bin = digits.slice(0, 8);
        const query = new URLSearchParams({ public_key: this.publicKey, amount: String(amount), bin });
        const answer = await (await fetch(API + "/v1/payment_methods/installments?" + query)).json();
        const option = answer[0];
        issuer = option.issuer.id; method = option.payment_method_id;
        plans.replaceChildren(...option.payer_costs
          .filter((cost) => cost.installments >= (limits.minInstallments || 1) && cost.installments <= (limits.maxInstallments || 12))
          .map((cost) => el("option", { value: String(cost.installments) }, cost.recommended_message)));
      };
      number.addEventListener("input", loadPlans);
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        await loadPlans();
        const [month, year] = expiry.value.split("/").map((part) => part.trim());
        const body = { card_number: number.value.replace(/\\D/g, ""), security_code: cvv.value, expiration_month: Number(month), expiration_year: Number(year),
          cardholder: { name: name.value, identification: { type: "CPF", number: cpf.value.replace(/\\D/g, "") } } };
        const answer = await fetch(API + "/v1/card_tokens?public_key=" + encodeURIComponent(this.publicKey), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        const token = await answer.json();
        if (!answer.ok) { status.textContent = "Confira os dados do cartão."; this.settings.callbacks.onError && this.settings.callbacks.onError({ type: "non_critical", cause: token.cause, message: token.message }); return; }
        const cardData = { token: token.id, issuer_id: issuer, payment_method_id: method, transaction_amount: Number(amount), installments: Number(plans.value || 1),
          payer: { email: payer.email, identification: { type: "CPF", number: cpf.value.replace(/\\D/g, "") } } };
        const additionalData = { bin, lastFourDigits: token.last_four_digits, cardholderName: token.cardholder.name, paymentTypeId: "credit_card" };
        submit.disabled = true;
        try { await this.settings.callbacks.onSubmit(cardData, additionalData); } finally { submit.disabled = false; }
      });
      this.container.replaceChildren(form);
      this.settings.callbacks.onReady && this.settings.callbacks.onReady();
      return { unmount: () => this.container.replaceChildren() };
    }
  }
  window.MercadoPago = class MercadoPago {
    constructor(publicKey) { this.publicKey = publicKey; }
    bricks() { const key = this.publicKey; return { create: (kind, containerId, settings) => {
      if (kind !== "cardPayment") throw new Error("fake Brick: only cardPayment");
      return new Brick(key, document.getElementById(containerId), settings).render();
    } }; }
  };
})();
`;
}

/** The 3DS challenge page the fake's external_resource_url serves (the issuer's, in the real world). */
export function challengePage(paymentId: number): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Autenticação do cartão</title></head>
<body><main><h1>Autenticação do cartão</h1><p>Confirme a compra no aplicativo do seu banco.</p>
<form method="post" action="/_fake/3ds/${paymentId}/complete"><button name="result" value="approved">Autorizar</button>
<button name="result" value="rejected">Recusar</button></form></main></body></html>`;
}

export function registerCardRoutes(app: Hono, state: { publicKey: string; freeInstallments: number; tokens: Map<string, CardToken> }) {
  // The browser's calls carry the public key, not the access token (CORS open, as MP's).
  app.use("/v1/card_tokens", async (c, next) => {
    c.header("access-control-allow-origin", "*");
    c.header("access-control-allow-headers", "content-type");
    if (c.req.method === "OPTIONS") return c.body(null, 204);
    return next();
  });
  app.post("/v1/card_tokens", async (c) => {
    if (c.req.query("public_key") !== state.publicKey) return c.json({ message: "invalid public_key", status: 401 }, 401);
    const result = tokenize((await c.req.json().catch(() => ({}))) as TokenBody);
    if ("error" in result)
      return c.json({ message: result.error.message, error: "bad_request", status: 400, cause: [{ code: result.error.cause }] }, 400);
    state.tokens.set(result.token.id, result.token);
    return c.json(result.token, 201);
  });
}
