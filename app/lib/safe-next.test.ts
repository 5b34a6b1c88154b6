import { describe, expect, it } from "vitest";
import { safeNext, signInPath } from "#app/lib/safe-next.ts";

describe("safeNext (the `next` of /auth is never an open redirect)", () => {
  it.each([
    "https://evil.example",
    "https://evil.example/cliente",
    "//evil.example",
    "//evil.example/cliente",
    "/\\evil.example",
    "/\t/evil.example",
    "/%0a/evil.example".replace("%0a", "\n"),
    "\\\\evil.example",
    "javascript:alert(1)",
    "cliente",
    "",
    null,
    undefined,
    `/${"a".repeat(3000)}`,
  ])("%j falls back to /", (next) => {
    expect(safeNext(next)).toBe("/");
  });

  it.each([
    ["/", "/"],
    ["/cliente", "/cliente"],
    ["/cliente?order=123&aba=pedidos", "/cliente?order=123&aba=pedidos"],
    ["/produto/cogumelo-golden-teacher#detalhes", "/produto/cogumelo-golden-teacher#detalhes"],
    ["/cliente/../admin", "/admin"],
  ])("%j stays on the shop: %j", (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });

  it("builds the sign-in address for a page", () => {
    expect(signInPath("/cliente?order=7")).toBe("/auth?next=%2Fcliente%3Forder%3D7");
    expect(signInPath("/")).toBe("/auth");
    expect(signInPath("https://evil.example")).toBe("/auth");
  });
});
