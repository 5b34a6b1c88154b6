// A steady load of shoppers through the balancer: visitors browse and fill a cart, customers also
// check out (one order per attempt, each with its own idempotency key). Every answer other than the
// one a shopper expects is a failure, with what it was.
import { PRODUCT_SLUGS } from "#domain/catalog/product-slugs.ts";
import type { Browser } from "#test/auth-helpers.ts";
import { checkoutBody, KIT, shopRequest } from "#test/builders.ts";

type Target = { url(pathname: string): string };

export type LoadReport = { requests: number; orders: string[]; failures: string[]; resent: number };

/** A connection the balancer closed before a byte of answer (undici: "other side closed", nothing read). */
function closedBeforeAnswer(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; socket?: { bytesRead?: number } } } | null)?.cause;
  return cause?.code === "UND_ERR_SOCKET" && cause.socket?.bytesRead === 0;
}

/**
 * shopRequest, sent once more when the balancer closed the connection before answering, as a browser
 * does. An nginx reload (the health check taking an instance out) closes the connections its old
 * worker accepted but had not read yet: the shop never saw that request. A checkout the shop did see
 * would show up as an extra order in the test's count.
 */
export async function requestAsBrowser(
  target: Target,
  path: string,
  options: Parameters<typeof shopRequest>[2],
  onResend: () => void = () => {},
): Promise<Response> {
  try {
    return await shopRequest(target, path, options);
  } catch (error) {
    if (!closedBeforeAnswer(error)) throw error;
    onResend();
    return shopRequest(target, path, options);
  }
}

const KIT_PAGE = `/produto/${PRODUCT_SLUGS[4]}`;

export class ShopperLoad {
  readonly report: LoadReport = { requests: 0, orders: [], failures: [], resent: 0 };
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

  /** The answer's body when it has the expected status; otherwise a failure is recorded. */
  async #expect(browser: Browser, method: string, path: string, status: number, json?: unknown): Promise<string | undefined> {
    this.report.requests += 1;
    try {
      const response = await requestAsBrowser(this.target, path, { browser, json, method }, () => (this.report.resent += 1));
      const body = await response.text();
      if (response.status === status) return body;
      this.report.failures.push(`${method} ${path}: ${response.status} ${body.slice(0, 300)}`);
    } catch (error) {
      this.report.failures.push(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return undefined;
  }

  async #shop(browser: Browser, checksOut: boolean): Promise<void> {
    while (!this.#stopped) {
      await this.#expect(browser, "GET", checksOut ? KIT_PAGE : "/", 200);
      await this.#expect(browser, "GET", "/api/cart", 200);
      const added = await this.#expect(browser, "POST", "/api/cart/items", 201, { productId: KIT, quantity: 1 });
      const { itemId } = added ? (JSON.parse(added) as { itemId: string | null }) : { itemId: null };
      if (checksOut) {
        const placed = await this.#expect(browser, "POST", "/api/checkout/orders", 201, checkoutBody(crypto.randomUUID()));
        if (placed) this.report.orders.push((JSON.parse(placed) as { orderId: string }).orderId);
      } else if (itemId) {
        // A visitor changes their mind: the cart never reaches the most units a line may hold.
        await this.#expect(browser, "DELETE", `/api/cart/items/${itemId}`, 200);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
