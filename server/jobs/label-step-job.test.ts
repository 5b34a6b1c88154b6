import { describe, expect, it } from "vitest";
import type { JobInfo } from "#platform/jobs/worker.ts";
import type { AppServices } from "#platform/services.ts";
import { buyLabel, LABEL_STEP_MAX_ATTEMPTS, LABEL_STEP_TASK } from "#domain/labels/buy-labels.server.ts";
import { runLabelStep } from "#domain/labels/label-steps.server.ts";
import { jobTasks } from "#server/jobs/jobs.ts";
import { makeCustomer } from "#test/builders.ts";
import { setUpLabels } from "#test/labels.ts";
import { ownerPhone, pushesQueuedFor } from "#test/owner-phone.ts";

/*
 * Decision 088: a label step Melhor Envio never answers. The worker hands each run its try number;
 * the label-step task is run here as the worker runs it, try after try, against the local Melhor
 * Envio hanging (past the client's timeout) and then answering 500. The last try must leave the
 * label failed with what to do and the owner's phone told; "Tentar de novo" then finishes it from
 * the step it stopped at, paying nothing twice.
 */

const ctx = setUpLabels();
const { t } = ctx;

/** The label-step task as the worker runs it, on try `attempt` of LABEL_STEP_MAX_ATTEMPTS. */
function runTry(services: AppServices, labelId: string, attempt: number): Promise<void> {
  const job: JobInfo = { id: `job-${attempt}`, attempt, maxAttempts: LABEL_STEP_MAX_ATTEMPTS };
  return jobTasks(services)[LABEL_STEP_TASK]!({ labelId }, job);
}

describe("a label step Melhor Envio never answers (decision 088)", () => {
  it("fails the label on the job's last try with what to do and pushes the owner; Tentar de novo then finishes it without a second payment", async () => {
    const owner = await makeCustomer(t.db, "Dona da loja");
    const services: AppServices = {
      ...ctx.services,
      config: { ...ctx.services.config, ADMIN_EMAILS: [owner.email], MELHOR_ENVIO_TIMEOUT_MS: 150 },
    };
    const phone = await ownerPhone(t.db, owner.id);

    const orderId = await ctx.paidOrder();
    const { label } = await buyLabel(services, owner.id, orderId);
    expect(await runLabelStep(services, { labelId: label!.id })).toBe("cart");
    const shipmentId = (await ctx.labelOf(orderId)).shipmentId!;
    // Melhor Envio took the payment, and its answer was lost: our label still says "checkout".
    const paid = await fetch(`${ctx.fake.url}/api/v2/me/shipment/checkout`, {
      method: "POST",
      headers: { authorization: `Bearer ${ctx.fake.token}`, "user-agent": "Teste (teste@example.com)", "content-type": "application/json" },
      body: JSON.stringify({ orders: [shipmentId] }),
    });
    expect(paid.status).toBe(200);
    const checkouts = ctx.count("POST /shipment/checkout");

    // Then Melhor Envio goes quiet: half the tries hang past the timeout, the rest answer 500.
    try {
      ctx.fake.hang = true;
      for (let attempt = 1; attempt < LABEL_STEP_MAX_ATTEMPTS; attempt += 1) {
        if (attempt > LABEL_STEP_MAX_ATTEMPTS / 2) {
          ctx.fake.hang = false;
          ctx.fake.failWith = 500;
        }
        await expect(runTry(services, label!.id, attempt)).rejects.toThrow();
      }
      const waiting = await ctx.labelOf(orderId);
      expect(waiting.status).toBe("in_progress");
      expect(await pushesQueuedFor(t.db, phone)).toEqual([]);

      await runTry(services, label!.id, LABEL_STEP_MAX_ATTEMPTS);
    } finally {
      ctx.fake.hang = false;
      ctx.fake.failWith = undefined;
    }
    const failed = await ctx.labelOf(orderId);
    expect(failed.status).toBe("failed");
    expect(failed.step).toBe("checkout");
    expect(failed.errorMessage).toBe(
      "Melhor Envio não respondeu depois de 10 tentativas. Confira o status em melhorenvio.com.br e toque em Tentar de novo.",
    );
    expect(await pushesQueuedFor(t.db, phone)).toEqual([
      {
        title: expect.stringContaining("Melhor Envio sem resposta") as string,
        body: "Melhor Envio não respondeu depois de 10 tentativas. Confira o status em melhorenvio.com.br e toque em Tentar de novo.",
      },
    ]);

    // "Tentar de novo" on the order page: the label goes on from the checkout, which finds it paid.
    const resumed = await buyLabel(services, owner.id, orderId);
    expect(resumed.label?.status).toBe("in_progress");
    await ctx.drive(label!.id);
    const ready = await ctx.labelOf(orderId);
    expect(ready.status).toBe("ready");
    expect(ctx.count("POST /shipment/checkout")).toBe(checkouts);
    expect(ctx.fake.balance).toBe(500 - 19.9);
  });
});
