/**
 * What a paid order delivers besides parcels (issue 19 item 4, decision 030): the e-book through a
 * signed link, and the owner's instructions for courses, the workshop and services. Read by the
 * customer's panel, the download itself and the payment-confirmed e-mail.
 */
import { orderNotFound } from "#domain/errors.ts";
import { count, desc, eq, max, min } from "drizzle-orm";
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";
import { productDownloads } from "#platform/db/tables/delivery.ts";
import { deliverDownloadFile } from "#platform/storage/downloads.ts";
import { simplePdf } from "#platform/pdf/simple-pdf.ts";
import { productDeliverables } from "#domain/catalog/product-lookups.server.ts";
import { DomainError } from "#domain/errors.ts";
import type { DownloadLink, OrderDeliveries } from "#domain/delivery/delivery-schemas.ts";
import { checkDownloadSignature, DOWNLOAD_LINK_HOURS, signDownloadLink } from "#domain/delivery/download-links.server.ts";

type Reader = Pick<Database, "select">;
type OrderStatus = "pending_payment" | "paid" | "preparing" | "shipped" | "delivered" | "cancelled" | "refunded" | "partially_refunded";

/**
 * The order as delivery needs it, read by the caller through domain/orders (orderForDelivery): orders
 * imports this module for the paid order's e-mail, so this one cannot call it back (decision 048).
 * Lines in product-name order.
 */
export type DeliveredOrder = {
  id: string;
  userId: string | null;
  status: OrderStatus;
  number: number;
  lines: { productId: string; productName: string }[];
};

/** Paid and not given back: what was bought is the customer's. */
const DELIVERS = new Set<OrderStatus>(["paid", "preparing", "shipped", "delivered"]);

function stateOf(status: OrderStatus): OrderDeliveries["state"] {
  if (DELIVERS.has(status)) return "available";
  return status === "pending_payment" ? "waiting_payment" : "closed";
}

/** The order's lines whose product has a file or instructions. */
async function deliverableLines(db: Reader, order: Pick<DeliveredOrder, "lines">) {
  const deliverables = await productDeliverables(
    db,
    order.lines.map((line) => line.productId),
  );
  return order.lines.flatMap((line) => {
    const product = deliverables.get(line.productId);
    return product && (product.instructions !== null || product.downloadFile !== null) ? [{ ...line, ...product }] : [];
  });
}

function buyersOrder(order: DeliveredOrder | null, userId: string): DeliveredOrder {
  if (!order || order.userId !== userId) throw orderNotFound();
  return order;
}

/** The panel's view: each deliverable line, with a fresh link (DOWNLOAD_LINK_HOURS) once paid. */
export async function orderDeliveries(
  db: Database,
  config: Config,
  delivered: DeliveredOrder | null,
  userId: string,
): Promise<OrderDeliveries> {
  const order = buyersOrder(delivered, userId);
  const state = stateOf(order.status);
  const lines = await deliverableLines(db, order);
  return {
    state,
    items: lines.map((line) => ({
      productId: line.productId,
      productName: line.productName,
      instructions: state === "available" ? line.instructions : null,
      download:
        state === "available" && line.downloadFile
          ? signDownloadLink(config, { orderId: order.id, productId: line.productId, userId })
          : null,
      downloadable: line.downloadFile !== null,
    })),
  };
}

/** A new link for one file of the buyer's paid order (the panel's "Gerar novo link", the expired page). */
export async function renewDownloadLink(
  db: Database,
  config: Config,
  delivered: DeliveredOrder | null,
  input: { orderId: string; productId: string; userId: string },
): Promise<DownloadLink> {
  const order = buyersOrder(delivered, input.userId);
  const line = (await deliverableLines(db, order)).find((candidate) => candidate.productId === input.productId && candidate.downloadFile);
  if (!line) throw new DomainError("not_found", "download_not_found", "Este pedido não tem arquivo para baixar deste produto.");
  if (order.status === "pending_payment") {
    throw new DomainError("conflict", "download_unavailable", "O download é liberado quando o pagamento for confirmado.");
  }
  if (!DELIVERS.has(order.status)) {
    throw new DomainError(
      "conflict",
      "download_unavailable",
      "Este pedido foi cancelado ou reembolsado: o download não está mais disponível.",
    );
  }
  return signDownloadLink(config, input);
}

export type DownloadCheck =
  /** The file's bytes (the disk, or the placeholder), or a short-lived signed address of the bucket to send the buyer to. */
  | ({ outcome: "serve"; fileName: string; placeholder: boolean } & ({ body: Uint8Array } | { url: string }))
  /** No such order, product or file: the link names nothing. */
  | { outcome: "not_found" }
  /** The order is another account's. */
  | { outcome: "forbidden" }
  /** Not paid, cancelled or refunded. */
  | { outcome: "unavailable"; orderNumber: number; productName: string; status: OrderStatus }
  /** The link's time is up, or it was not made by the shop for this buyer: a new one can be made. */
  | { outcome: "expired" | "invalid"; orderNumber: number; productName: string };

