// Issue 17 item 6 on a phone: the owner sends photos of a product, puts one first with the keyboard,
// and the product page shows it in a <picture> (AVIF, then WebP, each with its srcset), preloaded,
// served for a year, and in the link preview.
import { productUuid } from "../domain/catalog/product-slugs.ts";
import { samplePhoto } from "../test/sample-images.ts";
import { expect, openPage, test } from "./fixtures.ts";
import { checkScreen, expectAccessible } from "./axe-checks.ts";
import { fromTheShop, signedInAdmin } from "./shop-steps.ts";
import { E2E_BASE_URL } from "./test-env.ts";

const PASSWORD = "fotos-do-produto-42";
// Product pages show uploads instead of the drawings: this file runs after the other journeys
// (playwright.config.ts, OWNER_EDITS), which look at every fixed product's pictures.
const PRODUCT_ID = productUuid(9);
const PRODUCT_PATH = "/produto/spawn-cogumelo-penis-envy-albino";
const UPLOAD = /^\/uploads\/products\/[0-9a-f]{32}-800\.webp$/;

test.use({ viewport: { width: 390, height: 844 } });

test("the owner uploads photos on a phone, makes the second the main one with the keyboard, and sees it on the product page in AVIF/WebP with srcset", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signedInAdmin(page, PASSWORD);
  await openPage(page, `/customizar-produto?produto=${PRODUCT_ID}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Editar Spawn Penis Envy Albino");
  const editor = page.getByRole("region", { name: "Fotos do produto" });
  await expect(editor.getByText("Nenhuma foto enviada ainda.")).toBeVisible();

  const input = editor.getByLabel("Enviar foto");
  await input.setInputFiles({ name: "saco-de-spawn.jpg", mimeType: "image/jpeg", buffer: await samplePhoto("jpeg", "#a16207") });
  await expect(editor.getByRole("status").filter({ hasText: 'Foto "saco-de-spawn.jpg" enviada.' })).toBeVisible({ timeout: 20_000 });
  // A PNG from the phone's gallery, whatever its name says.
  await input.setInputFiles({ name: "detalhe.jpg", mimeType: "image/jpeg", buffer: await samplePhoto("png", "#1e3a8a") });
  await expect(editor.getByRole("status").filter({ hasText: 'Foto "detalhe.jpg" enviada.' })).toBeVisible({ timeout: 20_000 });

  const photos = editor.getByRole("list", { name: "Fotos na ordem da galeria" }).getByRole("listitem");
  await expect(photos).toHaveCount(2);
  await expect(photos.first()).toContainText("Principal");
  const second = await photos.nth(1).getByRole("img").getAttribute("src");
  expect(second).toMatch(UPLOAD);

  // A text file labelled as a photo is refused, in Portuguese.
  await input.setInputFiles({ name: "nota.jpg", mimeType: "image/jpeg", buffer: Buffer.from("não é uma foto\n".repeat(10)) });
  await expect(editor.getByRole("alert")).toHaveText("Formato não aceito: envie uma foto em JPEG, PNG ou WebP.");

  // Keyboard only: the second photo goes up, becomes the main one, and keeps the focus.
  await editor.getByRole("button", { name: "Subir a foto 2 de 2" }).focus();
  await page.keyboard.press("Enter");
  await expect(editor.getByRole("status")).toHaveText("Foto movida para a posição 1 de 2. Agora é a principal.");
  await expect(photos.first().getByRole("img")).toHaveAttribute("src", second!);
  await expect(photos.first()).toContainText("Principal");
  await expect(editor.getByRole("button", { name: "Descer a foto 1 de 2" })).toBeFocused();

  const response = await openPage(page, PRODUCT_PATH);
  const html = await response!.text();
  const base = second!.replace(/-800\.webp$/, "");
  const escaped = base.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  // Asked for before the stylesheet: the AVIF set of the main photo.
  expect(html).toMatch(new RegExp(`<link rel="preload" as="image"[^>]*imageSrcSet="${escaped}-400\\.avif 400w`));
  expect(html).toContain(`<meta property="og:image" content="${E2E_BASE_URL}${base}-og.jpg"/>`);

  const picture = page.locator("main picture").first();
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
    "srcset",
    `${base}-400.avif 400w, ${base}-800.avif 800w, ${base}-1200.avif 1200w`,
  );
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute(
    "srcset",
    `${base}-400.webp 400w, ${base}-800.webp 800w, ${base}-1200.webp 1200w`,
  );
  const main = picture.locator("img");
  await expect(main).toHaveAttribute("alt", "Spawn Penis Envy Albino");
  // Chromium reads AVIF: the photo shown is an AVIF of the upload, decoded.
  await expect.poll(() => main.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const shown = await main.evaluate((image: HTMLImageElement) => image.currentSrc);
  expect(shown).toMatch(new RegExp(`${escaped}-(400|800|1200)\\.avif$`));
  const file = await page.request.get(shown);
  expect(file.headers()["content-type"]).toBe("image/avif");
  expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  // The gallery holds both photos; the other switches in.
  await page.getByRole("button", { name: "Ver imagem 2 de 2" }).click();
  await expect(page.locator("main picture img").first()).toHaveAttribute("src", /^\/uploads\/products\/[0-9a-f]{32}-800\.webp$/);
  await expect(page.locator("main picture img").first()).not.toHaveAttribute("src", second!);
});

test("the photos editor passes axe on a phone, with one photo and with its delete confirmation", async ({ page }) => {
  await signedInAdmin(page, PASSWORD);
  // Another product than the journey's above: the two tests may run side by side.
  const product = productUuid(8);
  const photo = await samplePhoto("jpeg", "#4d7c0f", { width: 800, height: 600 });
  const sent = await page.request.post(`/api/admin/products/${product}/images`, {
    headers: fromTheShop,
    multipart: { file: { name: "foto.jpg", mimeType: "image/jpeg", buffer: photo } },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await checkScreen(page, `/customizar-produto?produto=${product}`, "/customizar-produto?produto= (fotos, celular)");
  // The delete confirmation is a screen state of its own.
  await page.getByRole("button", { name: "Excluir a foto 1 de 1" }).click();
  await expect(page.getByRole("button", { name: "Confirmar exclusão da foto 1 de 1" })).toBeFocused();
  await expectAccessible(page, "/customizar-produto?produto= (confirmar exclusão)");
});
