/**
 * Melhor Envio's four steps of one label, one per job run (decision 078): cart → checkout from the
 * wallet → generate → print. Each step asks Melhor Envio first where the shipment stands, so a run
 * after a crash (the provider answered, our commit never happened) picks up without a second cart
 * item and without paying twice; then it saves the step reached and queues the next one in the same
 * transaction. A refusal fails the label with the owner's message and pushes `label_refused`; no
 * answer throws, and the queue tries again later, until its last try: then the label fails too, with
 * what to do, so the owner never watches "tentando de novo" that no job will ever end (decision 088).
 */
import { ServiceUnavailableError } from "#platform/http/provider-request.ts";
import { isLastAttempt, type JobInfo } from "#platform/jobs/worker.ts";
import type { AppServices } from "#platform/services.ts";
import { authorizedNfeKey } from "#domain/invoices/invoice-keys.server.ts";
import { getOrder } from "#domain/orders/order-queries.server.ts";
import { orderLabel as orderName } from "#domain/orders/order-status.ts";
import { enqueueOwnerPush } from "#domain/push/push-queue.server.ts";
import { HOUR_SECONDS } from "#domain/push/push-messages.ts";
import { readFulfilmentProfile } from "#domain/settings/fulfilment-profile.server.ts";
import { enqueueLabelStep } from "#domain/labels/buy-labels.server.ts";
import { NEEDS_NFE, NEEDS_PROFILE, noAnswerAfter } from "#domain/labels/label-errors.ts";
import { cartBody } from "#domain/labels/label-parcel.server.ts";
import { lockLabel, moveLabel, readLabel, type LabelPatch, type LabelRow } from "#domain/labels/label-store.server.ts";
import {
  addToCart,
  cartItems,
  checkout,
  generate,
  LabelRefusal,
  printLink,
  readShipment,
} from "#domain/labels/melhor-envio-shipments.server.ts";

type Services = Pick<AppServices, "config" | "db" | "logger">;

const SHOP_PLATFORM = "Loja Micologia";

/** What a step did: the label's next step and what to save; "wait": Melhor Envio is not there yet, try later. */
type StepResult = { patch: LabelPatch; note: string; ready?: boolean };

async function cartStep(services: Services, label: LabelRow): Promise<StepResult> {
  const order = await getOrder(services.db, label.orderId);
  const profile = await readFulfilmentProfile(services);
  if (!order?.shippingAddress) throw new LabelRefusal("Este pedido não tem endereço de entrega.");
  if (!profile) throw new LabelRefusal(NEEDS_PROFILE);
  let invoiceKey: string | null = null;
  if (profile.shipsWith === "nfe") {
    invoiceKey = await authorizedNfeKey(services.db, order.id);
    if (!invoiceKey) throw new LabelRefusal(NEEDS_NFE);
  }
  // A run that crashed after POST /cart left its item there, tagged with our order id.
  const already = (await cartItems(services)).find((item) => item.tags?.some((tag) => tag.tag === order.id));
  const shipment =
    already ??
    (await addToCart(
      services,
      await cartBody(services.db, {
        order,
        profile,
        serviceId: label.serviceId,
        invoice: invoiceKey ? { key: invoiceKey } : null,
        shopName: SHOP_PLATFORM,
      }),
    ));
  return {
    patch: {
      step: "checkout",
      shipmentId: shipment.id,
      protocol: shipment.protocol ?? null,
      priceCents: shipment.price == null ? null : Math.round(shipment.price * 100),
      providerStatus: shipment.status,
      invoiceKey,
      nonCommercial: invoiceKey === null,
    },
    note: already ? "Encontrada no carrinho do Melhor Envio (retomada)." : "No carrinho do Melhor Envio.",
  };
}

async function checkoutStep(services: Services, label: LabelRow): Promise<StepResult> {
  const shipment = await readShipment(services, label.shipmentId!);
  if (!shipment || shipment.status === "expired") {
    // Seven days in Melhor Envio's cart and it is gone: start again from the cart (nothing was paid).
    return {
      patch: { step: "cart", shipmentId: null, protocol: null, providerStatus: "expired" },
      note: "O item expirou no carrinho do Melhor Envio: colocado de novo.",
    };
  }
  if (shipment.status === "canceled") throw new LabelRefusal("Esta etiqueta foi cancelada no Melhor Envio: cancele-a aqui e compre outra.");
  // Never pay twice: only a shipment still waiting in the cart is paid.
  if (shipment.status === "pending") await checkout(services, [shipment.id]);
  return {
    patch: { step: "generate", providerStatus: "released" },
    note: shipment.status === "pending" ? "Paga com o saldo da carteira." : "Já estava paga (retomada).",
  };
}

