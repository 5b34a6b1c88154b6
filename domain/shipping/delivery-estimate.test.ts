import { describe, expect, it } from "vitest";
import { deliveryEstimateText, methodEstimateText, productionDays } from "#domain/shipping/delivery-estimate.ts";

// Issue 28 item 6: the spawn's 15 production days were on its page and in no other estimate
// ("até 6 dias úteis"). Every screen, e-mail and slip now writes its estimate with these.
describe("the shop's one delivery estimate", () => {
  it("adds the made-to-order production days to the carrier's, and says both parts", () => {
    expect(methodEstimateText(15, 6)).toBe("até 21 dias úteis (15 de produção + 6 de envio)");
    expect(deliveryEstimateText({ productionDays: 15, carrierDays: { min: 2, max: 8 } })).toBe(
      "de 17 a 23 dias úteis (15 de produção + 2 a 8 de envio)",
    );
  });

  it("is the carrier's days alone when nothing is made to order, singular for one day", () => {
    expect(methodEstimateText(0, 6)).toBe("até 6 dias úteis");
    expect(methodEstimateText(0, 1)).toBe("até 1 dia útil");
  });

  it("waits for the longest production of the items made to order, which travel together", () => {
    expect(productionDays([{ leadTimeBusinessDays: null }, { leadTimeBusinessDays: 15 }, { leadTimeBusinessDays: 7 }])).toBe(15);
    expect(productionDays([{ leadTimeBusinessDays: null }])).toBe(0);
    expect(productionDays([])).toBe(0);
  });
});
