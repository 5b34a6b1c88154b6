/**
 * The shop's settings (issue 28 item 1, decision 055): what the owner saved from the admin, over the
 * environment's values, which stay the defaults of a first start. One row in PostgreSQL, so every
 * instance follows it; each process keeps a copy refreshed like maintenance mode's (decision 024):
 * at once by the shared-caches NOTIFY when the owner saves, and otherwise by the first request after
 * the copy is SETTINGS_CACHE_MS old (read in the background while the copy answers).
 */
import { eq, sql } from "drizzle-orm";
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { registerMailSettingsReader } from "#platform/mail/mailer.ts";
import { BUILT_IN_SHOP_NAME, type PublicConfig } from "#platform/public-config.ts";
import { shopSettings } from "#platform/db/tables/settings.ts";
import { invalidateShared, registerSharedCache } from "#platform/realtime/shared-caches.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import type { CardInstallments } from "#domain/settings/card-installments.ts";
import { registerShippingOriginReader } from "#domain/shipping/shipping-origin.server.ts";
import type { FulfilmentProfile } from "#domain/settings/fulfilment-profile.ts";
import type { ShopSettingsValues, ShopSettingsView } from "#domain/settings/settings-schemas.ts";

export const SETTINGS_CACHE_MS = 3000;
const CACHE_NAME = "shop-settings";

/** Every setting with its effective value; the SMTP password is here, never in a view. */
export type ShopSettings = Omit<ShopSettingsValues, "smtp"> & {
  smtp: { host: string | null; port: number; secure: boolean; user: string | null; password: string | null };
  /** Uploaded apart from the form (shop-logo.server.ts); null: the built-in logo. */
  logo: ShopLogo | null;
  /** Saved apart from the form (fulfilment-profile.server.ts); null until the owner fills it in. */
  fulfilment: FulfilmentProfile | null;
  /** Saved apart from the form (card-installments.server.ts); null: the environment's rule. */
  cardInstallments: CardInstallments | null;
  updatedAt: string | null;
};
export type ShopLogo = { url: string; width: number; height: number };

export type Saved = { values: Partial<ShopSettings>; updatedAt: string | null };
type Copy = { value: Saved | undefined; readAt: number; reading: Promise<Saved> | undefined };
const copies = new WeakMap<Database, Copy>();

/** The first start's settings: the environment's (README's settings table). */
export function settingsFromEnv(config: Config): ShopSettings {
  const smtp = config.SMTP_URL ? new URL(config.SMTP_URL) : null;
  return {
    shopName: BUILT_IN_SHOP_NAME,
    legalName: config.SHOP_LEGAL_NAME,
    cnpj: config.SHOP_CNPJ,
    address: config.SHOP_ADDRESS,
    email: config.SHOP_EMAIL,
    pixKey: config.PIX_KEY,
    pixMerchantName: config.PIX_MERCHANT_NAME,
    pixMerchantCity: config.PIX_MERCHANT_CITY,
    supportWhatsapp: config.SUPPORT_WHATSAPP,
    mailFrom: config.MAIL_FROM,
    mailReplyTo: null,
    smtp: {
      host: smtp ? smtp.hostname : null,
      port: smtp?.port ? Number(smtp.port) : smtp?.protocol === "smtps:" ? 465 : 587,
      secure: smtp?.protocol === "smtps:",
      user: smtp?.username ? decodeURIComponent(smtp.username) : null,
      password: smtp?.password ? decodeURIComponent(smtp.password) : null,
    },
    logo: null,
    fulfilment: null,
    cardInstallments: null,
    updatedAt: null,
  };
}

const merge = (config: Config, saved: Saved): ShopSettings => ({ ...settingsFromEnv(config), ...saved.values, updatedAt: saved.updatedAt });

export async function readSaved(db: Pick<Database, "select">): Promise<Saved> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, true));
  return row ? { values: row.values as Partial<ShopSettings>, updatedAt: row.updatedAt.toISOString() } : { values: {}, updatedAt: null };
}

