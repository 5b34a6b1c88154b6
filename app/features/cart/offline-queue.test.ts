import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addItemBody, enqueueCartOperation, readQueue } from "#app/features/cart/cart-client.ts";
import { processOfflineQueue } from "#app/features/cart/offline-queue.ts";

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

const PRODUCT = "550e8400-e29b-41d4-a716-446655440002";
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  vi.stubGlobal("localStorage", new MemoryStorage());
  vi.stubGlobal("window", { dispatchEvent: () => true });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("offline queue (spec §3, §4, §8)", () => {
  it("stores entries with id, timestamp, retryCount and maxRetries 3", () => {
    const entry = enqueueCartOperation({ kind: "add", body: { productId: PRODUCT, quantity: 2 } });
    expect(entry).toMatchObject({ retryCount: 0, maxRetries: 3 });
    expect(typeof entry.id).toBe("string");
    expect(typeof entry.timestamp).toBe("number");
    expect(readQueue()).toHaveLength(1);
  });

  it("applies queued operations in order and empties the queue", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url}`);
        return json(201, { cartId: "c", itemId: "i", quantity: 2, itemCount: 1 });
      }),
    );
    enqueueCartOperation({ kind: "add", body: { productId: PRODUCT, quantity: 2 } });
    enqueueCartOperation({ kind: "remove", itemId: "abc" });
    await processOfflineQueue();
    expect(calls).toEqual(["POST /api/cart/items", "DELETE /api/cart/items/abc"]);
    expect(readQueue()).toEqual([]);
  });

  it("replays a queued add with the idempotency key of its first attempt, every time; an entry queued before keys replays without one", async () => {
    const sent: unknown[] = [];
    let networkUp = false;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        if (!networkUp) throw new TypeError("Failed to fetch");
        sent.push(JSON.parse(String(init.body)));
        return json(201, { cartId: "c", itemId: "i", quantity: 2, itemCount: 1 });
      }),
    );
    const body = addItemBody({ productId: PRODUCT, quantity: 2 });
    enqueueCartOperation({ kind: "add", body });
    enqueueCartOperation({ kind: "add", body: { productId: PRODUCT, quantity: 4 } });
    await processOfflineQueue();
    networkUp = true;
    await processOfflineQueue();
    expect(body.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent).toEqual([body, { productId: PRODUCT, quantity: 4 }]);
    expect(addItemBody({ productId: PRODUCT, quantity: 2 }).idempotencyKey).not.toBe(body.idempotencyKey);
  });

  it("keeps an operation while the network is down and drops it after 3 refusals", async () => {
    enqueueCartOperation({ kind: "add", body: { productId: PRODUCT, quantity: 2 } });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await processOfflineQueue();
    expect(readQueue()[0]).toMatchObject({ retryCount: 0 });

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(409, { error: { code: "product_unavailable", message: "Indisponível" } })),
    );
    await processOfflineQueue();
    expect(readQueue()[0]).toMatchObject({ retryCount: 1 });
    await processOfflineQueue();
    expect(readQueue()[0]).toMatchObject({ retryCount: 2 });
    await processOfflineQueue();
    expect(readQueue()).toEqual([]);
    const errors = JSON.parse(localStorage.getItem("cart_errors") ?? "[]") as { kind: string }[];
    expect(errors.length).toBeGreaterThanOrEqual(3);
  });
});
