import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentShopSettings, publicConfigOf } from "#domain/settings/shop-settings.server.ts";
import type { ShopSettingsView } from "#domain/settings/settings-schemas.ts";
import { auditEntries } from "#test/audit.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { samplePhoto } from "#test/sample-images.ts";

/*
 * Issue 28 item 1's logo (decision 062): the owner uploads it from the settings screen; it is checked
 * by its content, stored as one PNG in the file storage, served under /uploads, handed to the header
 * (the public settings) and put at the top of every e-mail sent after it; saving the form keeps it.
 */

const ADMIN_EMAIL = uniqueEmail("dona-logotipo");
let ctx: AuthTestContext;
let dataDir: string;
let admin: Browser;
let customer: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "logo-test-"));
  ctx = await createAuthTestContext({ DATA_DIR: dataDir });
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.250"));
  customer = await ctx.customer(uniqueEmail("cliente-logotipo"), new Browser("203.0.113.251"));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function form(bytes: Buffer, name = "logo.png", type = "image/png"): FormData {
  const data = new FormData();
  data.set("file", new File([new Uint8Array(bytes)], name, { type }));
  return data;
}
const upload = (body: FormData, browser: Browser = admin) => ctx.request("/api/admin/settings/logo", { browser, body });

describe("the shop's logo", () => {
  it("is stored as a 64 px high PNG, served under /uploads, given to the header and put at the top of the e-mails", async () => {
    const response = await upload(form(await samplePhoto("jpeg", "#166534", { width: 800, height: 200 }), "logo.png")); // a JPEG named .png
    expect(response.status, await response.clone().text()).toBe(200);
    const settings = (await response.json()) as ShopSettingsView;
    expect(settings.logo).toMatchObject({ url: expect.stringMatching(/^\/uploads\/logos\/[0-9a-f]{32}\.png$/), width: 256, height: 64 });

    const file = await ctx.request(settings.logo!.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe("png");

    const header = publicConfigOf(await currentShopSettings(ctx.t.services));
    expect(header.brand).toEqual({ name: "Loja Micologia", logo: settings.logo });
    expect((await auditEntries(ctx, admin, "settings", "loja")).map((entry) => entry.action)).toContain("settings.logo_upload");

    const email = uniqueEmail("novo-cadastro");
    expect((await ctx.signUp(email)).status).toBe(200);
    const mail = await ctx.mail.waitFor(email, (m) => m.subject.startsWith("Confirme"));
    expect(mail.html).toContain(`<img src="http://localhost:3000${settings.logo!.url}" alt="Loja Micologia" width="128" height="32"`);
  });

  it("stays when the settings form is saved, and gives way to the built-in one when removed", async () => {
    const before = (await (await ctx.request("/api/admin/settings", { browser: admin })).json()) as ShopSettingsView;
    expect(before.logo).not.toBeNull();
    const { logo: _logo, updatedAt: _updatedAt, smtp, ...rest } = before;
    const saved = await ctx.request("/api/admin/settings", {
      method: "PUT",
      browser: admin,
      json: {
        ...rest,
        shopName: "Cogumelos da Serra",
        cnpj: "11222333000181",
        legalName: "Cogumelos da Serra Ltda.",
        address: "Rua das Hortênsias, 45, Centro, Gramado - RS, 95670-000",
        pixKey: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906",
        supportWhatsapp: "(54) 99876-5432",
        smtp: { host: smtp.host ?? "", port: smtp.port, secure: smtp.secure, user: smtp.user ?? "" },
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await saved.json()) as ShopSettingsView).logo).toEqual(before.logo);
    // The e-mails sign with the saved name.
    const email = uniqueEmail("outro-cadastro");
    await ctx.signUp(email);
    const mail = await ctx.mail.waitFor(email, (m) => m.subject.startsWith("Confirme"));
    expect(mail.html).toContain('alt="Cogumelos da Serra"');
    expect(mail.text.trimEnd().endsWith("— Cogumelos da Serra")).toBe(true);

    const removed = await ctx.request("/api/admin/settings/logo", { method: "DELETE", browser: admin });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as ShopSettingsView).logo).toBeNull();
    expect(publicConfigOf(await currentShopSettings(ctx.t.services)).brand?.logo).toBeNull();
  });

  it("refuses what is not a picture by its content, and anyone but an admin", async () => {
    const text = await upload(form(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "logo.png"));
    expect(text.status).toBe(415);
    expect(((await text.json()) as { error: { message: string } }).error.message).toContain("JPEG, PNG ou WebP");
    expect((await upload(form(await samplePhoto("png")), customer)).status).toBe(403);
    expect((await upload(form(await samplePhoto("png")), new Browser())).status).toBe(401);
  });
});
