import type { Page } from "@playwright/test";
import { fromTheShop, signedInCustomer } from "./shop-steps.ts";
import { clickRouterLink, expect, openPage, test, ROUTER_PAGE } from "./fixtures.ts";
import { linkIn, uniqueEmail, waitForMail } from "./mail.ts";
import { E2E_ADMIN_EMAIL } from "./test-env.ts";

const PASSWORD = "cogumelo-azul-42";
const prefixOf = (email: string) => email.split("@")[0]!;

const userButton = (page: Page, email: string) => page.getByRole("banner").getByRole("button", { name: `Conta de ${prefixOf(email)}` });
const signInLink = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Entrar" });

async function signInThroughForm(page: Page, email: string, password = PASSWORD) {
  const form = page.getByRole("form", { name: "Entrar" });
  await form.getByLabel("E-mail", { exact: true }).fill(email);
  await form.getByLabel("Senha", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Entrar" }).click();
}

async function signOutThroughMenu(page: Page, email: string) {
  await userButton(page, email).click();
  await page.getByRole("dialog", { name: "Minha conta" }).getByRole("button", { name: "Sair" }).click();
}

test("sign up, confirm by e-mail, sign out, sign in, reset the password by e-mail, reach /cliente", async ({ page }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("jornada");

  // Sign up: no session yet, a confirmation e-mail instead.
  await openPage(page, "/auth");
  await page.getByRole("tab", { name: "Criar conta" }).click();
  const signUp = page.getByRole("form", { name: "Criar conta" });
  await signUp.getByLabel("Nome").fill("Joana Jornada");
  await signUp.getByLabel("E-mail").fill(email);
  await signUp.getByLabel("Senha", { exact: true }).fill(PASSWORD);
  await signUp.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByText("Confira seu e-mail")).toBeVisible();
  await expect(signInLink(page)).toBeVisible();

  // The link received by the SMTP server confirms the address and signs in; the header shows the e-mail's prefix.
  const confirmation = await waitForMail(email, (mail) => mail.subject === "Confirme seu e-mail na Loja Micologia");
  await openPage(page, linkIn(confirmation, "/api/auth/verify-email"));
  await expect(page).toHaveURL(/\/auth\?verificado=1$/);
  await expect(page.getByText("E-mail confirmado! Sua conta está pronta.")).toBeVisible();
  await expect(userButton(page, email)).toHaveText(prefixOf(email));

  // Sign out: the flag, no auth toast, home after the fade.
  await signOutThroughMenu(page, email);
  await expect(page).toHaveURL("/");
  await expect(signInLink(page)).toBeVisible();
  const flag = await page.evaluate(
    () => JSON.parse(localStorage.getItem("suppressAuthToasts") ?? "null") as { reason: string; ts: number },
  );
  expect(flag.reason).toBe("logout");
  expect(Math.abs(Date.now() - flag.ts)).toBeLessThan(30_000);
  await expect(page.getByText("Sua sessão foi encerrada.")).toHaveCount(0);
  expect(await (await page.request.get("/api/auth/get-session")).json()).toBeNull();

  // /cliente asks for a session and comes back after signing in.
  await openPage(page, "/cliente");
  await expect(page).toHaveURL("/auth?next=%2Fcliente");
  await signInThroughForm(page, email);
  await expect(page).toHaveURL("/cliente");
  await expect(page.getByRole("heading", { name: "Minha conta" })).toBeVisible();
  await expect(userButton(page, email)).toHaveText(prefixOf(email));

  // Forgotten password: the reset link arrives by e-mail, works once, and the new password signs in.
  await signOutThroughMenu(page, email);
  await expect(page).toHaveURL("/");
  await openPage(page, "/auth");
  await page.getByRole("link", { name: "Esqueci minha senha" }).click();
  const forgot = page.getByRole("form", { name: "Esqueci minha senha" });
  await forgot.getByLabel("E-mail").fill(email);
  await forgot.getByRole("button", { name: "Enviar link" }).click();
  await expect(forgot.getByText(/enviamos um link para criar uma nova senha/)).toBeVisible();
  const reset = await waitForMail(email, (mail) => mail.subject === "Redefinição de senha na Loja Micologia");
  const resetLink = linkIn(reset, "modo=redefinir");
  await openPage(page, resetLink);
  const newPassword = page.getByRole("form", { name: "Nova senha" });
  await newPassword.getByLabel("Nova senha", { exact: true }).fill("micelio-verde-77");
  await newPassword.getByLabel("Repita a nova senha").fill("micelio-verde-77");
  await newPassword.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByText("Senha alterada. Entre com a nova senha.")).toBeVisible();
  await signInThroughForm(page, email, "micelio-verde-77");
  await expect(page).toHaveURL("/");
  await userButton(page, email).click();
  await page.getByRole("dialog", { name: "Minha conta" }).getByRole("link", { name: "Minha conta" }).click();
  await expect(page).toHaveURL("/cliente");
  await expect(page.getByRole("heading", { name: "Minha conta" })).toBeVisible();

  // The old password is gone and the link was single-use.
  expect((await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: fromTheShop })).status()).toBe(
    401,
  );
  await openPage(page, resetLink);
  await page.getByRole("button", { name: "Salvar nova senha" }).waitFor();
  const again = page.getByRole("form", { name: "Nova senha" });
  await again.getByLabel("Nova senha", { exact: true }).fill("outra-senha-nova-5");
  await again.getByLabel("Repita a nova senha").fill("outra-senha-nova-5");
  await again.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(again.getByRole("alert")).toContainText("inválido, já foi usado ou expirou");
});

