// Issue 30 item 7 on a 390 px phone: the owner connects Melhor Envio by its authorization (the
// local fake's OAuth server sends the browser back to the settings screen with a code), pastes
// Focus NFe's token, sees both on the maintenance panel's health, and disconnects. A shop of its own
// (its own process and database, like the Pix providers' journeys) configured with the fake's app.
import { startMelhorEnvioFake, type MelhorEnvioFake } from "../test/fakes/melhorenvio-fake.ts";
import { killAll, type ShopProcess } from "../test/shop-process.ts";
import { expectAccessible } from "./axe-checks.ts";
import { expect, settle, test, waitForHydration } from "./fixtures.ts";
import { linkIn, uniqueEmail, waitForMail } from "./mail.ts";
import { startOwnShop } from "./own-shop.ts";

test.describe.configure({ mode: "serial" });

const OWNER = uniqueEmail("dona-conexoes");
let fake: MelhorEnvioFake;
let shop: ShopProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await startMelhorEnvioFake();
  const name = "shop_connections";
  shop = await startOwnShop(name, 11, {
    ADMIN_EMAILS: OWNER,
    SHIPPING_PROVIDER: "melhorenvio",
    INVOICE_PROVIDER: "focusnfe",
    MELHOR_ENVIO_URL: fake.url,
    MELHOR_ENVIO_CLIENT_ID: fake.clientId,
    MELHOR_ENVIO_CLIENT_SECRET: fake.clientSecret,
  });
});

test.afterAll(async () => {
  await killAll();
  await fake?.close();
});

test("on a phone: connect Melhor Envio by its authorization, paste Focus NFe's token, see both on the health, disconnect", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
  const origin = { origin: shop.url("").replace(/\/$/, "") };
  const signUp = await page.request.post(shop.url("/api/auth/sign-up/email"), {
    data: { name: "Dona da Loja", email: OWNER, password: "conexoes-loja-42" },
    headers: origin,
  });
  expect(signUp.status()).toBe(200);
  await page.goto(linkIn(await waitForMail(OWNER, (mail) => mail.subject.startsWith("Confirme")), "/api/auth/verify-email"));

  await page.goto(shop.url("/admin/configuracoes"));
  await waitForHydration(page);
  const section = page.getByRole("region", { name: "Conexões" });
  const melhorEnvio = section.getByRole("article", { name: "Melhor Envio" });
  const focus = section.getByRole("article", { name: "Focus NFe" });
  await expect(melhorEnvio).toContainText("Não conectado");
  await expect(focus).toContainText("nenhuma conta está conectada");

  // Melhor Envio's page (the fake approves at once) sends the browser back here with a code.
  await melhorEnvio.getByRole("button", { name: "Conectar Melhor Envio" }).click();
  await expect(section.getByRole("status").filter({ hasText: "Melhor Envio conectado" })).toContainText(
    "conta envios@cogumelosdaserra.com.br",
  );
  expect(new URL(page.url()).search).toBe("");
  await expect(melhorEnvio).toContainText("Conectado pela autorização do Melhor Envio");
  await expect(melhorEnvio).toContainText("Cogumelos da Serra");
  expect(fake.oauth!.grants).toEqual(["authorization_code"]);

  await focus.getByLabel("Token da empresa na Focus NFe").fill("token-da-focus-nfe-0123456789abcdef");
  await focus.getByRole("button", { name: "Salvar token" }).click();
  await expect(focus).toContainText("Conectado com um token colado aqui");
  await settle(page);
  await expectAccessible(page, "/admin/configuracoes (conexões, celular)");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.goto(shop.url("/maintenance-panel"));
  await waitForHydration(page);
  const health = page.getByRole("article", { name: "Melhor Envio" });
  await expect(health).toContainText("autorização (OAuth)");
  await expect(health).toContainText("envios@cogumelosdaserra.com.br");
  await expect(page.getByRole("article", { name: "Focus NFe" })).toContainText("token colado no admin");

  await page.goto(shop.url("/admin/configuracoes"));
  await waitForHydration(page);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("article", { name: "Melhor Envio" }).getByRole("button", { name: "Desconectar" }).click();
  await expect(page.getByRole("region", { name: "Conexões" }).getByRole("status").filter({ hasText: "desconectado" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Melhor Envio" })).toContainText("Não conectado");
});
