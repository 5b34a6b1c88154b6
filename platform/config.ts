import path from "node:path";
import { z } from "zod";
import type { PublicConfig } from "#platform/public-config.ts";

/** Every setting the shop reads from the environment, parsed once at start-up. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().default("./data"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  TRUST_PROXY: z.stringbool().default(false),
  MAX_BODY_BYTES: z.coerce.number().int().positive().default(100_000),
  SUPPORT_WHATSAPP: z
    .string()
    .regex(/^\d{10,15}$/, "use só dígitos, com DDI e DDD, ex.: 5511999999999")
    .default("5511999999999"),
  SHOP_LEGAL_NAME: z.string().min(1).default("Loja Micologia Ltda."),
  SHOP_CNPJ: z.string().min(1).default("00.000.000/0001-00"),
  SHOP_ADDRESS: z.string().min(1).default("Rua Exemplo, 123, Centro, São Paulo - SP, 01000-000"),
  SHOP_EMAIL: z.email().default("contato@example.com"),
  // Exposes /__teste/erro, a page that fails on purpose, so browser tests can see the error screen.
  EXPOSE_TEST_ROUTES: z.stringbool().default(false),
  // Accounts and e-mail (decision 002).
  /** Signs session cookies and tokens; when unset, one is generated and kept in DATA_DIR/auth-secret. */
  BETTER_AUTH_SECRET: z.string().min(32, "use pelo menos 32 caracteres aleatórios (ex.: openssl rand -base64 32)").optional(),
  /** Comma-separated e-mails that are admins once their account has verified the address. */
  ADMIN_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email("lista de e-mails separados por vírgula")))
    .default([]),
  /** smtp://user:pass@host:587 or smtps://…:465; when unset, e-mails go to DATA_DIR/outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("Loja Micologia <nao-responda@example.com>"),
  /**
   * Tries of each e-mail before it fails for good (decision 014). The queue waits e^n seconds after
   * the n-th failure (3 s, 7 s, 20 s, … at most about 6 h): 15 tries span about a day and a half.
   */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(15),
  // The owner's phone app: Web Push (issue 31, decision 070).
  /**
   * Who the push services may contact about this shop's pushes (RFC 8292 `sub`): a `mailto:` or
   * `https:` address. Unset: `mailto:` + SHOP_EMAIL.
   */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+@.+|https:\/\/.+)$/, "use mailto:alguem@dominio ou https://…")
    .optional(),
  /** The VAPID key pair (base64url, as `web-push generate-vapid-keys` prints it); unset: made at the first start and kept in the database. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "chave pública P-256 em base64url (87 caracteres)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "chave privada P-256 em base64url (43 caracteres)")
    .optional(),
  /** A PEM file of extra authorities to trust for push services (a private push relay, the tests' fake). */
  PUSH_CA_FILE: z.string().optional(),
  // Checkout and Pix (decision 005).
  /** The shop's Pix key (e-mail, CPF/CNPJ digits, +55 phone or random key) written into every BR Code. */
  PIX_KEY: z.string().trim().min(1).max(77, "no máximo 77 caracteres").default("pix@example.com"),
  /** Receiver's name and city in the BR Code (the bank shows them to the payer); ASCII, cut to 25 and 15 characters. */
  PIX_MERCHANT_NAME: z.string().trim().min(1).default("Loja Micologia"),
  PIX_MERCHANT_CITY: z.string().trim().min(1).default("Sao Paulo"),
  /** Minutes an unpaid Pix order is held (stock reserved) before it is cancelled. */
  PIX_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  // Pix through a payment provider (issue 21, decisions 036 and 037). "static": the shop's own BR
  // Code, confirmed by an admin (the default: it needs no contract).
  PIX_PROVIDER: z.enum(["static", "mercadopago", "bcb"]).default("static"),
  /** The longest wait for any call to the provider (create, read, cancel, refund, token). */
  PIX_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  MERCADOPAGO_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.mercadopago.com"),
  MERCADOPAGO_ACCESS_TOKEN: z.string().trim().min(1).optional(),
  /** The "assinatura secreta" of Suas integrações → Webhooks: checks x-signature. */
  MERCADOPAGO_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  // Card payments (issue 32): "pix,card" offers "Cartão de crédito" beside Pix, through the same
  // Mercado Pago account (PIX_PROVIDER=mercadopago). The card is typed into Mercado Pago's Card
  // Payment Brick; the shop only ever receives a token.
  PAYMENT_METHODS: z
    .string()
    .default("pix")
    .transform((text) => text.split(",").map((method) => method.trim().toLowerCase()))
    .pipe(z.array(z.enum(["pix", "card"])).min(1)),
  /** The account's public key (Suas integrações → Credenciais): the Brick in the buyer's browser uses it. */
  MERCADOPAGO_PUBLIC_KEY: z.string().trim().min(1).optional(),
  /** Where the Brick's script is loaded from: Mercado Pago's SDK (the local fake's in tests and `npm run dev`). */
  MERCADOPAGO_BRICK_URL: z.url({ protocol: /^https?$/ }).default("https://sdk.mercadopago.com/js/v2"),
  /** The owner's rule: the most installments a buyer may choose, and how many of them carry no interest for the buyer. */
  CARD_MAX_INSTALLMENTS: z.coerce.number().int().min(1).max(12).default(12),
  CARD_INSTALLMENTS_WITHOUT_INTEREST: z.coerce.number().int().min(1).max(12).default(3),
  // Fulfilment (issue 30): freight quotes, labels and tracking through Melhor Envio, or today's table
  // (the default: it needs no account). Without a token the owner connects the account from the admin.
  SHIPPING_PROVIDER: z.enum(["table", "melhorenvio"]).default("table"),
  /** Melhor Envio's host: the API is under /api/v2/me, OAuth under /oauth (sandbox: https://sandbox.melhorenvio.com.br). */
  MELHOR_ENVIO_URL: z.url({ protocol: /^https?$/ }).default("https://melhorenvio.com.br"),
  /** A personal token made in Melhor Envio's panel (Gerenciar › Tokens); an OAuth connection replaces it. */
  MELHOR_ENVIO_TOKEN: z.string().trim().min(1).optional(),
  /** The OAuth app (connect from the admin; its secret also signs the webhooks, X-ME-Signature). */
  MELHOR_ENVIO_CLIENT_ID: z.string().trim().min(1).optional(),
  MELHOR_ENVIO_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** The longest a shopper waits for a live quote before the table answers. */
  MELHOR_ENVIO_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  // Invoices (issue 30 item 3): "none" (e.g. an MEI selling to people) or Focus NFe's NF-e and NFS-e Nacional.
  INVOICE_PROVIDER: z.enum(["none", "focusnfe"]).default("none"),
  /** Focus NFe's host: production https://api.focusnfe.com.br, tests https://homologacao.focusnfe.com.br. */
  FOCUS_NFE_URL: z.url({ protocol: /^https?$/ }).default("https://api.focusnfe.com.br"),
  /** The company's token in Focus NFe's panel; the owner may paste it in the admin instead. */
  FOCUS_NFE_TOKEN: z.string().trim().min(1).optional(),
  /** What Focus sends back in the hook's header (the "authorization" given when the hook was registered). */
  FOCUS_NFE_WEBHOOK_SECRET: z.string().trim().min(16, "use pelo menos 16 caracteres aleatórios").optional(),
  /** A PSP speaking the Banco Central's Pix API (Efí, Inter, Sicoob…): its base URL and OAuth client. */
  PIX_API_URL: z.url({ protocol: /^https$/ }).optional(),
  PIX_OAUTH_URL: z.url({ protocol: /^https$/ }).optional(),
  PIX_CLIENT_ID: z.string().trim().min(1).optional(),
  PIX_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** PEM files of the client certificate the PSP issued (mTLS), and of a CA to trust for its server (optional). */
  PIX_CERT_FILE: z.string().trim().min(1).optional(),
  PIX_CERT_KEY_FILE: z.string().trim().min(1).optional(),
  PIX_CA_FILE: z.string().trim().min(1).optional(),
  /** The secret put in the webhook URL registered at the PSP (`?hmac=…`), checked on every callback. */
  PIX_WEBHOOK_SECRET: z.string().trim().min(16, "use pelo menos 16 caracteres aleatórios").optional(),
  /**
   * A header the reverse proxy sets after verifying the PSP's client certificate (nginx:
   * `proxy_set_header X-Client-Verify $ssl_client_verify;`): a callback with it = SUCCESS is
   * authenticated. Read only when TRUST_PROXY is true.
   */
  PIX_WEBHOOK_VERIFIED_HEADER: z.string().trim().toLowerCase().min(1).default("x-client-verify"),
  /** ViaCEP-compatible lookup (`{base}/{cep}/json/`); "off": no lookup, the customer types the address. */
  CEP_LOOKUP_URL: z.union([z.literal("off"), z.url({ protocol: /^https?$/ })]).default("https://viacep.com.br/ws"),
  CEP_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1500),
  /** Days after delivery when the rating_reminder notification is sent. */
  RATING_REMINDER_DAYS: z.coerce.number().int().min(1).max(60).default(3),
  /**
   * Hours without a change after which a signed-in customer's cart counts as abandoned: the one
   * reminder e-mail goes out (to those who allowed it) and the dashboard lists it (decision 031).
   */
  ABANDONED_CART_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24)
    .default(24),
  /** Cents a referrer earns when a customer who signed up through their link has a first order paid (decision 027). */
  REFERRAL_CREDIT_CENTS: z.coerce.number().int().min(0).max(100_000).default(1000),
  /**
   * Backups (decision 026): a folder holding pg_dump and pg_restore of the database server's major
   * version; when unset they are looked for (platform/db/pg-tools.ts).
   */
  PG_BIN_DIR: z.string().min(1).optional(),
  /**
   * What this process does (decision 053): `web` serves HTTP, `worker` runs the job queue and its
   * schedules, `all` both (one machine). Several web instances and one or more workers share a database.
   */
  ROLE: z.enum(["all", "web", "worker"]).default("all"),
  /**
   * On SIGTERM, how long /readyz answers 503 while the instance still serves, so a load balancer's
   * health check takes it out of rotation before it stops listening (set it above the balancer's
   * interval × failures). 0 (the default) suits one machine without a balancer.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** Then how long requests in flight, and running jobs, get to finish before they are cut (jobs are handed back). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(5000),
  // Files in object storage (issue 29, decision 051). "disk": DATA_DIR/uploads and DATA_DIR/downloads
  // on this machine (or a shared volume); "s3": a bucket any S3-compatible store serves (AWS, R2,
  // Magalu Cloud, MinIO), shared by every instance.
  FILE_STORAGE: z.enum(["disk", "s3"]).default("disk"),
  /** The store's API address (R2: https://<account>.r2.cloudflarestorage.com; Magalu: https://br-se1.magaluobjects.com); unset: AWS. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  /** The bucket of the product photos (public: read through S3_PUBLIC_URL). */
  S3_BUCKET: z.string().trim().min(3).optional(),
  /** The bucket of what is not public (the e-book and other downloads, backups); unset: S3_BUCKET's private prefixes. */
  S3_PRIVATE_BUCKET: z.string().trim().min(3).optional(),
  /** Bucket in the path (https://host/bucket/key) rather than the host name: MinIO and most emulators need it. */
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /** Where browsers read the photos: the bucket's public URL or a CDN in front of it; unset: the shop reads the bucket and serves them. */
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Seconds a signed download address of the bucket stays valid after the shop checked the buyer. */
  S3_SIGNED_URL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Metrics (issue 29, decision 052): GET /metrics answers loopback, or a Bearer token when this is set.
  METRICS_TOKEN: z.string().trim().min(16, "use pelo menos 16 caracteres aleatórios").optional(),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string };