test("guesses from many places hold the account's password sign-in; its owner, on a new phone, gets in by the e-mailed link", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail("bloqueada");
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { name: "Dona da Conta", email, password: PASSWORD },
    headers: { "x-forwarded-for": "198.18.250.1" },
  });
  expect(signUp.status()).toBe(200);
  // Someone guesses the password from twenty addresses (the shop trusts X-Forwarded-For here).
  for (let i = 0; i < 20; i++) {
    const guess = await page.request.post("/api/auth/sign-in/email", {
      data: { email, password: `chute-errado-${i}` },
      headers: { ...fromTheShop, "x-forwarded-for": `198.19.${i}.7` },
    });
    expect(guess.status()).toBe(401);
  }

  // The owner, on a phone the shop has never seen, types the right password: held, and offered the link.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "198.18.250.2" });
  await openPage(page, "/auth");
  await signInThroughForm(page, email);
  await expect(page.getByRole("form", { name: "Entrar" }).getByRole("alert")).toContainText("Muitas tentativas");
  const offer = page.getByRole("region", { name: "Entre com um link por e-mail" });
  await expect(offer).toContainText("Você pode entrar agora, sem a senha, com um link enviado ao seu e-mail.");
  await expect(offer.getByLabel("E-mail")).toHaveValue(email);
  await offer.getByRole("button", { name: "Enviar link de acesso" }).click();
  await expect(offer.getByRole("status")).toContainText(`Se houver uma conta com ${email}, enviamos um link de acesso.`);

  // The e-mailed link opens a page whose button signs in, once.
  const mail = await waitForMail(email, (m) => m.subject === "Seu link de acesso à Loja Micologia");
  const link = linkIn(mail, "modo=link");
  await openPage(page, link);
  await page.getByRole("link", { name: "Entrar na minha conta" }).click();
  await expect(page).toHaveURL("/cliente");
  await expect(page.getByRole("heading", { name: "Minha conta" })).toBeVisible();
  expect(((await (await page.request.get("/api/auth/get-session")).json()) as { user: { email: string } }).user.email).toBe(email);

  await page.context().clearCookies();
  await openPage(page, link);
  await page.getByRole("link", { name: "Entrar na minha conta" }).click();
  await expect(page).toHaveURL(/\/auth\?modo=link&error=INVALID_TOKEN$/);
  await expect(page.getByRole("alert")).toHaveText("Este link de acesso é inválido, já foi usado ou expirou. Peça um novo abaixo.");
  expect(await (await page.request.get("/api/auth/get-session")).json()).toBeNull();
});

