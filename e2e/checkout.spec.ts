// Issue 6's journey: a visitor buys with Pix (gate, cart, sign-up inside the checkout, address,
// shipping, review, order), while an admin in another browser sees the order arrive live, confirms
// the payment and adds the tracking code, and the customer's bell and order page follow live.
import type { Page } from "@playwright/test";
import { acceptGate, addFiftyGramsInSachets, signedInAdmin } from "./shop-steps.ts";
import { expect, openPage, test, waitForHydration } from "./fixtures.ts";
import { uniqueEmail, waitForMail } from "./mail.ts";

const PASSWORD = "pedido-pix-de-teste-42";

test.use({ gateAccepted: false });

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Notificações" });

/** The bell's unread count, read from its accessible description ("3 não lidas", "Nenhuma não lida"). */
async function unreadCount(page: Page): Promise<number> {
  const description = await bell(page).evaluate((button) =>
    (button.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );
  return Number(/(\d+) não lidas?/.exec(description)?.[1] ?? 0);
}

test("a visitor buys with Pix; the admin confirms and ships it; both follow it live", async ({ page, browser }) => {
  test.setTimeout(120_000);

  // The admin, in a browser of their own, waits on the orders page.
  const adminContext = await browser.newContext({ locale: "pt-BR" });
  await adminContext.addInitScript(() => localStorage.setItem("ageAndCookiesAccepted", "true"));
  const admin = await adminContext.newPage();
  await signedInAdmin(admin, PASSWORD);
  await openPage(admin, "/admin");
  await expect(admin.getByRole("heading", { name: "Administração" })).toBeVisible();

  // The visitor accepts the gate and fills the cart: 50 g with packaging, and the course.
  await openPage(page, "/");
  await acceptGate(page);
  await openPage(page, "/produto/cogumelo-penis-envy-7");
  await addFiftyGramsInSachets(page);
  await openPage(page, "/produto/curso-cultivo-domestico");
  await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Carrinho", exact: true })).toHaveAccessibleDescription("2 itens");

  // Checkout: the account is created inline and the cart follows it.
  await openPage(page, "/checkout");
  const email = uniqueEmail("comprador");
  const signUp = page.getByRole("form", { name: "Criar conta" });
  await signUp.getByLabel("Nome").fill("Maria Compradora");
  await signUp.getByLabel("E-mail").fill(email);
  await signUp.getByLabel("Senha").fill(PASSWORD);
  await signUp.getByRole("button", { name: "Criar conta e continuar" }).click();
  await expect(page.getByText(`Comprando como ${email}`)).toBeVisible({ timeout: 15_000 });

  // Address (issue 20: one step at a time): CEP first (no lookup service in this closed network: the customer types the rest).
  const form = page.getByRole("form", { name: "Finalizar compra" });
  await form.getByLabel("CEP").fill("01310-100");
  await form.getByRole("button", { name: "Buscar CEP" }).click();
  // Invalid CPF and phone are refused next to their fields, in Portuguese.
  await form.getByLabel("CPF").fill("111.111.111-11");
  await form.getByLabel("Telefone").fill("123");
  await form.getByRole("button", { name: "Continuar para o envio" }).click();
  await expect(form.getByLabel("CPF")).toHaveAccessibleDescription("CPF inválido: confira os dígitos.");
  await expect(form.getByLabel("Telefone")).toHaveAccessibleDescription("Informe o telefone com DDD, ex.: (11) 91234-5678.");

  await form.getByLabel("Nome de quem recebe").fill("Maria Compradora");
  await form.getByLabel("CPF").fill("529.982.247-25");
  await form.getByLabel("Telefone").fill("(11) 91234-5678");
  await form.getByLabel("Rua").fill("Avenida Paulista");
  await form.getByLabel("Número").fill("1000");
  await form.getByLabel("Bairro").fill("Bela Vista");
  await form.getByLabel("Cidade").fill("São Paulo");
  await form.getByLabel("UF").selectOption("SP");
  await form.getByRole("button", { name: "Continuar para o envio" }).click();
  await form.getByRole("radio", { name: /SEDEX/ }).check();
  await form.getByRole("button", { name: "Continuar para o pagamento" }).click();
  await form.getByLabel(/Declaro que tenho 18 anos ou mais/).check();
  await form.getByLabel(/Li e aceito os/).check();
  // 50 g R$ 500,00 + 25 sachets R$ 25,00 + course R$ 297,00 + SEDEX to São Paulo R$ 29,90.
  await expect(form.getByTestId("checkout-total")).toHaveText("R$ 851,90");
  // Journeys running beside this one place orders too, and every admin hears of each: what the
  // admin's bell counts before this order, to see it grow live by this one (at least).
  const adminUnreadBefore = await unreadCount(admin);
  await form.getByRole("button", { name: "Fazer pedido e pagar com Pix" }).click();

  // Success: number, Pix QR and code, countdown.
  await expect(page).toHaveURL(/\/success\?order=/);
  const heading = page.getByRole("heading", { level: 1, name: /Pedido #\d+ recebido/ });
  await expect(heading).toBeVisible();
  const number = /#(\d+)/.exec((await heading.textContent()) ?? "")![1]!;
  const orderId = new URL(page.url()).searchParams.get("order")!;
  await expect(page.getByRole("img", { name: "QR Code do Pix" })).toBeVisible();
  await expect(page.getByLabel("Pix copia e cola")).toHaveValue(
    new RegExp(`^000201.*br\\.gov\\.bcb\\.pix.*5406851\\.90.*PEDIDO${number}.*6304[0-9A-F]{4}$`),
  );
  await expect(page.getByRole("timer")).toHaveText(/^(30:00|29:\d\d)$/);
  await expect(page.getByRole("button", { name: "Copiar código Pix" })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleDescription("1 não lida");

  // The admin's bell shows admin_new_order without a reload.
  await expect.poll(() => unreadCount(admin)).toBeGreaterThanOrEqual(adminUnreadBefore + 1);
  await bell(admin).click();
  await admin.getByRole("link", { name: new RegExp(`Novo pedido #${number}`) }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin\\?order=${orderId}`));
  await waitForHydration(admin);
  await admin.getByRole("button", { name: "Confirmar pagamento" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Pagamento confirmado." })).toBeVisible();
  await admin.getByLabel("Código de rastreio (Correios)").fill("RR123456784BR");
  await admin.getByRole("button", { name: "Salvar rastreio" }).click();
  await expect(admin.getByLabel("Código de rastreio (Correios)")).toHaveAccessibleDescription(/Código de rastreio inválido/);
  await admin.getByLabel("Código de rastreio (Correios)").fill("RR123456785BR");
  await admin.getByRole("button", { name: "Salvar rastreio" }).click();
  await expect(admin.getByText("Código de rastreio: RR123456785BR")).toBeVisible();

  // The customer's bell follows live: created + payment + preparing + tracking.
  await expect(bell(page)).toHaveAccessibleDescription("4 não lidas");
  await expect(page.getByText("Pagamento confirmado. Obrigado!")).toBeVisible();
  // The page the customer is watching says it is paid, in its heading and tab too (issue 28 item 10).
  await expect(page.getByRole("heading", { level: 1, name: `Pagamento confirmado: pedido #${number}` })).toBeVisible();
  await expect(page).toHaveTitle("Pagamento confirmado | Loja");
  await expect(page.getByText("Assim que o Pix cair")).toHaveCount(0);
  await bell(page).click();
  await expect(page.getByRole("list", { name: "Notificações recentes" }).getByRole("listitem")).toHaveCount(4);
  await page.keyboard.press("Escape");

  await openPage(page, `/cliente?order=${orderId}`);
  const history = page.getByRole("region", { name: "Histórico do pedido" });
  for (const status of ["Aguardando pagamento", "Pago", "Em preparação", "Enviado"])
    await expect(history.getByText(status, { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Entrega", exact: true }).getByText("Código de rastreio: RR123456785BR")).toBeVisible();

  const created = await waitForMail(email, (mail) => mail.subject.startsWith(`Pedido #${number} recebido`));
  expect(created.text).toContain(`/cliente?order=${orderId}`);
  await adminContext.close();
});
