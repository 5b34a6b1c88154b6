import { describe, expect, it } from "vitest";
import { adminSectionOf, pageOf, sectionHref } from "#app/features/admin/admin-sections.ts";
import { cpfText, phoneText, timeLeftText } from "#app/features/admin/admin-format.ts";

describe("/admin's sections", () => {
  it("opens the orders for spec §2's ?order= and the notifications' ?status=, the dashboard for anything unknown", () => {
    expect(adminSectionOf(new URLSearchParams("order=abc"))).toBe("pedidos");
    expect(adminSectionOf(new URLSearchParams("secao=clientes&status=paid"))).toBe("pedidos");
    expect(adminSectionOf(new URLSearchParams("secao=clientes"))).toBe("clientes");
    expect(adminSectionOf(new URLSearchParams("secao=nada"))).toBe("painel");
    expect(adminSectionOf(new URLSearchParams(""))).toBe("painel");
  });

  it("reads a page number leniently and builds section addresses without empty parameters", () => {
    expect(pageOf(new URLSearchParams("pagina=3"))).toBe(3);
    for (const bad of ["pagina=0", "pagina=-1", "pagina=1.5", "pagina=abc", "pagina=99999", ""])
      expect(pageOf(new URLSearchParams(bad))).toBe(1);
    expect(sectionHref("painel")).toBe("/admin");
    expect(sectionHref("clientes", { busca: "maria silva", pagina: 2, cliente: null })).toBe(
      "/admin?secao=clientes&busca=maria+silva&pagina=2",
    );
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
