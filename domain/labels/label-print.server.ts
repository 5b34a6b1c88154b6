/**
 * One PDF for the selected orders (issue 30 item 4, decision 078): Melhor Envio's print of every
 * ready label (one public link for them all), then a packing slip per order, joined with pdf-lib.
 * Melhor Envio's link is treated as opaque: when it is not a PDF (some accounts get an HTML page),
 * the first page of ours gives the link instead, and the slips still print.
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import type { AppServices } from "#platform/services.ts";
import { getOrder } from "#domain/orders/order-queries.server.ts";
import { readFulfilmentProfile } from "#domain/settings/fulfilment-profile.server.ts";
import { labelRefused, NEEDS_PROFILE, nothingToPrint } from "#domain/labels/label-errors.ts";
import { liveLabels } from "#domain/labels/buy-labels.server.ts";
import { packingSlipLines } from "#domain/labels/packing-slip.ts";
import { printLink } from "#domain/labels/melhor-envio-shipments.server.ts";
import { ServiceUnavailableError } from "#platform/http/provider-request.ts";

type Services = Pick<AppServices, "config" | "db" | "logger">;

const A4: [number, number] = [595, 842];

/** The bytes at Melhor Envio's print link, or null when it is not a PDF. */
async function labelsPdf(services: Services, url: string): Promise<Uint8Array | null> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(Math.max(services.config.MELHOR_ENVIO_TIMEOUT_MS, 10_000)) });
  } catch (error) {
    throw new ServiceUnavailableError(`print link: ${(error as Error).message}`);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const isPdf = response.ok && bytes.length > 4 && Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-";
  return isPdf ? bytes : null;
}

/** Characters the standard fonts' WinAnsi encoding cannot draw become "?" (accents are fine). */
const winAnsi = (text: string) => text.replace(/[—–]/g, "-").replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, "?");

function drawLines(page: PDFPage, lines: Array<{ text: string; bold?: boolean }>, fonts: { regular: PDFFont; bold: PDFFont }) {
  let y = A4[1] - 60;
  for (const line of lines) {
    const size = line.bold ? 13 : 11;
    if (line.bold && y < A4[1] - 60) y -= 8;
    page.drawText(winAnsi(line.text), { x: 50, y, size, font: line.bold ? fonts.bold : fonts.regular });
    y -= size * 1.6;
  }
}

export async function printLabels(services: Services, orderIds: readonly string[]): Promise<Uint8Array> {
  const ready = (await liveLabels(services, orderIds)).filter(
    (label) => (label.status === "ready" || label.status === "used") && label.shipmentId,
  );
  if (ready.length === 0) throw nothingToPrint();
  const profile = await readFulfilmentProfile(services);
  if (!profile) throw labelRefused(NEEDS_PROFILE);
  const url = await printLink(
    services,
    ready.map((label) => label.shipmentId!),
  ).catch((error: unknown) => {
    if (error instanceof Error && error.name === "LabelRefusal") throw labelRefused(error.message);
    throw error;
  });
  const document = await PDFDocument.create();
  document.setTitle("Etiquetas e listas de separação");
  const fonts = { regular: await document.embedFont(StandardFonts.Helvetica), bold: await document.embedFont(StandardFonts.HelveticaBold) };
  const theirs = await labelsPdf(services, url);
  if (theirs) {
    const source = await PDFDocument.load(theirs);
    for (const page of await document.copyPages(source, source.getPageIndices())) document.addPage(page);
  } else {
    drawLines(
      document.addPage(A4),
      [{ text: "Etiquetas do Melhor Envio", bold: true }, { text: "Abra este endereço para imprimir as etiquetas:" }, { text: url }],
      fonts,
    );
  }
  for (const label of ready) {
    const order = await getOrder(services.db, label.orderId);
    if (!order) continue;
    drawLines(document.addPage(A4), packingSlipLines(order, profile.sender), fonts);
  }
  return document.save();
}
