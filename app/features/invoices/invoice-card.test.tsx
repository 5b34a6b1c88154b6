import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { InvoiceView } from "#domain/invoices/invoice-schemas.ts";
import { InvoiceCard } from "#app/features/invoices/invoice-card.tsx";

const base: InvoiceView = {
  id: "6f1c0c8e-6a7b-4b1f-9d0e-1a2b3c4d5e6f",
  orderId: "0b6f5c1e-9c1d-4a53-8a3e-0d5d2a6f8e11",
  orderNumber: 10042,
  kind: "nfe",
  status: "refused",
  attempt: 1,
  number: null,
  series: null,
  accessKey: null,
  documentUrl: null,
  sefazStatus: "778",
  sefazMessage: "Rejeição: Informado NCM inexistente",
  refusalMessage: "O NCM de um produto não existe na tabela da Receita. Corrija o NCM com o contador.",
  refusalWhere: "NCM do produto (editor do produto → Dados fiscais)",
  attention: null,
  authorizedAt: null,
  cancelledAt: null,
  history: [],
};

const render = (invoice: InvoiceView) =>
  renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <InvoiceCard invoice={invoice} showOrder />
    </QueryClientProvider>,
    // React marks where text pieces join; the owner reads them as one line.
  ).replaceAll("<!-- -->", "");

describe("a note on the owner's screens (issue 30 item 3)", () => {
  it("a refused note says what is wrong, where to fix it, SEFAZ's words, and offers 'Emitir de novo'", () => {
    const html = render(base);
    expect(html).toContain("Recusada: precisa de correção");
    expect(html).toContain("O NCM de um produto não existe na tabela da Receita.");
    expect(html).toContain("Onde corrigir:");
    expect(html).toContain("NCM do produto (editor do produto → Dados fiscais)");
    expect(html).toContain("Rejeição: Informado NCM inexistente");
    expect(html).toContain("Emitir de novo");
    expect(html).toContain('href="/admin/pedidos?order=0b6f5c1e-9c1d-4a53-8a3e-0d5d2a6f8e11"');
  });

  it("an authorized note past the cancel window tells the owner to issue a devolução note, and links the DANFE", () => {
    const html = render({
      ...base,
      status: "authorized",
      number: "123",
      series: "1",
      accessKey: "3".repeat(44),
      documentUrl: "https://api.focusnfe.com.br/arquivos/danfe.pdf",
      refusalMessage: null,
      refusalWhere: null,
      attention: "cancel_window_passed",
    });
    expect(html).toContain("NF-e (produtos) nº 123 (série 1)");
    expect(html).toContain("O prazo de 24 horas para cancelar esta nota passou");
    expect(html).toContain("NF-e de devolução");
    expect(html).toContain("a carta de correção não cancela a nota");
    expect(html).toContain('href="https://api.focusnfe.com.br/arquivos/danfe.pdf"');
    expect(html).not.toContain("Emitir de novo");
  });
});
