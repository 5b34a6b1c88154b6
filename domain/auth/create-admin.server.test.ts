import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, createAuthTestContext, PASSWORD, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { adminEmails, sessions, users } from "#platform/db/tables/auth.ts";
import { ADMIN_CREATE_ACTOR, createAdmin } from "#domain/auth/create-admin.server.ts";
import { listAuditLog } from "#domain/audit/audit-log.server.ts";

const CONFIG_ADMIN = "chefe@example.com";
let ctx: AuthTestContext;
beforeAll(async () => {
  ctx = await createAuthTestContext({ ADMIN_EMAILS: ` ${CONFIG_ADMIN.toUpperCase()} , outra-chefe@example.com` });
});
afterAll(async () => ctx?.close());

type ErrorJson = { error: { code: string; message: string } };
const isAdmin = (browser: Browser | undefined, email: string) => ctx.request("/api/rpc/is_admin", { browser, json: { user_email: email } });

describe("POST /api/rpc/is_admin", () => {
  it("answers 401 to an anonymous caller, in the API's error shape", async () => {
    const response = await isAdmin(undefined, CONFIG_ADMIN);
    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorJson).error).toEqual({ code: "unauthorized", message: "Entre na sua conta para continuar." });
  });

  it("an account on an ADMIN_EMAILS address is not admin until it has verified the address", async () => {
    // Anyone can sign up with the admin's address; without the e-mailed link it stays a customer.
    expect((await ctx.signUp(CONFIG_ADMIN)).status).toBe(200);
    const squatter = new Browser();
    expect((await ctx.signIn(CONFIG_ADMIN, PASSWORD, squatter)).status).toBe(200);
    expect(await (await isAdmin(squatter, CONFIG_ADMIN)).json()).toBe(false);
    expect((await ctx.request("/api/admin/admins", { browser: squatter })).status).toBe(403);

    const owner = new Browser("203.0.113.20");
    await ctx.verify(CONFIG_ADMIN, owner);
    expect(await (await isAdmin(owner, CONFIG_ADMIN)).json()).toBe(true);
    // The address is compared without regard to case.
    expect(await (await isAdmin(owner, CONFIG_ADMIN.toUpperCase())).json()).toBe(true);
  });

  it("answers only about the caller: another e-mail, even an admin's, is false", async () => {
    const email = uniqueEmail();
    const customer = await ctx.customer(email);
    expect(await (await isAdmin(customer, email)).json()).toBe(false);
    expect(await (await isAdmin(customer, CONFIG_ADMIN)).json()).toBe(false);
    const admin = new Browser("203.0.113.21");
    expect((await ctx.signIn(CONFIG_ADMIN, PASSWORD, admin)).status).toBe(200);
    expect(await (await isAdmin(admin, email)).json()).toBe(false);
  });

  it("reads the admin table at every check: adding and removing an e-mail takes effect at once", async () => {
    const email = uniqueEmail("gerente");
    const browser = await ctx.customer(email);
    expect(await (await isAdmin(browser, email)).json()).toBe(false);
    await ctx.makeAdmin(email);
    expect(await (await isAdmin(browser, email)).json()).toBe(true);
    await ctx.t.db.delete(adminEmails).where(eq(adminEmails.email, email));
    expect(await (await isAdmin(browser, email)).json()).toBe(false);
  });

  it("validates its body", async () => {
    const browser = await ctx.customer(uniqueEmail());
    const response = await ctx.request("/api/rpc/is_admin", { browser, json: { email: "x@example.com" } });
    expect(response.status).toBe(400);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await (await ctx.request("/api/openapi.json")).json()) as {
      paths: Record<
        string,
        {
          post?: {
            requestBody: { content: Record<string, { schema: unknown }> };
            responses: Record<string, { content: Record<string, { schema: unknown }> }>;
          };
        }
      >;
    };
    const operation = doc.paths["/rpc/is_admin"]?.post;
    expect(operation?.requestBody.content["application/json"]!.schema).toMatchObject({
      type: "object",
      properties: { user_email: { type: "string" } },
      required: ["user_email"],
    });
    expect(operation?.responses["200"]!.content["application/json"]!.schema).toMatchObject({ type: "boolean" });
  });
});

