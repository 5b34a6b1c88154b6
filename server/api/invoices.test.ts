import { and, eq, sql } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceHistory, invoices, productTax } from "#platform/db/tables/invoices.ts";
import { productUuid } from "#domain/catalog/product-slugs.ts";
import { authorizedNfeKey } from "#domain/invoices/invoice-keys.server.ts";
import { cancelOrderInvoices } from "#domain/invoices/cancel-invoices.server.ts";
import { issueOrderInvoices } from "#domain/invoices/issue-invoices.server.ts";
import { invoiceRef } from "#domain/invoices/invoice-moves.ts";
import { FOCUS_WEBHOOK_HEADER } from "#domain/invoices/invoice-webhook.server.ts";
import { saveFulfilmentProfile } from "#domain/settings/fulfilment-profile.server.ts";
import { fulfilmentProfileSchema } from "#domain/settings/fulfilment-profile.ts";
import { type AuthTestContext, type Browser, createAuthTestContext, uniqueEmail } from "#test/auth-helpers.ts";
import { checkOut, giveCart } from "#test/builders.ts";
import { startFocusNfeFake, type FocusNfeFake } from "#test/fakes/focusnfe-fake.ts";
import { serveOnLoopback } from "#test/fakes/serve.ts";
import { linksIn } from "#test/mail-server.ts";
import { testConfig } from "#test/database.ts";
import { providerConnections } from "#platform/db/tables/connections.ts";
import { readAtFocus } from "#domain/invoices/focus-nfe-client.server.ts";

/*
 * Issue 30 item 3: a paid order's NF-e and NFS-e through Focus NFe's local fake, which speaks its
 * wire format (Basic auth, 202 then authorized or refused, the hook with its header, DELETE within
 * 24 h). The shop runs its real job worker: the paid move queues the issue job, the worker calls
 * Focus, the fake's hook reaches the shop over HTTP, and the customer's e-mail goes through SMTP.
 */

const KIT = 4;
const CONSULTORIA = 101;
const SECRET = "segredo-do-gatilho-da-focus-123";
let ctx: AuthTestContext;
let focus: FocusNfeFake;
let front: { url: string; close(): Promise<void> };
let owner: Browser;
let ownerId: string;

const profile = fulfilmentProfileSchema.parse({
  sender: {
    name: "Loja Micologia Ltda",
    phone: "(31) 98888-7777",
    email: "notas@lojamicologia.example",
    document: "11.222.333/0001-81",
    stateRegistration: "0012345670012",
    municipalRegistration: "1234567",
    address: {
      cep: "30140-071",
      street: "Avenida Brasil",
      number: "10",
      complement: "",
      district: "Funcionários",
      city: "Belo Horizonte",
      state: "MG",
      cityIbgeCode: "3106200",
    },
  },
  taxRegime: "simples_nacional",
  shipsWith: "nfe",
});

async function until<T>(read: () => Promise<T | null | undefined | false>, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function noteOf(orderId: string, kind: "nfe" | "nfse") {
  const [row] = await ctx.t.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind)));
  return row ?? null;
}

const noteIn = (orderId: string, kind: "nfe" | "nfse", status: string) =>
  until(async () => {
    const row = await noteOf(orderId, kind);
    return row?.status === status ? row : null;
  }, `${kind} ${status}`);

async function setTax(numericId: number, values: Partial<typeof productTax.$inferInsert>) {
  const productId = productUuid(numericId);
  await ctx.t.db
    .insert(productTax)
    .values({ productId, ...values })
    .onConflictDoUpdate({ target: productTax.productId, set: values });
}

