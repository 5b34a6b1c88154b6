import { describe, expect, it } from "vitest";
import { DomainError } from "#domain/errors.ts";
import { ApiError, asApiError, DOMAIN_ERROR_STATUS } from "#server/http/errors.ts";

describe("a domain refusal at the API's edge", () => {
  // The pages' table (app/lib/domain-errors.server.ts PAGE_STATUS) is pinned to the same statuses by
  // its own test: app may not import server/, so the two meet here, in their tests.
  it("gets its kind's status, from one table", () => {
    expect(DOMAIN_ERROR_STATUS).toEqual({
      invalid: 400,
      unauthorized: 401,
      forbidden: 403,
      not_found: 404,
      conflict: 409,
      unprocessable: 422,
    });
  });

  it("keeps its code and Portuguese message", () => {
    const answer = asApiError(new DomainError("conflict", "cart_empty", "Seu carrinho está vazio."));
    expect(answer).toBeInstanceOf(ApiError);
    expect({ status: answer?.status, code: answer?.code, message: answer?.message }).toEqual({
      status: 409,
      code: "cart_empty",
      message: "Seu carrinho está vazio.",
    });
  });

  it("a database that went away answers 503 with a Portuguese message and when to try again", () => {
    const terminated = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    const answer = asApiError(terminated);
    expect({ status: answer?.status, code: answer?.code, headers: answer?.headers }).toEqual({
      status: 503,
      code: "database_unavailable",
      headers: { "Retry-After": "5" },
    });
    expect(answer?.message).toBe("Banco de dados indisponível no momento. Tente novamente em instantes.");
  });

  it("leaves anything else to the 500 handler", () => {
    expect(asApiError(new Error("bug"))).toBeNull();
  });
});
