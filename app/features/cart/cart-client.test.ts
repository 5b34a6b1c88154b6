import { describe, expect, it } from "vitest";
import { NetworkError } from "#app/lib/fetch-json.ts";
import { classifyCartError } from "#app/features/cart/cart-client.ts";

// Moved from cart-rules.test.ts when the cart's rules moved to domain/cart: this one tests the browser's client.
describe("error classification (spec §5)", () => {
  it("classifies network, database, permission, validation and unknown errors", () => {
    expect(classifyCartError(new Error("boom"), false)).toBe("network");
    expect(classifyCartError(new NetworkError("x"), true)).toBe("network");
    expect(classifyCartError(new Error("Network request failed"), true)).toBe("network");
    expect(classifyCartError(new Error("lost connection"), true)).toBe("network");
    expect(classifyCartError(Object.assign(new Error("x"), { code: "23505" }), true)).toBe("database");
    expect(classifyCartError(Object.assign(new Error("x"), { code: "22P02" }), true)).toBe("database");
    expect(classifyCartError(Object.assign(new Error("x"), { code: "42501" }), true)).toBe("permission");
    expect(classifyCartError(Object.assign(new Error("x"), { code: "28000" }), true)).toBe("permission");
    expect(classifyCartError(new Error("Invalid input"), true)).toBe("validation");
    expect(classifyCartError(new Error("field required"), true)).toBe("validation");
    expect(classifyCartError(new Error("Quantidade inválida"), true)).toBe("validation");
    expect(classifyCartError(new Error("Minimum quantity is 2"), true)).toBe("unknown");
  });
});
