import {
  RouterContextProvider,
  type UNSAFE_DataWithResponseInit as DataWithResponseInit,
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  redirect,
} from "react-router";
import { describe, expect, it } from "vitest";
import { PAGE_STATUS, withDomainErrors } from "#app/lib/domain-errors.server.ts";
import { pageRefusal } from "#app/lib/page-refusal.ts";
import { DomainError, type DomainErrorKind } from "#domain/errors.ts";

/** A loader's arguments for a page (the refusals here are thrown before any service is read). */
const args = (path: string) => ({
  request: new Request(`http://localhost:3000${path}`),
  context: new RouterContextProvider(),
  url: new URL(`http://localhost:3000${path}`),
});

/** What `loader` throws, or a failure when it returns. */
async function thrownBy(loader: () => Promise<unknown>): Promise<unknown> {
  try {
    await loader();
  } catch (error) {
    return error;
  }
  throw new Error("the loader returned instead of throwing");
}

const refusing = (kind: DomainErrorKind, code: string, message: string) =>
  withDomainErrors(async (_args: ReturnType<typeof args>) => {
    throw new DomainError(kind, code, message);
  });

describe("withDomainErrors", () => {
  it("returns what the loader returns", async () => {
    const loader = withDomainErrors(async (_args: ReturnType<typeof args>) => ({ cart: { lines: 1 } }));
    expect(await loader(args("/checkout"))).toEqual({ cart: { lines: 1 } });
  });

  it.each([
    ["conflict", 409],
    ["invalid", 400],
    ["unprocessable", 422],
    ["not_found", 404],
    ["forbidden", 403],
  ] as const)("turns a %s refusal into the page's data with status %i, code and Portuguese message", async (kind, status) => {
    const thrown = await thrownBy(() => refusing(kind, "cart_empty", "Seu carrinho está vazio.")(args("/checkout")));
    // React Router's data(…, { status }): what a loader throws to answer with that status.
    expect(thrown).toMatchObject({ type: "DataWithResponseInit" });
    const { data, init } = thrown as DataWithResponseInit<unknown>;
    expect(init?.status).toBe(status);
    expect(data).toEqual({ refusal: { kind, code: "cart_empty", message: "Seu carrinho está vazio." } });
    // What the error boundary receives from React Router for it, and reads back.
    expect(pageRefusal(new ErrorResponseImpl(status, "", data))).toEqual({ kind, code: "cart_empty", message: "Seu carrinho está vazio." });
  });

  it("sends an unauthorized visitor to sign in, and back to the page", async () => {
    const thrown = await thrownBy(() => refusing("unauthorized", "unauthorized", "Entre na sua conta.")(args("/checkout?passo=2")));
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe(`/auth?next=${encodeURIComponent("/checkout?passo=2")}`);
  });

  it("lets anything else through as it is: a guard's redirect, a bug (the error screen, 500)", async () => {
    const moved = redirect("/auth");
    expect(await thrownBy(() => withDomainErrors(async (_args: ReturnType<typeof args>) => Promise.reject(moved))(args("/cliente")))).toBe(
      moved,
    );
    const bug = new TypeError("undefined is not a function");
    expect(await thrownBy(() => withDomainErrors(async (_args: ReturnType<typeof args>) => Promise.reject(bug))(args("/cliente")))).toBe(
      bug,
    );
  });

  it("gives each kind the API's status (server/http/errors.ts DOMAIN_ERROR_STATUS)", () => {
    expect(PAGE_STATUS).toEqual({ invalid: 400, unauthorized: 401, forbidden: 403, not_found: 404, conflict: 409, unprocessable: 422 });
  });
});

describe("pageRefusal", () => {
  it("is null for what is not a refusal: a bare 404, a 403 of requireAdmin, an Error", () => {
    expect(pageRefusal(new ErrorResponseImpl(404, "Not Found", null))).toBeNull();
    expect(pageRefusal(new ErrorResponseImpl(403, "", { reason: "admin_only" }))).toBeNull();
    expect(pageRefusal(new Error("falha"))).toBeNull();
  });
});