/** Whether `userId` (signed in) may download with this link, and the file when so. */
export async function checkDownload(
  db: Database,
  config: Config,
  order: DeliveredOrder | null,
  input: { orderId: string; productId: string; userId: string; link: { expira: string; assinatura: string } },
  now = Date.now(),
): Promise<DownloadCheck> {
  const line = order?.id === input.orderId ? order.lines.find((candidate) => candidate.productId === input.productId) : undefined;
  const downloadFile = line ? ((await productDeliverables(db, [line.productId])).get(line.productId)?.downloadFile ?? null) : null;
  const row = order && line && downloadFile ? { ...order, productName: line.productName, downloadFile } : null;
  if (!row?.downloadFile) return { outcome: "not_found" };
  if (row.userId !== input.userId) return { outcome: "forbidden" };
  const facts = { orderNumber: row.number, productName: row.productName };
  if (!DELIVERS.has(row.status)) return { outcome: "unavailable", ...facts, status: row.status };
  const signature = checkDownloadSignature(config, input, input.link, now);
  if (signature !== "valid") return { outcome: signature, ...facts };
  const owners = await deliverDownloadFile(config, row.downloadFile);
  // The owner sees which orders downloaded the file (decision 062): written as it is handed out.
  await db.insert(productDownloads).values({ orderId: input.orderId, productId: input.productId });
  if (owners && "url" in owners) return { outcome: "serve", fileName: row.downloadFile, url: owners.url, placeholder: false };
  return {
    outcome: "serve",
    fileName: row.downloadFile,
    body: owners?.body ?? placeholderDocument(row.productName),
    placeholder: !owners,
  };
}

/**
 * Until the owner puts the real file in DATA_DIR/downloads, the buyer gets a real one-page PDF that
 * says so and how the shop will send the final one, rather than an error (decision 030).
 */
export function placeholderDocument(productName: string): Uint8Array {
  return simplePdf(productName, [
    { text: productName, size: 20, bold: true },
    { text: "Obrigado pela sua compra!", size: 14 },
    { text: "Esta é uma cópia provisória: a versão final deste arquivo ainda está sendo publicada pela loja." },
    { text: "Assim que ela estiver disponível, o mesmo link do seu painel (Minha conta > Pedidos) entrega a versão final," },
    { text: "sem custo. Em caso de dúvida, fale com o suporte pelo WhatsApp informando o número do pedido." },
  ]);
}

/** What the payment-confirmed e-mail adds for the order's digital items and services. */
export type DeliveryEmail = { paragraphs: string[]; links: Array<{ label: string; url: string }> };

export async function deliveryEmail(
  db: Reader,
  config: Config,
  order: { id: string; userId: string; lines: DeliveredOrder["lines"] },
): Promise<DeliveryEmail | null> {
  const lines = await deliverableLines(db, order);
  if (lines.length === 0) return null;
  const base = new URL(config.PUBLIC_URL).origin;
  const paragraphs: string[] = [];
  const links: DeliveryEmail["links"] = [];
  for (const line of lines) {
    if (line.downloadFile) {
      const link = signDownloadLink(config, { orderId: order.id, productId: line.productId, userId: order.userId });
      links.push({ label: `Baixar ${line.productName}`, url: `${base}${link.url}` });
      paragraphs.push(
        `${line.productName}: baixe pelo link abaixo. Ele vale por ${DOWNLOAD_LINK_HOURS} horas e só abre na sua conta; depois disso, gere um novo no seu painel, em Pedidos.`,
      );
    }
    if (line.instructions) paragraphs.push(`${line.productName}: ${line.instructions}`);
  }
  return { paragraphs, links };
}

/** One order that downloaded a product's file: when first and last, and how many times. */
export type ProductDownloadRow = { orderId: string; orderNumber: number; firstAt: string; lastAt: string; times: number };

/** The numbers people read of these orders, by id: domain/orders' orderNumbers, passed in (orders imports delivery). */
export type OrderNumbersOf = (db: Reader, orderIds: readonly string[]) => Promise<Map<string, number>>;

/**
 * The orders that downloaded this product's file, the latest first (the owner's list, decision 062).
 * The orders' numbers are read through domain/orders (decision 048); the caller passes its function in.
 */
export async function productDownloadOrders(
  db: Reader,
  productId: string,
  numbersOf: OrderNumbersOf,
  limit = 200,
): Promise<ProductDownloadRow[]> {
  const downloads = await db
    .select({
      orderId: productDownloads.orderId,
      firstAt: min(productDownloads.downloadedAt),
      lastAt: max(productDownloads.downloadedAt),
      times: count(),
    })
    .from(productDownloads)
    .where(eq(productDownloads.productId, productId))
    .groupBy(productDownloads.orderId)
    .orderBy(desc(max(productDownloads.downloadedAt)))
    .limit(limit);
  const numbers = await numbersOf(
    db,
    downloads.map((row) => row.orderId),
  );
  // Only downloads of an order that exists, as the join with the orders did.
  const rows = downloads.flatMap((row) => {
    const orderNumber = numbers.get(row.orderId);
    return orderNumber === undefined ? [] : [{ ...row, orderNumber }];
  });
  return rows.map((row) => ({
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    firstAt: new Date(row.firstAt!).toISOString(),
    lastAt: new Date(row.lastAt!).toISOString(),
    times: Number(row.times),
  }));
}
