import { describe, expect, it } from "vitest";
import { panelRouteOf } from "#app/features/account/panel-tabs.ts";

describe("/cliente's tabs", () => {
  it("gives each tab its own address, keeps spec §2's ?order=, sends the addresses of before (?aba=) on, and has no unknown tab", () => {
    const panel = (address: string) => {
      const url = new URL(address, "http://loja.test");
      return panelRouteOf(url.pathname.split("/")[2] || undefined, url);
    };
    expect(panel("/cliente")).toEqual({ tab: "pedidos" });
    expect(panel("/cliente?order=abc")).toEqual({ tab: "pedidos" });
    expect(panel("/cliente/enderecos")).toEqual({ tab: "enderecos" });
    expect(panel("/cliente?aba=perfil")).toEqual({ redirectTo: "/cliente/perfil" });
    expect(panel("/cliente?aba=pedidos&order=abc")).toEqual({ redirectTo: "/cliente/pedidos?order=abc" });
    expect(panel("/cliente/nada")).toBeNull();
  });
});
