import { describe, expect, it } from "vitest";
import { adminRouteOf, pageOf, sectionHref } from "#app/features/admin/admin-sections.ts";
import { cpfText, phoneText, timeLeftText } from "#app/features/admin/admin-format.ts";

/** What an address of /admin shows: its section, where it is sent on to, or null (404). */
const admin = (address: string) => {
  const url = new URL(address, "http://loja.test");
  return adminRouteOf(url.pathname.split("/")[2] || undefined, url);
};

describe("/admin's sections", () => {
  it("opens the orders for spec §2's ?order= and the notifications' ?status=, the dashboard for anything unknown", () => {
    expect(admin("/admin?order=abc")).toEqual({ section: "pedidos" });
    expect(admin("/admin?status=paid")).toEqual({ section: "pedidos" });
    expect(admin("/admin/devolucoes?order=abc")).toEqual({ section: "pedidos" });
    expect(admin("/admin?secao=clientes&status=paid")).toEqual({ redirectTo: "/admin/pedidos?status=paid" });
    expect(admin("/admin?secao=clientes")).toEqual({ redirectTo: "/admin/clientes" });
    expect(admin("/admin?secao=nada")).toEqual({ redirectTo: "/admin" });
    expect(admin("/admin")).toEqual({ section: "painel" });
  });

  it("gives each section its own address, sends the addresses of before on, and has no unknown section", () => {
    expect(admin("/admin/pedidos?q=maria")).toEqual({ section: "pedidos" });
    expect(admin("/admin/cupons")).toEqual({ section: "cupons" });
    expect(admin("/admin/avaliacoes?estado=todas")).toEqual({ section: "avaliacoes" });
    expect(admin("/admin?secao=clientes&busca=maria&pagina=2")).toEqual({ redirectTo: "/admin/clientes?busca=maria&pagina=2" });
    expect(admin("/admin?secao=pedidos&order=abc")).toEqual({ redirectTo: "/admin/pedidos?order=abc" });
    expect(admin("/admin/produtos?produto=p1")).toEqual({ redirectTo: "/customizar-produto?produto=p1" });
    expect(admin("/admin/nada")).toBeNull();
  });

  it("reads a page number leniently and builds section addresses without empty parameters", () => {
    expect(pageOf(new URLSearchParams("pagina=3"))).toBe(3);
    for (const bad of ["pagina=0", "pagina=-1", "pagina=1.5", "pagina=abc", "pagina=99999", ""])
      expect(pageOf(new URLSearchParams(bad))).toBe(1);
    expect(sectionHref("painel")).toBe("/admin");
    expect(sectionHref("clientes", { busca: "maria silva", pagina: 2, cliente: null })).toBe("/admin/clientes?busca=maria+silva&pagina=2");
  });
});

describe("the admin's formatters", () => {
  it("says how long a Pix can still be paid", () => {
    expect(timeLeftText(1790)).toBe("expira em 29 min");
    expect(timeLeftText(45)).toBe("expira em 45 s");
    expect(timeLeftText(3 * 3600 + 5 * 60)).toBe("expira em 3 h 05 min");
    expect(timeLeftText(0)).toBe("expirado");
  });

  it("writes CPF and phones as people do", () => {
    expect(cpfText("52998224725")).toBe("529.982.247-25");
    expect(phoneText("11912345678")).toBe("(11) 91234-5678");
    expect(phoneText("1132345678")).toBe("(11) 3234-5678");
    expect(phoneText("123")).toBe("123");
  });
});
