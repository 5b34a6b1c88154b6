import { afterEach, describe, expect, it, vi } from "vitest";
import { apiClient, buildPath } from "#app/lib/api-client.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import type { cartContract } from "#server/contracts/cart.ts";
import { cartRoutes } from "#server/contracts/cart.routes.ts";
import type { ordersContract } from "#server/contracts/orders.ts";
import { ordersRoutes } from "#server/contracts/orders.routes.ts";

type Sent = { url: string; method: string; body: unknown; headers: Record<string, string> };

/** A fetch that records what the client sent and answers `answer` (the server is not needed to see the request). */
function recordingFetch(answer: () => Response) {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: init.method ?? "GET",
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
      headers: init.headers as Record<string, string>,
    });
    return answer();
  });
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe("the browser's API client, made from the endpoints' contracts", () => {
  const cart = apiClient<typeof cartContract>(cartRoutes);

  it("sends each operation to its contract's method and path, params encoded and the query's defined values only", async () => {
    const sent = recordingFetch(() => Response.json({ items: [] }));
    await cart.call("updateItem", { params: { id: "a/b c" }, body: { quantity: 2 } });
    await cart.call("status", { query: { cart_id: undefined } });
    await cart.call("quoteShipping", { query: { cep: "01310-100" } });
    await cart.call("migrate");
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
      "PATCH /api/cart/items/a%2Fb%20c",
      "GET /api/cart/status",
      "GET /api/shipping/quote?cep=01310-100",
      "POST /api/cart/migrate",
    ]);
    expect(sent[0]!.body).toEqual({ quantity: 2 });
    expect(sent[0]!.headers["Content-Type"]).toBe("application/json");
  });

  it("turns an error answer into the server's Portuguese message", async () => {
    recordingFetch(() => Response.json({ error: { code: "item_not_found", message: "Item not found" } }, { status: 404 }));
    await expect(cart.call("removeItem", { params: { id: "x" } })).rejects.toBeInstanceOf(ApiCallError);
  });

  it("builds download links from the same table", () => {
    const orders = apiClient<typeof ordersContract>(ordersRoutes);
    expect(orders.href("getMyOrder", { params: { id: "123" } })).toBe("/api/orders/123");
    expect(buildPath({ method: "get", path: "/x/:id" }, { id: 7 }, { a: "1", b: "" })).toBe("/api/x/7?a=1");
  });

  it("refuses at compile time an operation, input or answer its contract does not have", () => {
    // Only typed, never run: `npm run typecheck` fails if any of these lines compiles.
    const typeChecks = () => {
      // @ts-expect-error no such operation in the cart's contract
      void cart.call("nope");
      // @ts-expect-error the item's id is a path parameter the contract requires
      void cart.call("updateItem", { body: { quantity: 1 } });
      // @ts-expect-error the count takes no body
      void cart.call("count", { body: { quantity: 1 } });
      // @ts-expect-error another module's routes are not the cart contract's
      apiClient<typeof cartContract>(ordersRoutes);
      return async () => {
        const count = await cart.call("count");
        // @ts-expect-error the count's answer has no `items`: the response type is the endpoint's own
        void count.items;
        const view = await cart.call("get");
        void view.items;
      };
    };
    expect(typeof typeChecks).toBe("function");
  });
});