function copyOf(db: Database): Copy {
  let copy = copies.get(db);
  if (!copy) copies.set(db, (copy = { value: undefined, readAt: 0, reading: undefined }));
  return copy;
}

function refresh(db: Database, copy: Copy): Promise<Saved> {
  copy.reading ??= readSaved(db)
    .then((value) => (copy.value = value))
    .finally(() => {
      copy.readAt = performance.now();
      copy.reading = undefined;
    });
  return copy.reading;
}

registerSharedCache(CACHE_NAME, (db) => {
  const copy = copyOf(db);
  copy.readAt = 0;
  void refresh(db, copy).catch(() => {});
});

/** The effective settings, read from PostgreSQL only when this process has no copy yet. */
export async function currentShopSettings(services: { db: Database; config: Config }): Promise<ShopSettings> {
  const copy = copyOf(services.db);
  if (copy.value && copy.reading === undefined && performance.now() - copy.readAt > SETTINGS_CACHE_MS) {
    void refresh(services.db, copy).catch(() => {});
  }
  return merge(services.config, copy.value ?? (await refresh(services.db, copy)));
}

/**
 * The shop's name from this process's copy, never waiting on PostgreSQL (decision 087): for the
 * pages served when the database may be away or busy (maintenance, "loja ocupada"). Before the
 * first read of the settings, the built-in name.
 */
export function knownShopName(db: Database): string {
  return copies.get(db)?.value?.values.shopName ?? BUILT_IN_SHOP_NAME;
}

/** What the admin's form shows: everything but the SMTP password. */
export function settingsView(settings: ShopSettings): ShopSettingsView {
  const { password, ...smtp } = settings.smtp;
  return { ...settings, smtp: { ...smtp, hasPassword: Boolean(password) } };
}

/** The audit log keeps what changed, never the password itself. */
function auditable(settings: ShopSettings): Record<string, unknown> {
  const { updatedAt: _updatedAt, ...rest } = settingsView(settings);
  return rest;
}

/** The owner saves the settings: stored, audited and every instance told, in one transaction. */
export async function saveShopSettings(
  services: { db: Database; config: Config },
  actorUserId: string,
  input: ShopSettingsValues,
): Promise<ShopSettings> {
  const { db, config } = services;
  const saved = await db.transaction(async (tx) => {
    const previous = await readSaved(tx);
    const before = merge(config, previous);
    const { password, ...smtp } = input.smtp;
    const values: Omit<ShopSettings, "updatedAt"> = {
      ...input,
      // The logo is sent apart (shop-logo.server.ts): saving the form keeps it.
      logo: previous.values.logo ?? null,
      fulfilment: previous.values.fulfilment ?? null,
      cardInstallments: previous.values.cardInstallments ?? null,
      smtp: { ...smtp, password: password === undefined ? before.smtp.password : password || null },
    };
    const [row] = await tx
      .insert(shopSettings)
      .values({ id: true, values })
      .onConflictDoUpdate({ target: shopSettings.id, set: { values, updatedAt: new Date() } })
      .returning();
    const after = merge(config, { values, updatedAt: row!.updatedAt.toISOString() });
    await recordAudit(tx, {
      actorUserId,
      action: "settings.update",
      entityType: "settings",
      entityId: "loja",
      before: auditable(before),
      after: { ...auditable(after), ...(password !== undefined ? { smtpPasswordChanged: true } : {}) },
    });
    await invalidateShared(tx, CACHE_NAME);
    return { values: values as Partial<ShopSettings>, updatedAt: row!.updatedAt.toISOString() };
  });
  const copy = copyOf(db);
  copy.value = saved;
  copy.readAt = performance.now();
  return merge(config, saved);
}

/** The parts of the settings saved apart from the form: each its own key of the row. */
type SavedApart = Pick<ShopSettings, "logo" | "fulfilment" | "cardInstallments">;

