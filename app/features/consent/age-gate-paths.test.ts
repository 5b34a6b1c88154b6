import { describe, expect, it } from "vitest";
import { showsAgeGate } from "#app/features/consent/age-gate-paths.ts";

describe("the pages the 18+ gate shows on (decision 063)", () => {
  it("is every storefront page a visitor may open first", () => {
    for (const path of ["/", "/produto/cogumelo-golden-teacher", "/cart", "/checkout", "/cursos", "/busca", "/cliente"]) {
      expect(showsAgeGate(path), path).toBe(true);
    }
  });

  it("is not where a refusal leads, the legal texts, nor the staff's screens (the product editor included)", () => {
    for (const path of [
      "/restricao-idade",
      "/termos/",
      "/privacidade",
      "/admin",
      "/admin/pedidos",
      "/maintenance-panel/saude",
      "/customizar-produto",
    ]) {
      expect(showsAgeGate(path), path).toBe(false);
    }
  });
});
