// A steady load of shoppers through the balancer: visitors browse and fill a cart, customers also
// check out (one order per attempt, each with its own idempotency key). Every answer other than the
// one a shopper expects is a failure, with what it was.
import { PRODUCT_SLUGS } from "#domain/catalog/product-slugs.ts";
import type { Browser } from "#test/auth-helpers.ts";
import { checkoutBody, KIT, shopRequest } from "#test/shop-customers.ts";

type Target = { url(pathname: string): string };

export type LoadReport = { requests: number; orders: string[]; failures: string[] };

const KIT_PAGE = `/produto/${PRODUCT_SLUGS[4]}`;

export class ShopperLoad {
  readonly report: LoadReport = { requests: 0, orders: [], failures: [] };
  #stopped = false;
  #loops: Promise<void>[] = [];

  constructor(private readonly target: Target) {}

  /** A customer (signed in) or a visitor; visitors never reach the checkout. */
  add(browser: Browser, checksOut: boolean): void {
    this.#loops.push(this.#shop(browser, checksOut));
  }

  async stop(): Promise<LoadReport> {
    this.#stopped = true;
    await Promise.all(this.#loops);
    return this.report;
  }

  async #expect(browser: Browser, method: string, path: string, status: number, json?: unknown): Promise<Response | undefined> {
    this.report.requests += 1;
    try {
      const response = await shopRequest(this.target, path, { browser, json, method });
      if (response.status === status) return response;
      this.report.failures.push(`${method} ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
    } catch (error) {
      this.report.failures.push(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return undefined;
  }

  async #shop(browser: Browser, checksOut: boolean): Promise<void> {
    while (!this.#stopped) {
      await (await this.#expect(browser, "GET", checksOut ? KIT_PAGE : "/", 200))?.arrayBuffer();
      await (await this.#expect(browser, "GET", "/api/cart", 200))?.arrayBuffer();
      const added = await this.#expect(browser, "POST", "/api/cart/items", 201, { productId: KIT, quantity: 1 });
      const { itemId } = added ? ((await added.json()) as { itemId: string | null }) : { itemId: null };
      if (checksOut) {
        const placed = await this.#expect(browser, "POST", "/api/checkout/orders", 201, checkoutBody(crypto.randomUUID()));
        if (placed) this.report.orders.push(((await placed.json()) as { orderId: string }).orderId);
      } else if (itemId) {
        // A visitor changes their mind: the cart never reaches the most units a line may hold.
        await (await this.#expect(browser, "DELETE", `/api/cart/items/${itemId}`, 200))?.arrayBuffer();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
