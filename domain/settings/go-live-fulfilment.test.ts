import { beforeAll, describe, expect, it } from "vitest";
import { fulfilmentProfileSchema } from "#domain/settings/fulfilment-profile.ts";
import { saveFulfilmentProfile } from "#domain/settings/fulfilment-profile.server.ts";
import { NO_PROFILE_REASON } from "#domain/settings/fulfilment-readiness.ts";
import { readGoLive } from "#domain/settings/go-live.server.ts";
import { FULFILMENT_PROFILE, makeCustomer } from "#test/builders.ts";
import { setUpTestDatabase, testConfig } from "#test/database.ts";

/*
 * Decision 088: the go-live check lists "Pronta para enviar?" as one item when the shop buys labels
 * from Melhor Envio or issues notes through Focus NFe, and shows nothing new with the defaults (the
 * table, no notes), so a shop that ships by hand opens as before.
 */

const t = setUpTestDatabase();
let ownerId = "";
beforeAll(async () => {
  ownerId = (await makeCustomer(t.db, "Dona")).id;
});

/** The go-live item "Pronta para enviar" of the shop under this configuration; undefined: not listed. */
async function fulfilmentItem(env: Record<string, string>) {
  const report = await readGoLive({ db: t.db, config: testConfig({ DATABASE_URL: t.url, ...env }) });
  return report.items.find((item) => item.id === "fulfilment");
}

describe("the go-live check knows shipping and invoices (decision 088)", () => {
  it("with Melhor Envio lists every open reason as one red item, green once the data and the account are there; with the table, nothing", async () => {
    // The defaults (the table, no notes): a shop that ships by hand opens as before.
    expect(await fulfilmentItem({})).toBeUndefined();
    expect(await fulfilmentItem({ SHIPPING_PROVIDER: "table", INVOICE_PROVIDER: "none" })).toBeUndefined();

    const missing = await fulfilmentItem({ SHIPPING_PROVIDER: "melhorenvio" });
    expect(missing).toMatchObject({ label: "Pronta para enviar", ok: false });
    expect(missing!.detail).toContain(NO_PROFILE_REASON);
    expect(missing!.detail).toContain("O frete está no Melhor Envio, mas a conta não está conectada");
    expect(missing!.detail).toContain("Configurações");

    // A shop that is no ICMS contributor (no IE), shipping with a content declaration.
    const dce = { ...FULFILMENT_PROFILE, shipsWith: "dce" as const, sender: { ...FULFILMENT_PROFILE.sender, stateRegistration: null } };
    await saveFulfilmentProfile(t.services, ownerId, fulfilmentProfileSchema.parse(dce));
    expect(await fulfilmentItem({ SHIPPING_PROVIDER: "melhorenvio", MELHOR_ENVIO_TOKEN: "token-pessoal" })).toMatchObject({
      ok: true,
      detail: "Dados de envio e fiscais completos; Melhor Envio conectado.",
    });
    expect(await fulfilmentItem({ MELHOR_ENVIO_TOKEN: "token-pessoal" })).toBeUndefined();
  });

  it("with Focus NFe says when its token is missing, as the settings screen does", async () => {
    await saveFulfilmentProfile(t.services, ownerId, fulfilmentProfileSchema.parse(FULFILMENT_PROFILE));
    const unconnected = await fulfilmentItem({ INVOICE_PROVIDER: "focusnfe" });
    expect(unconnected?.ok).toBe(false);
    expect(unconnected!.detail).toContain("A Focus NFe não está conectada");
    const connected = await fulfilmentItem({ INVOICE_PROVIDER: "focusnfe", FOCUS_NFE_TOKEN: "token-da-focus" });
    expect(connected!.detail).not.toContain("A Focus NFe não está conectada");
  });
});
