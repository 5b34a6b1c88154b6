import { describe, expect, it } from "vitest";
import { isOutsideStorefront, maintenancePage } from "#server/http/maintenance-gate.ts";
import { routeTemplates } from "#server/http/server-errors.ts";
import { apiEndpoints } from "#server/http/api-endpoints.ts";

describe("what maintenance mode closes (decision 024)", () => {
  it("leaves the probes, signing in, the admin's pages and API, and the build's files open", () => {
    for (const path of [
      "/healthz",
      "/readyz",
      "/auth",
      "/auth.data",
      "/api/auth/sign-in/email",
      "/admin",
      "/maintenance-panel.data",
      // Their sections' own addresses (decision 047): the switch that turns maintenance off among them.
      "/admin/pedidos",
      "/admin/cupons.data",
      "/maintenance-panel/manutencao",
      "/maintenance-panel/manutencao.data",
      "/api/admin/health",
      "/assets/app-1a2b.js",
      "/favicon.svg",
      "/uploads/x.avif",
    ]) {
      expect(isOutsideStorefront(path), path).toBe(true);
    }
  });

  it("closes every storefront page, its .data and the storefront's API", () => {
    for (const path of [
      "/",
      "/_root.data",
      "/produto/cogumelo-golden-teacher",
      "/cart.data",
      "/checkout",
      "/cliente",
      "/cliente/perfil",
      "/api/cart",
      "/api/cart/items",
      "/api/functions/calculate-price",
      "/api/events",
      "/api/orders/1",
    ]) {
      expect(isOutsideStorefront(path), path).toBe(false);
    }
  });

  it("escapes the admin's message in the page", () => {
    expect(maintenancePage('<script>alert("x")</script> & cia', "Loja Micologia")).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; cia",
    );
  });

  it("is titled with the shop's name the owner saved, escaped (decision 087)", () => {
    expect(maintenancePage("Voltamos já.", "Fungos & Cia")).toContain("<title>Loja em manutenção | Fungos &amp; Cia</title>");
  });
});

describe("the server error log's routes (decision 025)", () => {
  const templateOf = routeTemplates(apiEndpoints);
  it("names an API call by its endpoint's template and a page by its first segment, without ids or slugs", () => {
    expect(templateOf("GET", "/api/orders/0b5d4c5e-7f7a-4c1e-9d7e-1b2c3d4e5f60")).toBe("/api/orders/:id");
    expect(templateOf("POST", "/api/cart/items")).toBe("/api/cart/items");
    expect(templateOf("GET", "/api/nao-existe/123")).toBe("/api/…");
    expect(templateOf("GET", "/produto/cogumelo-golden-teacher")).toBe("/produto/…");
    expect(templateOf("GET", "/cart.data")).toBe("/cart");
    expect(templateOf("GET", "/")).toBe("/");
  });
});
