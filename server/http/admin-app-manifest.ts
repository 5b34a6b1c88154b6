import type { Handler } from "hono";
import { currentShopSettings, knownShopName } from "#domain/settings/shop-settings.server.ts";
import type { AppEnv } from "#server/http/app-env.ts";

/** The owner's installable app's manifest (decision 071), linked from /admin's pages. */
export const ADMIN_APP_MANIFEST_PATH = "/app/manifest.webmanifest";

/**
 * The manifest with the shop's name the owner saved (decision 087): the phone shows it under the
 * app's icon and on its install prompt. Made here rather than kept in public/, which cannot know it.
 */
export function adminAppManifest(shopName: string) {
  return {
    name: `${shopName} — Administração`,
    short_name: shopName,
    description: `Pedidos, etiquetas, Pix e devoluções da ${shopName}, com avisos no celular.`,
    lang: "pt-BR",
    dir: "ltr",
    id: "/admin",
    start_url: "/admin",
    scope: "/admin",
    display: "standalone",
    orientation: "portrait",
    background_color: "#fafaf9",
    theme_color: "#065f46",
    icons: [
      { src: "/app/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/app/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/app/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/app/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
}

/** A database that is away leaves the name this process last read (or the built-in one): the manifest never fails. */
export const adminAppManifestHandler: Handler<AppEnv> = async (c) => {
  const services = c.get("services");
  const shopName = await currentShopSettings(services).then(
    (settings) => settings.shopName,
    () => knownShopName(services.db),
  );
  // The browser asks again now and then; an hour-old name after a rename is no harm.
  c.header("Cache-Control", "public, max-age=3600");
  c.header("Content-Type", "application/manifest+json; charset=utf-8");
  return c.body(JSON.stringify(adminAppManifest(shopName)));
};
