/**
 * The shop's logo from the settings screen (issue 28 items 1 and 4, decision 062): a picture
 * (JPEG, PNG or WebP, read from its bytes at the edge) made into one PNG, written to the public
 * file storage (DATA_DIR/uploads or the bucket) under its content hash, and saved with the settings:
 * the header and every e-mail show it, on every instance. Removing it brings back the built-in one.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { shopSettings } from "#platform/db/tables/settings.ts";
import { logoPng } from "#platform/images/logo-image.ts";
import type { FileStorage } from "#platform/storage/file-storage.ts";
import { invalidateShared } from "#platform/realtime/shared-caches.ts";
import { recordAudit } from "#domain/audit/audit-log.server.ts";
import { DomainError } from "#domain/errors.ts";
import {
  currentShopSettings,
  keepSavedCopy,
  readSaved,
  SETTINGS_CACHE_NAME,
  type ShopLogo,
  type ShopSettings,
} from "#domain/settings/shop-settings.server.ts";

type Services = { db: Database; config: Config };

/** Where the page reads a stored file (server/http/uploaded-files.ts). */
const UPLOADS = "/uploads/";

async function saveLogo(services: Services, actorUserId: string, logo: ShopLogo | null): Promise<ShopSettings> {
  const { db } = services;
  const saved = await db.transaction(async (tx) => {
    const previous = await readSaved(tx);
    const values = { ...previous.values, logo };
    const [row] = await tx
      .insert(shopSettings)
      .values({ id: true, values })
      .onConflictDoUpdate({
        target: shopSettings.id,
        set: { values: sql`${shopSettings.values} || ${JSON.stringify({ logo })}::jsonb`, updatedAt: new Date() },
      })
      .returning();
    await recordAudit(tx, {
      actorUserId,
      action: "settings.logo_upload",
      entityType: "settings",
      entityId: "loja",
      before: { logo: previous.values.logo?.url ?? null },
      after: { logo: logo?.url ?? null },
    });
    await invalidateShared(tx, SETTINGS_CACHE_NAME);
    return { values: row!.values as Partial<ShopSettings>, updatedAt: row!.updatedAt.toISOString() };
  });
  keepSavedCopy(db, saved);
  return currentShopSettings(services);
}

export async function uploadShopLogo(
  services: Services,
  storage: FileStorage,
  input: { bytes: Buffer; actorUserId: string },
): Promise<ShopSettings> {
  let image;
  try {
    image = await logoPng(input.bytes);
  } catch {
    throw new DomainError("invalid", "invalid_image", "Não foi possível ler esta imagem. Envie o logotipo em PNG, JPEG ou WebP.");
  }
  const hash = createHash("sha256").update(image.body).digest("hex").slice(0, 32);
  const key = `logos/${hash}.png`;
  // The file first, then the setting: a page never names a logo that is not there yet.
  await storage.put(key, image.body, "image/png");
  return saveLogo(services, input.actorUserId, { url: `${UPLOADS}${key}`, width: image.width, height: image.height });
}

/** Back to the built-in logo; the old file stays (e-mails already sent point at it). */
export function removeShopLogo(services: Services, actorUserId: string): Promise<ShopSettings> {
  return saveLogo(services, actorUserId, null);
}
