/**
 * What the label tests share (issue 30 items 4 and 5): a local Melhor Envio, the shop's services
 * pointed at it, the shop's fulfilment profile, paid orders that ship, and a way to run a label's
 * jobs as the worker would.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { labels } from "#platform/db/tables/labels.ts";
import type { AppServices } from "#platform/services.ts";
import { fulfilmentProfileSchema, type FulfilmentProfileInput } from "#domain/settings/fulfilment-profile.ts";
import { saveFulfilmentProfile } from "#domain/settings/fulfilment-profile.server.ts";
import { buyLabel } from "#domain/labels/buy-labels.server.ts";
import { runLabelStep } from "#domain/labels/label-steps.server.ts";
import { makeCustomer, moveOrderAsAdmin, placedOrder } from "#test/builders.ts";
import { setUpTestDatabase, testConfig, type TestDatabase } from "#test/database.ts";
import { startMelhorEnvioFake, type MelhorEnvioFake } from "#test/fakes/melhorenvio-fake.ts";
import { FULFILMENT_PROFILE } from "#test/builders.ts";

/** The builders' shop (test/builders.ts), shipping with a content declaration: no NF-e needed. */
export const SHOP_PROFILE: FulfilmentProfileInput = { ...FULFILMENT_PROFILE, shipsWith: "dce" };

export type LabelsContext = {
  readonly t: Omit<TestDatabase, "close">;
  readonly fake: MelhorEnvioFake;
  readonly services: AppServices;
  readonly ownerId: string;
  /** A paid order of the kit (it ships, PAC), as the admin confirms it. */
  paidOrder(): Promise<string>;
  /** Runs the label's jobs as the worker would, until none is left to run. */
  drive(labelId: string): Promise<void>;
  /** A paid order's label bought and driven to "ready". */
  readyLabel(): Promise<typeof labels.$inferSelect>;
  labelOf(orderId: string): Promise<typeof labels.$inferSelect>;
  /** How many times Melhor Envio received "METHOD /path". */
  count(call: string): number;
};

/** Call at the top of a test file: the database, the fake (wallet of R$ 500 before each test) and the profile (DC-e). */
export function setUpLabels(): LabelsContext {
  const t = setUpTestDatabase();
  let fake: MelhorEnvioFake | undefined;
  let services: AppServices | undefined;
  let ownerId = "";
  beforeAll(async () => {
    fake = await startMelhorEnvioFake();
    services = {
      ...t.services,
      config: testConfig({
        DATABASE_URL: t.url,
        MELHOR_ENVIO_URL: fake.url,
        MELHOR_ENVIO_TOKEN: fake.token,
        MELHOR_ENVIO_CLIENT_SECRET: fake.clientSecret,
      }),
    };
    ownerId = (await makeCustomer(t.db, "Dona")).id;
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(async () => {
    fake!.balance = 500;
    await saveFulfilmentProfile(services!, ownerId, fulfilmentProfileSchema.parse(SHOP_PROFILE));
  });
  const context: LabelsContext = {
    t,
    get fake() {
      return fake!;
    },
    get services() {
      return services!;
    },
    get ownerId() {
      return ownerId;
    },
    async paidOrder() {
      const customer = await makeCustomer(t.db);
      const orderId = await placedOrder(services!, customer, 4);
      await moveOrderAsAdmin(services!, orderId, "paid");
      return orderId;
    },
    async drive(labelId) {
      for (let run = 0; run < 10; run += 1) if ((await runLabelStep(services!, { labelId })) === null) return;
    },
    async readyLabel() {
      const orderId = await context.paidOrder();
      const { label } = await buyLabel(services!, ownerId, orderId);
      await context.drive(label!.id);
      return context.labelOf(orderId);
    },
    async labelOf(orderId) {
      const [row] = await t.db.select().from(labels).where(eq(labels.orderId, orderId));
      return row!;
    },
    count: (call) => fake!.calls.filter((entry) => entry === call).length,
  };
  return context;
}
