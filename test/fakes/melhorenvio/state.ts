// The shared state of the local Melhor Envio fake (test/fakes/melhorenvio-fake.ts): the account's
// tokens, its wallet and its shipments ("orders" in Melhor Envio's words), and the knobs tests turn.
// Each area of the API registers its routes in its own file (quotes, oauth, shipments) over this.

/** Melhor Envio's statuses of a shipment (§1.2 of its lifecycle). */
export type FakeShipmentStatus = "pending" | "released" | "generated" | "posted" | "delivered" | "undelivered" | "canceled" | "expired";

/** One shipment as Melhor Envio answers it (GET /orders/{id}, the cart's answer). */
export type FakeShipment = {
  id: string;
  protocol: string;
  service_id: number;
  agency_id: number | null;
  price: number;
  discount: number;
  status: FakeShipmentStatus;
  insurance_value: number;
  non_commercial: boolean;
  invoice_key: string | null;
  tracking: string | null;
  self_tracking: string | null;
  tags: Array<{ tag: string; url: string | null }>;
  /** The cart's body as it was sent (from, to, products, volumes, options). */
  body: Record<string, unknown>;
  created_at: string;
  paid_at: string | null;
  generated_at: string | null;
  posted_at: string | null;
  delivered_at: string | null;
  canceled_at: string | null;
};

export type FakeState = {
  /** The bearer tokens the API accepts (a personal token, OAuth access tokens). */
  tokens: Set<string>;
  /** The OAuth app's credentials (also the key of X-ME-Signature). */
  clientId: string;
  clientSecret: string;
  /** The wallet's balance, in reais. */
  balance: number;
  shipments: Map<string, FakeShipment>;
  /** true: every API call hangs without an answer (a provider that times out). */
  hang: boolean;
  /** Set: every API call answers this HTTP status (a provider in trouble: 500, 503), doing nothing. */
  failWith?: number;
  /** Milliseconds each call waits before it is handled (a slow provider). */
  delayMs: number;
  /** Every call received, "METHOD /path", in order (tests count what was paid or made). */
  calls: string[];
  /** Each quote asked (POST /shipment/calculate): its CEPs and the parcel's weight in kg. */
  quotes?: Array<{ from: string; to: string; weightKg: number }>;
  /** Where `POST /__advance/{id}` posts its signed webhook (the shop's /api/shipping/melhorenvio/webhook); unset: none. */
  webhookUrl?: string;
  /** The links /shipment/print made: key → the shipment ids it prints (served as one small PDF). */
  prints?: Map<string, string[]>;
  /** The OAuth server's side (test/fakes/melhorenvio/oauth.ts fills it when the fake starts). */
  oauth?: FakeOAuthState;
};

/** Melhor Envio's OAuth server: codes handed out, refresh tokens alive, the account it answers for. */
export type FakeOAuthState = {
  /** Authorization codes: single use, 10 minutes, tied to the redirect_uri they were issued for. */
  codes: Map<string, { redirectUri: string; expiresAt: number; used: boolean }>;
  /** Refresh tokens alive (each is used once: a refresh hands out a new one). */
  refreshTokens: Map<string, { expiresAt: number }>;
  /** Lifetimes Melhor Envio gives: 30 days (access), 45 days (refresh). */
  accessSeconds: number;
  refreshSeconds: number;
  /** true: the owner says no on Melhor Envio's page (back with error=access_denied). */
  deny: boolean;
  /** GET /api/v2/me's account. */
  account: { firstname: string; lastname: string; email: string };
  /** Every POST /oauth/token, by grant_type, in order. */
  grants: string[];
};

/** Melhor Envio's services the fake quotes and sells (ids as in production). */
export const FAKE_SERVICES = [
  { id: 1, name: "PAC", company: "Correios" },
  { id: 2, name: "SEDEX", company: "Correios" },
  { id: 17, name: "Mini Envios", company: "Correios" },
  { id: 3, name: ".Package", company: "Jadlog" },
] as const;

export const nowIso = () => new Date().toISOString();