/** A customer's paid order of `numericId`, placed and confirmed through the API (the worker then issues its notes). */
async function paidOrder(numericId: number, label = "cliente-nota"): Promise<{ orderId: string; customer: Browser; email: string }> {
  const email = uniqueEmail(label);
  const customer = await ctx.customer(email);
  await giveCart(ctx.t.db, await ctx.userId(email), numericId);
  let orderId: string;
  if (numericId === KIT) orderId = await checkOut(ctx, customer);
  else {
    const placed = await ctx.request("/api/checkout/orders", {
      browser: customer,
      json: { idempotencyKey: crypto.randomUUID(), confirmAdult: true, acceptTerms: true },
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    orderId = ((await placed.json()) as { orderId: string }).orderId;
  }
  const paid = await ctx.request(`/api/admin/orders/${orderId}/confirm-payment`, { browser: owner, json: {} });
  expect(paid.status, await paid.clone().text()).toBe(200);
  return { orderId, customer, email };
}

/** A paid order of the kit (its tax data filled in) whose NF-e SEFAZ authorized, at `at` when given. */
async function kitWithAuthorizedNote(at?: Date): Promise<{ orderId: string; ref: string }> {
  await setTax(KIT, { ncm: "07123900", cfop: "5102", origin: 0, icmsCode: "102" });
  const { orderId } = await paidOrder(KIT);
  const ref = invoiceRef(orderId, "nfe");
  await noteIn(orderId, "nfe", "processing");
  await focus.authorize(ref, at ? { at } : undefined);
  await noteIn(orderId, "nfe", "authorized");
  return { orderId, ref };
}

const hook = (ref: string, secret: string | null = SECRET) =>
  fetch(`${front.url}/api/invoices/focusnfe/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(secret === null ? {} : { [FOCUS_WEBHOOK_HEADER]: secret }) },
    body: JSON.stringify({ ref, status: "autorizado" }),
  });

beforeAll(async () => {
  focus = await startFocusNfeFake();
  ctx = await createAuthTestContext({
    INVOICE_PROVIDER: "focusnfe",
    FOCUS_NFE_URL: focus.url,
    FOCUS_NFE_TOKEN: focus.token,
    FOCUS_NFE_WEBHOOK_SECRET: SECRET,
  });
  front = await serveOnLoopback(ctx.app as unknown as Hono);
  // The hooks as the owner registers them at Focus, the secret in the header the shop checks.
  await focus.registerHooks(`${front.url}/api/invoices/focusnfe/webhook`, profile.sender.document, SECRET);
  const ownerEmail = uniqueEmail("dona-notas");
  await ctx.makeAdmin(ownerEmail);
  owner = await ctx.customer(ownerEmail);
  ownerId = await ctx.userId(ownerEmail);
  await saveFulfilmentProfile(ctx.t.services, ownerId, profile);
});

afterAll(async () => {
  await front?.close();
  await ctx?.close();
  await focus?.close();
});

describe("NF-e of a paid order with goods", () => {
  it("is refused before SEFAZ while the product has no NCM; after the owner fills it in, 'Emitir de novo' sends it with the same ref, and the customer gets the DANFE by link and e-mail", async () => {
    await ctx.t.db.delete(productTax).where(eq(productTax.productId, productUuid(KIT)));
    const { orderId, customer, email } = await paidOrder(KIT);

    const refused = await noteIn(orderId, "nfe", "refused");
    expect(refused.refusalField).toBe("ncm");
    expect(refused.refusalMessage).toMatch(/Falta o NCM de ".+"\. Preencha os dados fiscais no editor do produto\./);
    expect(focus.posts.get(invoiceRef(orderId, "nfe")) ?? 0, "nothing went to Focus with a guess").toBe(0);

    const toFix = (await (await ctx.request("/api/admin/invoices/to-fix", { browser: owner })).json()) as {
      invoices: Array<{ id: string; refusalWhere: string | null }>;
    };
    expect(toFix.invoices.find((item) => item.id === refused.id)?.refusalWhere).toContain("editor do produto");

    // The owner fills the tax data in the product editor's panel: a wrong NCM is refused in Portuguese.
    const wrong = await ctx.request(`/api/admin/products/${productUuid(KIT)}/tax`, {
      browser: owner,
      method: "PUT",
      json: { ncm: "0712", cfop: "5102", origin: 0, icmsCode: "102", serviceCode: "" },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toContain("NCM inválido: são 8 dígitos");
    const saved = await ctx.request(`/api/admin/products/${productUuid(KIT)}/tax`, {
      browser: owner,
      method: "PUT",
      json: { ncm: "0712.39.00", cfop: "5102", origin: 0, icmsCode: "102", serviceCode: "" },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await saved.json()) as { missing: string[] }).missing).toEqual([]);

    const resent = await ctx.request(`/api/admin/invoices/${refused.id}/resend`, { browser: owner, json: {} });
    expect(resent.status, await resent.clone().text()).toBe(200);
    const processing = await noteIn(orderId, "nfe", "processing");
    expect(processing.attempt).toBe(2);
    const ref = invoiceRef(orderId, "nfe");
    expect(processing.ref).toBe(ref);
    const sent = focus.notes.get(ref)!.body as { items: Array<Record<string, unknown>>; uf_destinatario: string; local_destino: number };
    // The customer lives in SP, the shop in MG: an interstate sale (6102), freight on the items.
    expect(sent.local_destino).toBe(2);
    expect(sent.items[0]).toMatchObject({ codigo_ncm: "07123900", cfop: "6102", icms_situacao_tributaria: "102" });
    expect(sent.items.reduce((sum, item) => sum + Number(item.valor_frete ?? 0), 0)).toBeGreaterThan(0);

    // Nothing for the customer before SEFAZ answers.
    const before = await ctx.request(`/api/orders/${orderId}/invoices`, { browser: customer });
    expect(await before.json()).toEqual({ invoices: [] });

    const answer = await focus.authorize(ref);
    const authorized = await noteIn(orderId, "nfe", "authorized");
    expect(authorized.accessKey).toBe(String(answer.chave_nfe).slice(3));
    expect(authorized.documentUrl).toBe(`${focus.url}${String(answer.caminho_danfe)}`);
    expect(await authorizedNfeKey(ctx.t.db, orderId), "labels read the 44 digits").toMatch(/^\d{44}$/);

    const links = await ctx.request(`/api/orders/${orderId}/invoices`, { browser: customer });
    expect(((await links.json()) as { invoices: Array<{ documentUrl: string }> }).invoices[0]!.documentUrl).toBe(authorized.documentUrl);
    // Another customer does not see it.
    const stranger = await ctx.customer(uniqueEmail("outra"));
    expect((await ctx.request(`/api/orders/${orderId}/invoices`, { browser: stranger })).status).toBe(404);

    const mail = await ctx.mail.waitFor(email, (m) => m.subject.includes("Sua nota fiscal"));
    expect(linksIn(mail)).toContain(authorized.documentUrl);
  });

  it("a SEFAZ refusal is shown in Portuguese with the field to fix, and after the fix the same ref is sent again and authorized", async () => {
    await setTax(KIT, { ncm: "07123900", cfop: "5102", origin: 0, icmsCode: "102" });
    const { orderId } = await paidOrder(KIT);
    const ref = invoiceRef(orderId, "nfe");
    await noteIn(orderId, "nfe", "processing");

    await focus.refuse(ref, "778", "Rejeição: Informado NCM inexistente");
    const refused = await noteIn(orderId, "nfe", "refused");
    expect(refused.refusalField).toBe("ncm");
    expect(refused.refusalMessage).toBe("O NCM de um produto não existe na tabela da Receita. Corrija o NCM com o contador.");
    expect(refused.sefazMessage).toBe("Rejeição: Informado NCM inexistente");

    const view = (await (await ctx.request(`/api/admin/orders/${orderId}/invoices`, { browser: owner })).json()) as {
      invoices: Array<{ status: string; refusalWhere: string }>;
    };
    expect(view.invoices[0]).toMatchObject({ status: "refused", refusalWhere: "NCM do produto (editor do produto → Dados fiscais)" });

    await setTax(KIT, { ncm: "07123100" });
    expect((await ctx.request(`/api/admin/invoices/${refused.id}/resend`, { browser: owner, json: {} })).status).toBe(200);
    await noteIn(orderId, "nfe", "processing");
    expect(focus.posts.get(ref)).toBe(2);
    expect((focus.notes.get(ref)!.body as { items: Array<{ codigo_ncm: string }> }).items[0]!.codigo_ncm).toBe("07123100");
    await focus.authorize(ref);
    await noteIn(orderId, "nfe", "authorized");

    // Only a refused note goes again.
    const again = await ctx.request(`/api/admin/invoices/${refused.id}/resend`, { browser: owner, json: {} });
    expect(again.status).toBe(409);
  });

  it("a retry never makes a second note: a crash after Focus accepted the POST sends the same ref, and Focus' 'already there' is read back", async () => {
    await setTax(KIT, { ncm: "07123900", cfop: "5102", origin: 0, icmsCode: "102" });
    const { orderId } = await paidOrder(KIT);
    const ref = invoiceRef(orderId, "nfe");
    await noteIn(orderId, "nfe", "processing");
    // The process died between Focus' 202 and our commit: the row still says "requested".
    await ctx.t.db.update(invoices).set({ status: "requested" }).where(eq(invoices.ref, ref));

    await issueOrderInvoices(ctx.t.services, orderId);
    await issueOrderInvoices(ctx.t.services, orderId);
    expect(focus.posts.get(ref), "one retry reached Focus, the next found the note processing").toBe(2);
    expect([...focus.notes.keys()].filter((key) => key === ref)).toHaveLength(1);
    expect((await noteOf(orderId, "nfe"))!.status).toBe("processing");
  });
});

describe("Focus NFe's hook", () => {
  it("refuses a call without the secret header or with another secret, changing nothing", async () => {
    await setTax(KIT, { ncm: "07123900", cfop: "5102", origin: 0, icmsCode: "102" });
    const { orderId } = await paidOrder(KIT);
    const ref = invoiceRef(orderId, "nfe");
    await noteIn(orderId, "nfe", "processing");
    await focus.authorize(ref, { notify: false });

    for (const secret of [null, "segredo-forjado-por-alguem-000", ""]) {
      const forged = await hook(ref, secret);
      expect(forged.status).toBe(401);
      expect(((await forged.json()) as { error: { message: string } }).error.message).toBe(
        "Notificação recusada: token do gatilho inválido.",
      );
    }
    expect((await noteOf(orderId, "nfe"))!.status).toBe("processing");
  });

  it("the same hook five times at once moves the note once (one history entry, one e-mail)", async () => {
    await setTax(KIT, { ncm: "07123900", cfop: "5102", origin: 0, icmsCode: "102" });
    const { orderId, email } = await paidOrder(KIT);
    const ref = invoiceRef(orderId, "nfe");
    const note = await noteIn(orderId, "nfe", "processing");
    await focus.authorize(ref, { notify: false });

    const answers = await Promise.all(Array.from({ length: 5 }, () => hook(ref)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const entries = await ctx.t.db
      .select()
      .from(invoiceHistory)
      .where(and(eq(invoiceHistory.invoiceId, note.id), eq(invoiceHistory.toStatus, "authorized")));
    expect(entries).toHaveLength(1);
    await ctx.mail.waitFor(email, (m) => m.subject.includes("Sua nota fiscal"));
    const logged = await ctx.t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from email_log where recipient = ${email} and subject like 'Sua nota fiscal%'`,
    );
    expect(logged.rows[0]!.count).toBe(1);
  });
});