/** The settings a chosen Pix provider cannot work without (a missing one stops the start). */
const PROVIDER_SETTINGS = {
  static: [],
  mercadopago: ["MERCADOPAGO_ACCESS_TOKEN", "MERCADOPAGO_WEBHOOK_SECRET"],
  bcb: ["PIX_API_URL", "PIX_CLIENT_ID", "PIX_CLIENT_SECRET", "PIX_CERT_FILE", "PIX_CERT_KEY_FILE", "PIX_WEBHOOK_SECRET"],
} as const satisfies Record<z.infer<typeof envSchema>["PIX_PROVIDER"], readonly (keyof z.infer<typeof envSchema>)[]>;

function requiredSettingsPresent(config: z.infer<typeof envSchema>, context: z.RefinementCtx): void {
  if (config.FILE_STORAGE === "s3") {
    for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!config[name]) context.addIssue({ code: "custom", path: [name], message: "obrigatório com FILE_STORAGE=s3" });
    }
  }
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
    context.addIssue({ code: "custom", path: ["VAPID_PRIVATE_KEY"], message: "VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vão juntas" });
  }
  for (const name of PROVIDER_SETTINGS[config.PIX_PROVIDER]) {
    if (!config[name]) context.addIssue({ code: "custom", path: [name], message: `obrigatório com PIX_PROVIDER=${config.PIX_PROVIDER}` });
  }
  if (config.PAYMENT_METHODS.includes("card")) {
    if (config.PIX_PROVIDER !== "mercadopago")
      context.addIssue({ code: "custom", path: ["PAYMENT_METHODS"], message: "cartão exige PIX_PROVIDER=mercadopago (a mesma conta)" });
    if (!config.MERCADOPAGO_PUBLIC_KEY)
      context.addIssue({ code: "custom", path: ["MERCADOPAGO_PUBLIC_KEY"], message: "obrigatório com card em PAYMENT_METHODS" });
  }
  if (config.CARD_INSTALLMENTS_WITHOUT_INTEREST > config.CARD_MAX_INSTALLMENTS)
    context.addIssue({
      code: "custom",
      path: ["CARD_INSTALLMENTS_WITHOUT_INTEREST"],
      message: "não pode passar de CARD_MAX_INSTALLMENTS",
    });
}

/** Thrown with every invalid variable named, so a bad deploy says exactly what to fix. */
export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`PORT=` in a compose file or .env) means "not set": without this, PORT=
  // silently became port 0 (a random port) and DATABASE_URL= an invalid URL.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = envSchema.superRefine(requiredSettingsPresent).safeParse(set);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}

/** The settings the browser may see; everything else stays on the server. */
export function publicConfig(config: Config): PublicConfig {
  return {
    supportWhatsapp: config.SUPPORT_WHATSAPP,
    legal: {
      name: config.SHOP_LEGAL_NAME,
      cnpj: config.SHOP_CNPJ,
      address: config.SHOP_ADDRESS,
      email: config.SHOP_EMAIL,
    },
  };
}
export type { PublicConfig };