test("a sign-out that fails keeps the customer signed in and says why (spec §8)", async ({ page }) => {
  const email = uniqueEmail("falha-saida");
  await signedInCustomer(page, email, PASSWORD);
  await openPage(page, "/cliente");
  await expect(userButton(page, email)).toBeVisible();

  await page.route("**/api/auth/sign-out", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "unavailable", message: "Servidor em manutenção." } }),
    }),
  );
  await signOutThroughMenu(page, email);
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Erro ao sair" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Servidor em manutenção.");
  await expect(page).toHaveURL("/cliente");
  await expect(userButton(page, email)).toBeVisible();

  // Without an answer at all, the spec's default description.
  await page.unroute("**/api/auth/sign-out");
  await page.route("**/api/auth/sign-out", (route) => route.abort());
  await signOutThroughMenu(page, email);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Não foi possível fazer logout. Tente novamente." })).toBeVisible();
  await expect(userButton(page, email)).toBeVisible();
  expect(((await (await page.request.get("/api/auth/get-session")).json()) as { user: { email: string } }).user.email).toBe(email);
});

test("next=https://evil.example (and //evil.example) is ignored: after signing in the visitor stays on the shop", async ({ page }) => {
  const email = uniqueEmail("proximo");
  const signUp = await page.request.post("/api/auth/sign-up/email", { data: { name: "Cliente", email, password: PASSWORD } });
  expect(signUp.status()).toBe(200);
  await openPage(page, "/auth?next=https%3A%2F%2Fevil.example%2Froubar");
  await signInThroughForm(page, email);
  await expect(page).toHaveURL("/");
  // Already signed in, /auth offers to continue: never to another site.
  for (const next of ["https%3A%2F%2Fevil.example", "%2F%2Fevil.example", "%2F%5Cevil.example"]) {
    await openPage(page, `/auth?next=${next}`);
    await expect(page.getByRole("link", { name: "Ir para minha conta" })).toHaveAttribute("href", "/cliente");
  }
});

test("an admin (ADMIN_EMAILS, address confirmed by the e-mailed link) sees the admin links and reaches /admin", async ({ page }) => {
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { name: "Chefe", email: E2E_ADMIN_EMAIL, password: PASSWORD, callbackURL: "/auth?verificado=1" },
  });
  expect(signUp.status()).toBe(200);
  // Before confirming, the account on the admin's address is a customer.
  expect(
    (
      await page.request.post("/api/auth/sign-in/email", { data: { email: E2E_ADMIN_EMAIL, password: PASSWORD }, headers: fromTheShop })
    ).status(),
  ).toBe(200);
  expect((await page.goto("/admin"))?.status()).toBe(403);

  const confirmation = await waitForMail(E2E_ADMIN_EMAIL, (mail) => mail.subject.startsWith("Confirme"));
  await openPage(page, linkIn(confirmation, "/api/auth/verify-email"));
  await expect(userButton(page, E2E_ADMIN_EMAIL)).toBeVisible();
  const admin = page.getByRole("banner").getByRole("navigation", { name: "Administração" });
  await expect(admin.getByText("Administração", { exact: true })).toBeVisible();
  await expect(admin.getByRole("link", { name: "Manutenção" })).toHaveAttribute("href", "/maintenance-panel");
  await expect(admin.getByRole("link", { name: "Personalizar produto" })).toHaveAttribute("href", "/customizar-produto");
  await admin.getByRole("link", { name: "Painel admin" }).click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { name: "Administração" })).toBeVisible();
  await admin.getByRole("link", { name: "Manutenção" }).click();
  await expect(page.getByRole("heading", { name: "Painel de manutenção" })).toBeVisible();
  await admin.getByRole("link", { name: "Personalizar produto" }).click();
  await expect(page.getByRole("heading", { name: "Personalizar produto" })).toBeVisible();
});