describe("Cancelling", () => {
  it("cancelling the order within 24 h cancels the NF-e at Focus with a justification", async () => {
    const { orderId, ref } = await kitWithAuthorizedNote();

    const cancelled = await ctx.request(`/api/admin/orders/${orderId}/cancel`, {
      browser: owner,
      json: { reason: "Cliente desistiu antes do envio" },
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const row = await noteIn(orderId, "nfe", "cancelled");
    expect(row.sefazStatus).toBe("135");
    expect(focus.notes.get(ref)!.status).toBe("cancelado");
    expect(focus.calls).toContain(`DELETE /v2/nfe/${ref}`);
    expect(await authorizedNfeKey(ctx.t.db, orderId), "a cancelled note's key is no label's").toBeNull();
  });

  it("after 24 h the note stands and the owner is told to issue a devolução note (no DELETE sent)", async () => {
    const { orderId, ref } = await kitWithAuthorizedNote();

    await cancelOrderInvoices(ctx.t.services, orderId, new Date(Date.now() + 25 * 60 * 60_000));
    expect(focus.calls).not.toContain(`DELETE /v2/nfe/${ref}`);
    const view = (await (await ctx.request(`/api/admin/orders/${orderId}/invoices`, { browser: owner })).json()) as {
      invoices: Array<{ status: string; attention: string }>;
    };
    expect(view.invoices[0]).toMatchObject({ status: "authorized", attention: "cancel_window_passed" });
    const toFix = (await (await ctx.request("/api/admin/invoices/to-fix", { browser: owner })).json()) as {
      invoices: Array<{ orderId: string }>;
    };
    expect(toFix.invoices.map((item) => item.orderId)).toContain(orderId);
  });

  it("when SEFAZ refuses the cancel (its own clock past 24 h), the note is flagged with SEFAZ's message", async () => {
    const { orderId } = await kitWithAuthorizedNote(new Date(Date.now() - 25 * 60 * 60_000));

    await cancelOrderInvoices(ctx.t.services, orderId);
    const row = (await noteOf(orderId, "nfe"))!;
    expect(row).toMatchObject({ status: "authorized", attention: "cancel_refused" });
    expect(row.sefazMessage).toContain("Prazo de Cancelamento");
  });

  it("a partial refund keeps the note (SEFAZ cancels none in part) and tells the owner to issue a devolução note", async () => {
    const { orderId, ref } = await kitWithAuthorizedNote();

    const refunded = await ctx.request(`/api/admin/orders/${orderId}/refund`, {
      browser: owner,
      json: { amountCents: 1_000, note: "Um item voltou" },
    });
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    const flagged = await until(async () => {
      const row = await noteOf(orderId, "nfe");
      return row?.attention ? row : null;
    }, "the note flagged");
    expect(flagged).toMatchObject({ status: "authorized", attention: "partial_refund" });
    expect(focus.calls).not.toContain(`DELETE /v2/nfe/${ref}`);
    const toFix = (await (await ctx.request("/api/admin/invoices/to-fix", { browser: owner })).json()) as {
      invoices: Array<{ orderId: string }>;
    };
    expect(toFix.invoices.map((item) => item.orderId)).toContain(orderId);
  });

  it("a note SEFAZ authorizes after the cancel job gave up waiting is cancelled all the same, and the customer is not sent it", async () => {
    await setTax(KIT, { ncm: "07123900", cfop: "5102", origin: 0, icmsCode: "102" });
    const { orderId, email } = await paidOrder(KIT);
    const ref = invoiceRef(orderId, "nfe");
    await noteIn(orderId, "nfe", "processing");
    const cancelled = await ctx.request(`/api/admin/orders/${orderId}/cancel`, { browser: owner, json: { reason: "Cliente desistiu" } });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    // The cancel job finds the note still at SEFAZ, fails, and (as after its last try) is given up.
    const job = await until(async () => {
      const found = await ctx.t.db.execute<{ id: string }>(
        sql`select id::text from graphile_worker.jobs where key = ${`invoice-cancel-${orderId}`} and attempts >= 1 and locked_at is null`,
      );
      return found.rows[0];
    }, "the cancel job's first failed try");
    await ctx.t.db.execute(sql`select graphile_worker.permanently_fail_jobs(array[${job.id}]::bigint[], 'gave up waiting for SEFAZ')`);

    await focus.authorize(ref);
    await noteIn(orderId, "nfe", "cancelled");
    expect(focus.calls).toContain(`DELETE /v2/nfe/${ref}`);
    const sent = await ctx.t.db.execute<{ count: number }>(
      sql`select count(*)::int as count from email_log where recipient = ${email} and subject like 'Sua nota fiscal%'`,
    );
    expect(sent.rows[0]!.count, "no note e-mailed for a sale undone").toBe(0);
  });
});

describe("NFS-e Nacional for a service", () => {
  it("a paid consultoria gets an NFS-e (POST /v2/nfsen) with the service code, and the customer gets the DANFSe", async () => {
    await setTax(CONSULTORIA, { serviceCode: "170101" });
    const { orderId, customer } = await paidOrder(CONSULTORIA, "cliente-servico");
    const processing = await noteIn(orderId, "nfse", "processing");
    expect(await noteOf(orderId, "nfe"), "no NF-e: nothing travels").toBeNull();
    const sent = focus.notes.get(processing.ref)!;
    expect(sent.type).toBe("nfsen");
    expect(sent.body).toMatchObject({
      codigo_tributacao_nacional_iss: "170101",
      cnpj_prestador: "11222333000181",
      codigo_municipio_emissora: 3106200,
      codigo_opcao_simples_nacional: 3,
    });

    const answer = await focus.authorize(processing.ref);
    const authorized = await noteIn(orderId, "nfse", "authorized");
    expect(authorized.documentUrl).toBe(answer.url_danfse);
    const links = (await (await ctx.request(`/api/orders/${orderId}/invoices`, { browser: customer })).json()) as {
      invoices: Array<{ kind: string; documentUrl: string }>;
    };
    expect(links.invoices).toEqual([expect.objectContaining({ kind: "nfse", documentUrl: answer.url_danfse })]);
  });
});

describe("Focus NFe's health", () => {
  it("a token Focus refuses is the health panel's last error", async () => {
    const wrong = {
      ...ctx.t.services,
      config: testConfig({
        DATABASE_URL: ctx.t.url,
        INVOICE_PROVIDER: "focusnfe",
        FOCUS_NFE_URL: focus.url,
        FOCUS_NFE_TOKEN: "token-errado",
      }),
    };
    expect((await readAtFocus(wrong, "nfe", "qualquer")).status).toBe(403);
    const [row] = await ctx.t.db.select().from(providerConnections).where(eq(providerConnections.provider, "focusnfe"));
    expect(row?.lastError).toContain("HTTP 403");
  });
});
