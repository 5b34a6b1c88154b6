import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_PROFILE_REASON } from "#domain/settings/fulfilment-readiness.ts";
import { type AuthTestContext, Browser, createAuthTestContext, uniqueEmail } from "#test/auth-helpers.ts";
import { auditEntries } from "#test/audit.ts";
import { FULFILMENT_PROFILE as SENDER } from "#test/builders.ts";

/*
 * The shop's shipping and tax data on the owner's settings screen (issue 30 item 2, decision 074):
 * GET/PUT /api/admin/settings/fulfilment, validated on the server (check digits, CEP, UF, phone),
 * refusals in Portuguese, and "Pronta para enviar?" answered with every save.
 */

let ctx: AuthTestContext;
let owner: Browser;
let customer: Browser;

beforeAll(async () => {
  ctx = await createAuthTestContext({ SHIPPING_PROVIDER: "melhorenvio", INVOICE_PROVIDER: "none" });
  const ownerEmail = uniqueEmail("dono-envio");
  await ctx.makeAdmin(ownerEmail);
  owner = await ctx.customer(ownerEmail);
  customer = await ctx.customer(uniqueEmail("cliente-envio"));
});

afterAll(async () => {
  await ctx?.close();
});

type Answer = {
  profile: { sender: { document: string; phone: string; address: { cep: string; state: string } } } | null;
  readiness: { ready: boolean; reasons: string[] };
};

const save = (body: unknown, browser = owner) => ctx.request("/api/admin/settings/fulfilment", { method: "PUT", browser, json: body });

describe("the shop's shipping and tax data", () => {
  it("starts empty, and the shop is not ready to ship, saying why", async () => {
    const response = await ctx.request("/api/admin/settings/fulfilment", { browser: owner });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Answer;
    expect(answer.profile).toBeNull();
    expect(answer.readiness.ready).toBe(false);
    expect(answer.readiness.reasons[0]).toBe(NO_PROFILE_REASON);
  });

  it("refuses wrong check digits, CEP, UF and phone, in Portuguese, and saves nothing", async () => {
    const wrong = {
      ...SENDER,
      sender: {
        ...SENDER.sender,
        document: "11.222.333/0001-82",
        phone: "1234",
        address: { ...SENDER.sender.address, cep: "00000-000", state: "PS" },
      },
    };
    const response = await save(wrong);
    expect(response.status).toBe(400);
    const { message } = ((await response.json()) as { error: { message: string } }).error;
    expect(message).toContain("CPF ou CNPJ inválido: confira os dígitos verificadores.");
    expect(message).toContain("Telefone inválido");
    expect(message).toContain("UF inválida: use a sigla, ex.: SP.");
    expect(message).toMatch(/CEP/);
    const after = (await (await ctx.request("/api/admin/settings/fulfilment", { browser: owner })).json()) as Answer;
    expect(after.profile).toBeNull();
  });

  it("saves a valid profile as digits, audited, and says what is still missing", async () => {
    const response = await save(SENDER);
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = (await response.json()) as Answer;
    expect(answer.profile!.sender).toMatchObject({
      document: "11222333000181",
      phone: "1134567890",
      address: { cep: "04538133", state: "SP" },
    });
    expect(answer.readiness).toEqual({
      ready: false,
      reasons: [
        "Você escolheu enviar com NF-e, mas a loja não emite notas: configure INVOICE_PROVIDER=focusnfe (e o token da Focus NFe) ou escolha DC-e.",
        "O frete está no Melhor Envio, mas a conta não está conectada: conecte-a (ou informe o token pessoal). Enquanto isso, o frete sai da sua tabela e não há etiquetas.",
      ],
    });
    const [entry] = await auditEntries(ctx, owner, "settings", "loja");
    expect(entry).toMatchObject({ action: "settings.fulfilment_update" });
  });

  it("is the owner's only: a customer gets 403 and a visitor 401", async () => {
    expect((await ctx.request("/api/admin/settings/fulfilment", { browser: customer })).status).toBe(403);
    expect((await save(SENDER, customer)).status).toBe(403);
    expect((await ctx.request("/api/admin/settings/fulfilment", { browser: new Browser() })).status).toBe(401);
  });
});