/**
 * Saves one part saved apart from the form (the logo, the shipping and tax data, the card rule):
 * only its key of the row (a form saved at the same moment keeps its own fields), audited with what
 * `audit` makes of the value before and after, and every instance told, in one transaction.
 */
export async function saveSettingsPart<K extends keyof SavedApart>(
  services: { db: Database; config: Config },
  change: { actorUserId: string; action: string; key: K; value: SavedApart[K]; audit: (value: SavedApart[K] | undefined) => unknown },
): Promise<void> {
  const { db } = services;
  const { key, value } = change;
  const saved = await db.transaction(async (tx) => {
    const previous = await readSaved(tx);
    const values = { ...previous.values, [key]: value };
    const [row] = await tx
      .insert(shopSettings)
      .values({ id: true, values })
      .onConflictDoUpdate({
        target: shopSettings.id,
        set: { values: sql`${shopSettings.values} || ${JSON.stringify({ [key]: value })}::jsonb`, updatedAt: new Date() },
      })
      .returning();
    await recordAudit(tx, {
      actorUserId: change.actorUserId,
      action: change.action,
      entityType: "settings",
      entityId: "loja",
      before: { [key]: change.audit(previous.values[key] as SavedApart[K] | undefined) },
      after: { [key]: change.audit(value) },
    });
    await invalidateShared(tx, CACHE_NAME);
    return { values: row!.values as Partial<ShopSettings>, updatedAt: row!.updatedAt.toISOString() };
  });
  keepSavedCopy(db, saved);
}

/** This process's copy after a change made elsewhere in this module (the logo), before the NOTIFY comes back. */
export function keepSavedCopy(db: Database, saved: Saved): void {
  const copy = copyOf(db);
  copy.value = saved;
  copy.readAt = performance.now();
}
export const SETTINGS_CACHE_NAME = CACHE_NAME;

/** The SMTP server as nodemailer's URL; undefined: no server (e-mails go to the outbox). */
export function smtpUrlOf(settings: ShopSettings): string | undefined {
  const { host, port, secure, user, password } = settings.smtp;
  if (!host) return undefined;
  const auth = user ? `${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ""}@` : "";
  return `${secure ? "smtps" : "smtp"}://${auth}${host}:${port}`;
}

/**
 * Where a customer's answer to an e-mail goes: the reply-to the owner set, else the shop's contact
 * e-mail (the legal identity's, which the go-live check asks to be real), never the sender's
 * "nao-responda" box that nobody reads (issue 28 item 10).
 */
export const replyToOf = (settings: Pick<ShopSettings, "mailReplyTo" | "email">): string => settings.mailReplyTo ?? settings.email;

// The mailer (platform) reads the sender, reply-to and SMTP server from here at each send.
registerMailSettingsReader(async (services) => {
  const settings = await currentShopSettings(services as { db: Database; config: Config });
  const origin = new URL((services as { config: Config }).config.PUBLIC_URL).origin;
  return {
    smtpUrl: smtpUrlOf(settings),
    from: settings.mailFrom,
    replyTo: replyToOf(settings),
    brand: { name: settings.shopName, logo: settings.logo && { ...settings.logo, url: `${origin}${settings.logo.url}` } },
  };
});

/** What the browser may see of them: the name and logo (header), the support line and the legal identity (footer, legal pages). */
export function publicConfigOf(settings: ShopSettings): PublicConfig {
  return {
    brand: { name: settings.shopName, logo: settings.logo },
    supportWhatsapp: settings.supportWhatsapp,
    legal: { name: settings.legalName, cnpj: settings.cnpj, address: settings.address, email: settings.email },
  };
}

// Live freight quotes (decision 073) leave from the sender's CEP of the shop's shipping and tax data.
registerShippingOriginReader(async (services) => (await currentShopSettings(services)).fulfilment?.sender.address.cep ?? null);
