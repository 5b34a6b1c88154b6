import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, productTax } from "#platform/db/tables/invoices.ts";
import type { JobInfo } from "#platform/jobs/worker.ts";
import type { AppServices } from "#platform/services.ts";
import { resendInvoice } from "#domain/invoices/issue-invoices.server.ts";
import { invoiceRef } from "#domain/invoices/invoice-moves.ts";
import { INVOICE_ISSUE_TASK } from "#domain/orders/invoice-tasks.server.ts";
import { fulfilmentProfileSchema } from "#domain/settings/fulfilment-profile.ts";
import { saveFulfilmentProfile } from "#domain/settings/fulfilment-profile.server.ts";
import { jobTasks } from "#server/jobs/jobs.ts";
import { FULFILMENT_PROFILE, KIT, makeCustomer, moveOrderAsAdmin, placedOrder } from "#test/builders.ts";
import { setUpTestDatabase, testConfig } from "#test/database.ts";
import { startFocusNfeFake, type FocusNfeFake } from "#test/fakes/focusnfe-fake.ts";
import { ownerPhone, pushesQueuedFor } from "#test/owner-phone.ts";

/*
 * Decision 088: a paid order's NF-e that Focus NFe never takes. The `invoice-issue` task is run here
 * as the worker runs it, try after try, against the local Focus answering 500. Its last try must not
 * leave the note "Na fila para emissão" for ever: it turns refused with what to do, the owner's phone
 * is told, and "Emitir de novo" sends the same ref once Focus is back (one note, never two).
 */

const ATTEMPTS = 20; // the issue job's tries (domain/orders/invoice-tasks.server.ts)
const NO_ANSWER = "A Focus NFe não respondeu depois de 20 tentativas. Confira a nota no painel da Focus NFe e toque em Emitir de novo.";

const t = setUpTestDatabase();
let focus: FocusNfeFake;
let services: AppServices;
let ownerId = "";

beforeAll(async () => {
  focus = await startFocusNfeFake();
  const owner = await makeCustomer(t.db, "Dona da loja");
  ownerId = owner.id;
  services = {
    ...t.services,
    config: testConfig({
      DATABASE_URL: t.url,
      INVOICE_PROVIDER: "focusnfe",
      FOCUS_NFE_URL: focus.url,
      FOCUS_NFE_TOKEN: focus.token,
      ADMIN_EMAILS: owner.email,
    }),
  };
  await saveFulfilmentProfile(services, ownerId, fulfilmentProfileSchema.parse(FULFILMENT_PROFILE));
  await t.db.insert(productTax).values({ productId: KIT, ncm: "07123900", cfop: "5102", origin: 0, icmsCode: "102" });
});

afterAll(async () => {
  await focus?.close();
});

function runTry(orderId: string, attempt: number): Promise<void> {
  const job: JobInfo = { id: `job-${attempt}`, attempt, maxAttempts: ATTEMPTS };
  return jobTasks(services)[INVOICE_ISSUE_TASK]!({ orderId }, job);
}

async function noteOf(orderId: string) {
  const [row] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row!;
}

describe("an NF-e Focus NFe never answers (decision 088)", () => {
  it("turns refused on the job's last try with what to do and tells the owner; 'Emitir de novo' then sends the same ref once", async () => {
    const phone = await ownerPhone(t.db, ownerId);
    const orderId = await placedOrder(services, await makeCustomer(t.db), 4);
    await moveOrderAsAdmin(services, orderId, "paid");
    // The phone also heard of the sale: only the notes' news counts here.
    const notePushes = async () => (await pushesQueuedFor(t.db, phone)).filter((push) => push.title.startsWith("Nota fiscal"));

    try {
      focus.failWith = 500;
      for (let attempt = 1; attempt < ATTEMPTS; attempt += 1) await expect(runTry(orderId, attempt)).rejects.toThrow();
      expect((await noteOf(orderId)).status).toBe("requested");
      expect(await notePushes()).toEqual([]);
      await runTry(orderId, ATTEMPTS);
    } finally {
      focus.failWith = undefined;
    }
    const refused = await noteOf(orderId);
    expect(refused.status).toBe("refused");
    expect(refused.refusalMessage).toBe(NO_ANSWER);
    expect(await notePushes()).toEqual([{ title: expect.stringContaining("Focus NFe sem resposta") as string, body: NO_ANSWER }]);

    // Focus is back: the owner taps "Emitir de novo", and the queued job sends the same ref.
    expect((await resendInvoice(services, refused.id, ownerId)).status).toBe("requested");
    await runTry(orderId, 1);
    expect((await noteOf(orderId)).status).toBe("processing");
    expect(focus.posts.get(invoiceRef(orderId, "nfe"))).toBe(1);
  });
});
