/**
 * The shop's logo from the settings screen (issue 28 items 1 and 4, decision 062): a picture
 * (JPEG, PNG or WebP, read from its bytes at the edge) made into one PNG, written to the public
 * file storage (DATA_DIR/uploads or the bucket) under its content hash, and saved with the settings:
 * the header and every e-mail show it, on every instance. Removing it brings back the built-in one.
 */
import { createHash } from "node:crypto";
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { logoPng } from "#platform/images/logo-image.ts";
import type { FileStorage } from "#platform/storage/file-storage.ts";
import { DomainError } from "#domain/errors.ts";
import { currentShopSettings, saveSettingsPart, type ShopLogo, type ShopSettings } from "#domain/settings/shop-settings.server.ts";

type Services = { db: Database; config: Config };

/** Where the page reads a stored file (server/http/uploaded-files.ts). */
const UPLOADS = "/uploads/";

async function saveLogo(services: Services, actorUserId: string, logo: ShopLogo | null): Promise<ShopSettings> {
  await saveSettingsPart(services, {
    actorUserId,
    action: "settings.logo_upload",
    key: "logo",
    value: logo,
    audit: (value) => value?.url ?? null,
  });
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