async function generateStep(services: Services, label: LabelRow): Promise<StepResult> {
  const shipment = await readShipment(services, label.shipmentId!);
  if (shipment?.status === "released") await generate(services, [label.shipmentId!]);
  return {
    patch: { step: "print", providerStatus: shipment?.status === "released" ? "generated" : (shipment?.status ?? null) },
    note: "Etiqueta gerada.",
  };
}

async function printStep(services: Services, label: LabelRow): Promise<StepResult> {
  const shipment = await readShipment(services, label.shipmentId!);
  // Generation is asynchronous at Melhor Envio: not generated yet, the queue tries again a bit later.
  if (!shipment || !["generated", "posted", "delivered", "undelivered"].includes(shipment.status)) {
    throw new ServiceUnavailableError(`label ${label.id}: not generated yet (${shipment?.status ?? "missing"})`);
  }
  const url = await printLink(services, [shipment.id]);
  return {
    patch: {
      step: "done",
      printUrl: url,
      providerStatus: shipment.status,
      trackingCode: shipment.tracking ?? shipment.self_tracking ?? null,
    },
    note: "Pronta para imprimir.",
    ready: true,
  };
}

const STEPS = { cart: cartStep, checkout: checkoutStep, generate: generateStep, print: printStep } as const;

/** Records a refusal on the label and tells the owner's phone, in one transaction. */
async function failLabel(services: Services, label: LabelRow, message: string, title = "Etiqueta recusada"): Promise<void> {
  const order = await getOrder(services.db, label.orderId);
  await services.db.transaction(async (tx) => {
    const locked = await lockLabel(tx, label.id);
    if (!locked || (locked.status !== "started" && locked.status !== "in_progress")) return;
    await moveLabel(tx, locked, "failed", { errorMessage: message }, message);
    await enqueueOwnerPush(tx, services, "label_refused", {
      title: `${title}${order ? ` — pedido ${orderName(order.number)}` : ""}`,
      body: message.slice(0, 180),
      path: `/admin/pedidos?order=${label.orderId}`,
      ttlSeconds: 24 * HOUR_SECONDS,
      urgency: "normal",
      topic: `label-${label.id.replace(/-/g, "").slice(0, 24)}`,
    });
  });
}

/**
 * The job: runs the label's current step. Returns the step it ran (null: nothing to do), so tests
 * and the worker alike drive a label to the end. `job` is the worker's count of tries: without it
 * (a test driving steps by hand) no run is the last.
 */
export async function runLabelStep(
  services: Services,
  payload: unknown,
  job?: Pick<JobInfo, "attempt" | "maxAttempts">,
): Promise<string | null> {
  const labelId = (payload as { labelId?: unknown } | null)?.labelId;
  if (typeof labelId !== "string") return null;
  const label = await readLabel(services.db, labelId);
  if (!label || (label.status !== "started" && label.status !== "in_progress") || label.step === "done") return null;
  const step = label.step;
  let result: StepResult;
  try {
    result = await STEPS[step](services, label);
  } catch (error) {
    if (error instanceof LabelRefusal) {
      await failLabel(services, label, error.message);
      return step;
    }
    if (job && isLastAttempt(job)) {
      // No run comes after this one: the label carries the failure (and the way out, "Tentar de
      // novo", which queues a fresh job), so this run ends without throwing.
      services.logger.warn({ err: error, labelId: label.id, step, attempt: job.attempt }, "label step: Melhor Envio never answered");
      await failLabel(services, label, noAnswerAfter(job.maxAttempts), "Etiqueta parada: Melhor Envio sem resposta");
      return step;
    }
    await services.db.transaction(async (tx) => {
      const locked = await lockLabel(tx, label.id);
      if (locked)
        await moveLabel(
          tx,
          locked,
          locked.status === "started" ? "in_progress" : locked.status,
          { attempts: locked.attempts + 1 },
          "Melhor Envio sem resposta: tentando de novo.",
        );
    });
    throw error;
  }
  await services.db.transaction(async (tx) => {
    const locked = await lockLabel(tx, label.id);
    // Cancelled or moved by another run meanwhile: what this run learnt is not ours to save.
    if (!locked || locked.step !== step || (locked.status !== "started" && locked.status !== "in_progress")) return;
    const moved = await moveLabel(
      tx,
      locked,
      result.ready ? "ready" : "in_progress",
      { ...result.patch, attempts: locked.attempts + 1 },
      result.note,
    );
    if (!result.ready) await enqueueLabelStep(tx, moved.id);
  });
  return step;
}