test("a customer gets a 403 page on the admin pages, and sees no admin links", async ({ page }) => {
  const email = uniqueEmail("curiosa");
  await signedInCustomer(page, email, PASSWORD);
  for (const path of ["/admin", "/maintenance-panel", "/customizar-produto"]) {
    const response = await openPage(page, path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: "Acesso restrito" })).toBeVisible();
  }
  await expect(page.getByRole("navigation", { name: "Administração" })).toHaveCount(0);
  // Through the client-side router as well (from a router page: the storefront's pages are islands, decision 035).
  await openPage(page, ROUTER_PAGE);
  await clickRouterLink(page, "/admin?order=1");
  await expect(page.getByRole("heading", { name: "Acesso restrito" })).toBeVisible();
});

test("a visitor asking for an admin page is sent to /auth and comes back", async ({ page }) => {
  await openPage(page, "/maintenance-panel");
  await expect(page).toHaveURL("/auth?next=%2Fmaintenance-panel");
});

test("the customer panel: addresses, referral link, data download and account deletion", async ({ page }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("painel");
  await signedInCustomer(page, email, PASSWORD);
  await openPage(page, "/cliente?aba=enderecos");

  const form = page.getByRole("form", { name: "Novo endereço" });
  await form.getByRole("button", { name: "Salvar endereço" }).click();
  await expect(form.getByText("O CEP tem 8 dígitos, ex.: 01310-100.")).toBeVisible();
  await form.getByLabel("Nome de quem recebe").fill("Paula Painel");
  await form.getByLabel("Telefone").fill("(21) 98765-4321");
  await form.getByLabel("CEP").fill("20040-020");
  await form.getByLabel("Rua").fill("Avenida Rio Branco");
  await form.getByLabel("Número").fill("156");
  await form.getByLabel("Bairro").fill("Centro");
  await form.getByLabel("Cidade").fill("Rio de Janeiro");
  await form.getByLabel("UF").selectOption("RJ");
  await form.getByRole("button", { name: "Salvar endereço" }).click();
  const saved = page.getByRole("list", { name: "Endereços salvos" });
  await expect(saved).toContainText("Avenida Rio Branco, 156");
  await expect(saved).toContainText("CEP 20040-020");
  await page.getByRole("button", { name: "Remover o endereço Avenida Rio Branco, 156" }).click();
  await expect(saved).toHaveCount(0);

  await page.getByRole("tab", { name: "Indicações" }).click();
  await expect(page).toHaveURL("/cliente/indicacoes");
  await expect(page.getByRole("textbox", { name: "Seu link de indicação" })).toHaveValue(/\/\?ref=[A-Z2-9]{8}$/);
  await expect(page.getByTestId("total-credits")).toHaveText(/R\$\s0,00/);

  await page.getByRole("tab", { name: "Privacidade" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Baixar meus dados (JSON)" }).click(),
  ]);
  const exported = JSON.parse(await (await import("node:fs/promises")).readFile((await download.path())!, "utf8")) as {
    account: { email: string };
  };
  expect(exported.account.email).toBe(email);

  await page.getByRole("button", { name: "Excluir minha conta" }).click();
  const dialog = page.getByRole("dialog", { name: "Excluir minha conta" });
  await dialog.getByLabel("Sua senha").fill(PASSWORD);
  await dialog.getByLabel("Digite EXCLUIR para confirmar").fill("EXCLUIR");
  await dialog.getByRole("button", { name: "Excluir definitivamente" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Sua conta foi excluída.")).toBeVisible();
  await expect(signInLink(page)).toBeVisible();
  expect((await page.request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: fromTheShop })).status()).toBe(
    401,
  );
});
