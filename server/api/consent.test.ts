import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGE_GATE_CHOICES, CURRENT_CONSENT_VERSION } from "#domain/consent/consent-rules.ts";
import { Browser, createAuthTestContext, PASSWORD, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { consentEvents } from "#platform/db/tables/consent.ts";
import { CONSENT_RATE_RULE } from "#server/api/consent.ts";

/*
 * Issue 16 item 10: consent events (purpose, version, time, account or browser) are kept on the
 * server, and the customer's data export lists them.
 */

let ctx: AuthTestContext;
beforeAll(async () => {
  ctx = await createAuthTestContext();
}, 60_000);
afterAll(async () => ctx?.close());

type ErrorJson = { error: { code: string; message: string } };
type ExportJson = { consent: Array<{ purpose: string; granted: boolean; version: string; browserId: string | null; createdAt: string }> };

const send = (json: unknown, browser = new Browser(`203.0.113.${Math.floor(Math.random() * 200) + 1}`)) =>
  ctx.request("/api/consent", { browser, json });

const eventsOf = (browserId: string) => ctx.t.db.select().from(consentEvents).where(eq(consentEvents.browserId, browserId));

describe("POST /api/consent", () => {
  it("keeps a visitor's age-gate acceptance as age and terms only, with version, time and browser", async () => {
    const browserId = crypto.randomUUID();
    const before = Date.now();
    const response = await send({ browserId, version: CURRENT_CONSENT_VERSION, choices: AGE_GATE_CHOICES });
    const after = Date.now();
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ recorded: 2 });
    const rows = await eventsOf(browserId);
    expect(rows.map((row) => [row.purpose, row.granted]).sort()).toEqual([
      ["age", true],
      ["terms", true],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ version: CURRENT_CONSENT_VERSION, userId: null, browserId });
      // The time of the acceptance: between sending it and its answer.
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1);
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(after + 1);
    }
  });

  it("ties a signed-in customer's choices to the account; the export lists them and nobody else's", async () => {
    const email = uniqueEmail("consentimento");
    const browser = await ctx.customer(email, new Browser("203.0.113.61"));
    const mine = crypto.randomUUID();
    const choices = [
      { purpose: "analytics", granted: true },
      { purpose: "marketing", granted: false },
    ];
    expect((await send({ browserId: mine, version: CURRENT_CONSENT_VERSION, choices }, browser)).status).toBe(201);
    // Turning analytics off later is one more event, not an edit.
    expect(
      (await send({ browserId: mine, version: CURRENT_CONSENT_VERSION, choices: [{ purpose: "analytics", granted: false }] }, browser))
        .status,
    ).toBe(201);
    const someoneElse = crypto.randomUUID();
    expect((await send({ browserId: someoneElse, version: CURRENT_CONSENT_VERSION, choices: AGE_GATE_CHOICES })).status).toBe(201);

    const exported = (await (await ctx.request("/api/account/export", { browser })).json()) as ExportJson;
    expect(exported.consent.map(({ purpose, granted, version, browserId }) => ({ purpose, granted, version, browserId }))).toEqual([
      expect.objectContaining({ purpose: expect.stringMatching(/analytics|marketing/) }),
      expect.objectContaining({ purpose: expect.stringMatching(/analytics|marketing/) }),
      { purpose: "analytics", granted: false, version: CURRENT_CONSENT_VERSION, browserId: mine },
    ]);
    expect(
      exported.consent
        .slice(0, 2)
        .map((event) => [event.purpose, event.granted])
        .sort(),
    ).toEqual([
      ["analytics", true],
      ["marketing", false],
    ]);
    for (const event of exported.consent) expect(Number.isNaN(Date.parse(event.createdAt))).toBe(false);
    expect(JSON.stringify(exported)).not.toContain(someoneElse);

    // Deleting the account: the events keep only the browser's random id.
    const userId = await ctx.userId(email);
    expect(
      (await ctx.request("/api/account", { browser, method: "DELETE", json: { password: PASSWORD, confirmation: "EXCLUIR" } })).status,
    ).toBe(204);
    expect(await ctx.t.db.select().from(consentEvents).where(eq(consentEvents.userId, userId))).toEqual([]);
    expect(await eventsOf(mine)).toHaveLength(3);
  });

  it("joins the gate's acceptance made before signing in to the account; the export lists it (issue 28 item 9)", async () => {
    const browser = new Browser("203.0.113.71");
    const browserId = crypto.randomUUID();
    expect((await send({ browserId, version: CURRENT_CONSENT_VERSION, choices: AGE_GATE_CHOICES }, browser)).status).toBe(201);
    const email = uniqueEmail("portao-depois-conta");
    await ctx.customer(email, browser);
    // Nobody signed in cannot claim a browser's events.
    expect((await ctx.request("/api/consent/join", { json: { browserId } })).status).toBe(401);
    const joined = await ctx.request("/api/consent/join", { browser, json: { browserId } });
    expect(joined.status, await joined.clone().text()).toBe(200);
    expect(await joined.json()).toEqual({ joined: 2 });
    const exported = (await (await ctx.request("/api/account/export", { browser })).json()) as ExportJson;
    expect(exported.consent.map((event) => [event.purpose, event.granted, event.browserId]).sort()).toEqual([
      ["age", true, browserId],
      ["terms", true, browserId],
    ]);
    // Events already tied to an account stay with it: a second account on this browser takes none.
    const other = new Browser("203.0.113.72");
    await ctx.customer(uniqueEmail("outra-conta"), other);
    expect(await (await ctx.request("/api/consent/join", { browser: other, json: { browserId } })).json()).toEqual({ joined: 0 });
    const userId = await ctx.userId(email);
    expect((await eventsOf(browserId)).map((row) => row.userId)).toEqual([userId, userId]);
  });

  it("refuses malformed choices with a Portuguese 400 and stores nothing", async () => {
    const browserId = crypto.randomUUID();
    const cases: Array<[unknown, string]> = [
      [{ version: CURRENT_CONSENT_VERSION, choices: AGE_GATE_CHOICES }, "Identificador do navegador inválido."],
      [{ browserId, version: "1999-01-01", choices: AGE_GATE_CHOICES }, "Versão dos termos desconhecida. Recarregue a página."],
      [
        { browserId, version: CURRENT_CONSENT_VERSION, choices: [{ purpose: "tracking", granted: true }] },
        "Finalidade de consentimento desconhecida.",
      ],
      [{ browserId, version: CURRENT_CONSENT_VERSION, choices: [] }, "Informe ao menos uma escolha."],
      [
        { browserId, version: CURRENT_CONSENT_VERSION, choices: [AGE_GATE_CHOICES[0], AGE_GATE_CHOICES[0]] },
        "Cada finalidade aparece uma vez só.",
      ],
      [{ browserId, version: CURRENT_CONSENT_VERSION, choices: [{ purpose: "age" }] }, "Informe se a finalidade foi aceita."],
    ];
    for (const [body, message] of cases) {
      const response = await send(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as ErrorJson).error.message).toContain(message);
    }
    expect(await eventsOf(browserId)).toEqual([]);
  });

  it(`takes at most ${CONSENT_RATE_RULE.max} requests a minute from one address (429 after)`, async () => {
    const browser = new Browser("198.51.100.77");
    const body = () => ({ browserId: crypto.randomUUID(), version: CURRENT_CONSENT_VERSION, choices: AGE_GATE_CHOICES });
    for (let i = 0; i < CONSENT_RATE_RULE.max; i++) expect((await send(body(), browser)).status).toBe(201);
    const refused = await send(body(), browser);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as ErrorJson).error.code).toBe("rate_limited");
  });
});
