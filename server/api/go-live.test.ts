import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GoLiveReport } from "#domain/settings/go-live-rules.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";

/*
 * Issue 28 item 2 (decision 056): the go-live check. On a fresh install the placeholders are red with
 * what to do; once the owner saves real settings they turn green item by item; `npm run doctor`
 * prints the same items on the server and exits 1 while anything is red.
 */

const ADMIN_EMAIL = uniqueEmail("dona-go-live");
let ctx: AuthTestContext;
let admin: Browser;
beforeAll(async () => {
  ctx = await createAuthTestContext();
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.242"));
}, 60_000);
afterAll(async () => ctx?.close());

async function goLive(): Promise<Record<string, { ok: boolean; detail: string }>> {
  const response = await ctx.request("/api/admin/go-live", { browser: admin });
  expect(response.status).toBe(200);
  const report = (await response.json()) as GoLiveReport;
  return Object.fromEntries(report.items.map((item) => [item.id, item]));
}

describe("the go-live check", () => {
  it("on a fresh install, marks the placeholder Pix key, identity and WhatsApp red, and says where to fix them", async () => {
    const items = await goLive();
    expect(items.pix_key).toMatchObject({ ok: false, detail: expect.stringContaining("Configurações") });
    expect(items.identity!.ok).toBe(false);
    expect(items.whatsapp!.ok).toBe(false);
    // The tests' PUBLIC_URL is http://localhost:3000.
    expect(items.https).toMatchObject({ ok: false, detail: expect.stringContaining("PUBLIC_URL") });
    expect(items.backup_recent!.ok).toBe(false);
    // One instance: nothing to share.
    expect(items.shared_storage!.ok).toBe(true);
  });

  it("turns the settings' items green once the owner saves real ones, and SMTP green when it answers", async () => {
    const saved = await ctx.request("/api/admin/settings", {
      method: "PUT",
      browser: admin,
      json: {
        shopName: "Cogumelos da Serra",
        legalName: "Cogumelos da Serra Ltda.",
        cnpj: "11.222.333/0001-81",
        address: "Rua das Hortênsias, 45, Centro, Gramado - RS, 95670-000",
        email: "contato@cogumelosdaserra.com.br",
        pixKey: "+55 54 99876-5432",
        pixMerchantName: "Cogumelos da Serra",
        pixMerchantCity: "Gramado",
        supportWhatsapp: "54 99876-5432",
        mailFrom: "loja@cogumelosdaserra.com.br",
        mailReplyTo: null,
        smtp: { host: "127.0.0.1", port: Number(new URL(ctx.mail.url).port), secure: false, user: "", password: "" },
      },
    });
    expect(saved.status).toBe(200);
    const items = await goLive();
    for (const id of ["pix_key", "identity", "whatsapp", "smtp"]) expect(items[id], id).toMatchObject({ ok: true });
  });

  it("counts a backup downloaded from the panel in the last day", async () => {
    const download = await ctx.request("/api/admin/backup", { browser: admin });
    if (download.status !== 200) return; // no pg_dump on this machine: backup_tools says so (below)
    await download.arrayBuffer();
    expect((await goLive()).backup_recent!.ok).toBe(true);
  });

  it("npm run doctor prints the same items on the server and exits 1 while one is red", async () => {
    const run = await promisify(execFile)(process.execPath, ["scripts/doctor.ts"], {
      env: { ...process.env, DATABASE_URL: ctx.t.url, PUBLIC_URL: "http://loja.exemplo:3000", LOG_LEVEL: "silent" },
    }).then(
      (result) => ({ code: 0, stdout: result.stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(run.stdout).toContain("✔ Chave Pix da loja: Os Pix vão para +5554998765432.");
    expect(run.stdout).toContain("✘ Endereço com HTTPS");
    expect(run.code).toBe(1);
  }, 60_000);
});
