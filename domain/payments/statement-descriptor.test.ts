import { describe, expect, it } from "vitest";
import { statementDescriptorOf } from "#domain/payments/statement-descriptor.ts";

describe("the card statement's name (decision 087)", () => {
  it("is the shop's saved name in capitals, without accents, spaces or symbols, cut to 13 characters", () => {
    expect(statementDescriptorOf("Loja Micologia")).toBe("LOJAMICOLOGIA");
    expect(statementDescriptorOf("Cogumelos da Serra")).toBe("COGUMELOSDASE");
    expect(statementDescriptorOf("Fungí & Cia.")).toBe("FUNGICIA");
    expect(statementDescriptorOf("★★★")).toBe("LOJA");
  });
});