describe("GET /api/admin/admins", () => {
  it("lists the admin e-mails to admins only", async () => {
    await ctx.makeAdmin("listada@example.com");
    expect((await ctx.request("/api/admin/admins")).status).toBe(401);
    const customer = await ctx.customer(uniqueEmail());
    expect((await ctx.request("/api/admin/admins", { browser: customer })).status).toBe(403);
    const admin = new Browser("203.0.113.22");
    expect((await ctx.signIn(CONFIG_ADMIN, PASSWORD, admin)).status).toBe(200);
    const response = await ctx.request("/api/admin/admins", { browser: admin });
    expect(response.status).toBe(200);
    const { admins } = (await response.json()) as { admins: { email: string; source: string }[] };
    expect(admins).toEqual(
      expect.arrayContaining([
        { email: CONFIG_ADMIN, source: "config" },
        { email: "outra-chefe@example.com", source: "config" },
        { email: "listada@example.com", source: "database" },
      ]),
    );
  });
});

describe("npm run admin:create (createAdmin)", () => {
  it("creates a verified admin account with the given password", async () => {
    const email = uniqueEmail("primeira-admin");
    const result = await createAdmin(ctx.t.db, email.toUpperCase(), "senha-da-chefe-77");
    expect(result).toMatchObject({ email, created: true, generated: false });
    const browser = new Browser("203.0.113.23");
    expect((await ctx.signIn(email, "senha-da-chefe-77", browser)).status).toBe(200);
    expect(await (await isAdmin(browser, email)).json()).toBe(true);
    // Issue 17 item 8: who became an admin, and how, is in the audit log.
    const log = await listAuditLog(ctx.t.db, { entityType: "admin", entityId: email, page: 1 });
    expect(log.entries).toEqual([
      expect.objectContaining({
        actorEmail: ADMIN_CREATE_ACTOR,
        action: "admin.create",
        before: { account: false, admin: false },
        after: { account: true, admin: true },
      }),
    ]);
  });

  it("generates a password when none is given", async () => {
    const email = uniqueEmail("admin-gerada");
    const result = await createAdmin(ctx.t.db, email);
    expect(result.generated).toBe(true);
    expect(result.password.length).toBeGreaterThanOrEqual(16);
    expect((await ctx.signIn(email, result.password, new Browser("203.0.113.24"))).status).toBe(200);
  });

  it("promoting an existing account replaces its password and ends its sessions (it may be a squatter's)", async () => {
    const email = uniqueEmail("ocupada");
    expect((await ctx.signUp(email)).status).toBe(200);
    const squatter = new Browser("203.0.113.25");
    expect((await ctx.signIn(email, PASSWORD, squatter)).status).toBe(200);
    const result = await createAdmin(ctx.t.db, email, "senha-nova-da-dona-5");
    expect(result.created).toBe(false);
    const userId = await ctx.userId(email);
    expect(await ctx.t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
    const [row] = await ctx.t.db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId));
    expect(row!.verified).toBe(true);
    expect((await ctx.signIn(email, PASSWORD, new Browser("203.0.113.26"))).status).toBe(401);
    expect((await ctx.signIn(email, "senha-nova-da-dona-5", new Browser("203.0.113.27"))).status).toBe(200);
    const log = await listAuditLog(ctx.t.db, { entityType: "admin", entityId: email, page: 1 });
    expect(log.entries).toEqual([expect.objectContaining({ action: "admin.promote", before: { account: true, admin: false } })]);
  });

  it("refuses an invalid e-mail or a weak password", async () => {
    await expect(createAdmin(ctx.t.db, "não é e-mail", "senha-forte-123")).rejects.toThrow(/e-mail inválido/);
    await expect(createAdmin(ctx.t.db, uniqueEmail(), "curta")).rejects.toThrow(/pelo menos 8/);
  });
});
