// Issue 18 items 3 and 7 on the owner's phone (390 px): an e-mail the SMTP server refused shows as
// failed with the server's answer; the owner opens it, resends it once the mailbox exists, and sees
// it sent; then downloads a backup of the whole database (a pg_dump custom-format file).
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { enqueueEmail } from "../platform/mail/email-queue.ts";
import { expectAccessible } from "./axe-checks.ts";
import { expect, openPage, test } from "./fixtures.ts";
import { uniqueEmail, waitForMail } from "./mail.ts";
import { withShopDatabase } from "./shop-db.ts";
import { signedInAdmin } from "./shop-steps.ts";
import { E2E_ACCEPT_DIR, E2E_REFUSED_PREFIX } from "./test-env.ts";

const PASSWORD = "painel-de-manutencao-42";
const PHONE = { width: 390, height: 844 };

/**
 * An e-mail queued as the shop queues every e-mail (the platform's own enqueueEmail, in the test
 * shop's database), with one try, so the SMTP server's refusal fails it for good at once.
 */
async function queueEmail(to: string, subject: string): Promise<string> {
  return withShopDatabase((client) =>
    enqueueEmail(
      drizzle(client),
      { MAIL_MAX_ATTEMPTS: 1 },
      { to, subject, text: `Olá!\n\n${subject}: texto do e-mail.`, html: "<p>Olá!</p>" },
    ),
  );
}

async function statusOf(id: string): Promise<string | undefined> {
  return withShopDatabase(async (client) => {
    const { rows } = await client.query<{ status: string }>("select status from email_log where id = $1", [id]);
    return rows[0]?.status;
  });
}

test("on a phone, the owner resends an e-mail the SMTP server refused, and downloads a backup", async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(PHONE);
  await signedInAdmin(page, PASSWORD);

  const to = uniqueEmail(`${E2E_REFUSED_PREFIX}cliente`);
  const subject = `Pedido #${Date.now() % 100_000} enviado`;
  const id = await queueEmail(to, subject);
  await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe("failed");

  await openPage(page, "/maintenance-panel?secao=emails");
  const queue = page.getByRole("region", { name: "Fila de e-mails" });
  await queue.getByRole("button", { name: "Falharam" }).click();
  const card = queue.getByRole("article", { name: subject });
  await expect(card).toContainText("Falhou");
  await expect(card).toContainText("Resposta do servidor: 550");
  await expect(card).toContainText("Caixa postal inexistente");
  await expectAccessible(page, "/maintenance-panel (e-mail que falhou, no celular)");

  await card.getByRole("button", { name: `Abrir o e-mail ${subject}` }).click();
  await expect(card.getByText(`${subject}: texto do e-mail.`)).toBeVisible();
  await expect(card.getByRole("definition").filter({ hasText: /^1 de 1$/ })).toBeVisible();
  await expectAccessible(page, "/maintenance-panel (e-mail aberto, no celular)");

  // The mailbox now exists: the resend goes through.
  await writeFile(path.join(E2E_ACCEPT_DIR, to), "");
  await queue.getByRole("button", { name: "Todos" }).click();
  await queue
    .getByRole("article", { name: subject })
    .getByRole("button", { name: `Reenviar o e-mail ${subject}` })
    .click();
  await expect(queue.getByRole("status").filter({ hasText: `E-mail "${subject}" de volta na fila.` })).toBeVisible();
  const mail = await waitForMail(to, (m) => m.subject === subject);
  expect(mail.text).toContain("texto do e-mail");
  // The list looks again while a message waits: it turns to sent by itself.
  await expect(queue.getByRole("article", { name: subject })).toContainText("Enviado", { timeout: 15_000 });

  // The next section of the panel, through its navigation.
  await page
    .getByRole("navigation", { name: "Seções do painel de manutenção" })
    .getByRole("link", { name: "Backup e exportações" })
    .click();
  const backup = page.getByRole("region", { name: "Backup e exportações" });
  const [download] = await Promise.all([page.waitForEvent("download"), backup.getByRole("link", { name: "Baixar backup" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^loja-backup-\d{4}-\d{2}-\d{2}-\d{4}\.dump$/);
  const file = await download.path();
  expect((await readFile(file)).subarray(0, 5).toString("latin1")).toBe("PGDMP");
});
