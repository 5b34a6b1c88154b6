import { renderToString } from "react-dom/server";
import { MemoryRouter, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { PageError } from "#app/features/shell/page-error.tsx";
import type { PageRefusal } from "#app/lib/page-refusal.ts";

const refusal = (kind: PageRefusal["refusal"]["kind"], message: string): PageRefusal => ({ refusal: { kind, code: "teste", message } });

const render = (error: unknown, refusalTitle?: string) =>
  renderToString(
    <MemoryRouter>
      <PageError error={error} refusalTitle={refusalTitle} />
    </MemoryRouter>,
  );

describe("PageError", () => {
  it("shows a conflict's message under the page's heading, with the way back to the products, not the error screen", () => {
    const html = render(new ErrorResponseImpl(409, "", refusal("conflict", "Seu carrinho está vazio.")), "Finalizar compra");
    expect(html).toContain("Finalizar compra");
    expect(html).toContain("Seu carrinho está vazio.");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Ver produtos<\/a>/);
    expect(html).not.toContain("Ocorreu um erro");
  });

  it("shows the 404 page for not_found and the 403 page for forbidden, with the refusal's message", () => {
    const notFound = render(new ErrorResponseImpl(404, "", refusal("not_found", "Pedido não encontrado.")));
    expect(notFound).toContain("Página não encontrada");
    expect(notFound).toContain("Pedido não encontrado.");
    const forbidden = render(new ErrorResponseImpl(403, "", refusal("forbidden", "Este pedido é de outra conta.")));
    expect(forbidden).toContain("Acesso restrito");
    expect(forbidden).toContain("Este pedido é de outra conta.");
  });

  it("keeps the pages' own texts for the 404 of an unknown address and requireAdmin's 403", () => {
    expect(render(new ErrorResponseImpl(404, "Not Found", null))).toContain("O endereço que você acessou não existe ou mudou de lugar.");
    expect(render(new ErrorResponseImpl(403, "", { reason: "admin_only" }))).toContain("Esta página é só para administradores da loja.");
  });
});
