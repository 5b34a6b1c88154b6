import { describe, expect, it } from "vitest";
import { maintenanceRouteOf } from "#app/features/maintenance/maintenance-sections.ts";

describe("/maintenance-panel's sections", () => {
  it("gives each section its own address, sends the addresses of before (?secao=) on, and has no unknown section", () => {
    const maintenance = (address: string) => {
      const url = new URL(address, "http://loja.test");
      return maintenanceRouteOf(url.pathname.split("/")[2] || undefined, url);
    };
    expect(maintenance("/maintenance-panel")).toEqual({ section: "saude" });
    expect(maintenance("/maintenance-panel/saude")).toEqual({ section: "saude" });
    expect(maintenance("/maintenance-panel/emails")).toEqual({ section: "emails" });
    expect(maintenance("/maintenance-panel?secao=manutencao")).toEqual({ redirectTo: "/maintenance-panel/manutencao" });
    expect(maintenance("/maintenance-panel?secao=nada")).toEqual({ redirectTo: "/maintenance-panel" });
    expect(maintenance("/maintenance-panel/nada")).toBeNull();
  });
});
