import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The service worker (public/sw.js, decision 071) run in a stand-in of its global scope: the only
 * thing it may ever answer from its cache is the offline page, for a page navigation the network
 * failed. A private page or an /api answer is never stored and never served from the cache.
 */

const ORIGIN = "https://loja.example";
const source = readFileSync(path.join(import.meta.dirname, "../../public/sw.js"), "utf8");

type Listener = (event: Record<string, unknown>) => void;

/**
 * A stand-in of the browser's IndexedDB holding what the orders page kept (app/lib/orders-seen.ts),
 * under the names it uses; `undefined` is a browser where the page kept nothing.
 */
function keptByThePage(value: unknown) {
  const later = (request: Record<string, unknown>, name: string) => queueMicrotask(() => (request[name] as () => void)?.());
  return {
    open: (name: string) => {
      const request: Record<string, unknown> = {};
      const store = {
        get: (key: string) => {
          const reading: Record<string, unknown> = { result: name === "loja-app" && key === "pedidos" ? value : undefined };
          later(reading, "onsuccess");
          return reading;
        },
      };
      request.result = {
        transaction: () => ({ objectStore: (storeName: string) => (storeName === "vistos" ? store : null) }),
        close: () => undefined,
      };
      later(request, "onsuccess");
      return request;
    },
  };
}

function startWorker(
  network: (request: Request) => Promise<Response>,
  options: { scope?: string; indexedDB?: ReturnType<typeof keptByThePage> } = {},
) {
  const listeners = new Map<string, Listener>();
  const stored = new Map<string, Response>();
  const puts: string[] = [];
  const cache = {
    add: async (request: Request) => {
      puts.push(new URL(request.url, ORIGIN).pathname);
      stored.set(new URL(request.url, ORIGIN).pathname, new Response("<h1>Sem conexão</h1><!--pedidos-vistos-->"));
    },
    put: async (request: Request | string) => void puts.push(String(request)),
  };
  const caches = {
    open: async () => cache,
    keys: async () => ["loja-offline-v1"],
    delete: async () => true,
    match: async (request: string | Request) =>
      stored.get(new URL(typeof request === "string" ? request : request.url, ORIGIN).pathname)?.clone(),
  };
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    registration: { scope: `${ORIGIN}${options.scope ?? "/admin"}` },
    clients: { claim: async () => undefined },
    skipWaiting: async () => undefined,
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  // In the worker a relative URL resolves against its own location; Node's Request needs it absolute.
  const WorkerRequest = class extends Request {
    constructor(url: string, init?: RequestInit) {
      super(new URL(url, ORIGIN), init);
    }
  };
  new Function("self", "caches", "fetch", "Request", "indexedDB", source)(
    self,
    caches,
    (request: Request) => network(request),
    WorkerRequest,
    options.indexedDB,
  );

  async function dispatch(type: string, extra: Record<string, unknown> = {}) {
    let waited: Promise<unknown> = Promise.resolve();
    let answered: Promise<Response | undefined> | null = null;
    listeners.get(type)!({
      ...extra,
      waitUntil: (work: Promise<unknown>) => (waited = work),
      respondWith: (answer: Promise<Response>) => (answered = answer),
    });
    await waited;
    return answered as Promise<Response | undefined> | null;
  }
  /** What the worker reads of the browser's request (Node's Request cannot be given a navigation's mode). */
  const navigation = (url: string, mode = "navigate") => ({ url: `${ORIGIN}${url}`, method: "GET", mode });
  return { dispatch, navigation, puts };
}

describe("the service worker's cache", () => {
  it("stores only the offline page, and serves it only when a page navigation finds no network", async () => {
    const offline = startWorker(() => Promise.reject(new TypeError("Failed to fetch")));
    await offline.dispatch("install");
    expect(offline.puts).toEqual(["/app/offline.html"]);
    const answer = await offline.dispatch("fetch", { request: offline.navigation("/admin/pedidos") });
    expect(await (await answer!)!.text()).toContain("Sem conexão");
  });

  it("never answers /api or a non-navigation request: the browser goes to the network as without a worker", async () => {
    const worker = startWorker(() => Promise.reject(new TypeError("Failed to fetch")));
    await worker.dispatch("install");
    expect(await worker.dispatch("fetch", { request: worker.navigation("/api/admin/orders") })).toBeNull();
    expect(await worker.dispatch("fetch", { request: worker.navigation("/api/admin/orders", "cors") })).toBeNull();
    expect(await worker.dispatch("fetch", { request: worker.navigation("/admin/pedidos", "cors") })).toBeNull();
  });

  it("online, a private page is the network's answer and is never copied into the cache", async () => {
    const worker = startWorker(async () => new Response("<h1>Pedidos da dona</h1>"));
    await worker.dispatch("install");
    const answer = await worker.dispatch("fetch", { request: worker.navigation("/admin/pedidos") });
    expect(await (await answer!)!.text()).toBe("<h1>Pedidos da dona</h1>");
    expect(worker.puts).toEqual(["/app/offline.html"]);
  });

  it("offline in the owner's app, the offline page lists the last orders the page kept, marked as old, and escaped", async () => {
    const savedAt = new Date();
    savedAt.setHours(14, 32, 0, 0);
    const seen = {
      savedAt: savedAt.getTime(),
      orders: [
        { number: 1234, status: "Pago", total: "R$ 189,90" },
        { number: 1233, status: "<script>alert(1)</script>", total: "R$ 50,00" },
      ],
    };
    const worker = startWorker(() => Promise.reject(new TypeError("Failed to fetch")), { indexedDB: keptByThePage(seen) });
    await worker.dispatch("install");
    const html = await (await (await worker.dispatch("fetch", { request: worker.navigation("/admin") }))!)!.text();
    expect(html).toContain("Sem conexão");
    expect(html).toContain("Visto às 14:32 — sem conexão");
    expect(html).toContain("<strong>Pedido #1234</strong> · Pago · R$ 189,90");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>");
    // The list came from the page's own copy: the worker still stored nothing but the offline page.
    expect(worker.puts).toEqual(["/app/offline.html"]);
  });

  it("a customer's worker (scope /cliente) shows no orders list offline, even on a phone an admin used", async () => {
    const seen = { savedAt: Date.now(), orders: [{ number: 1234, status: "Pago", total: "R$ 189,90" }] };
    const worker = startWorker(() => Promise.reject(new TypeError("Failed to fetch")), {
      scope: "/cliente",
      indexedDB: keptByThePage(seen),
    });
    await worker.dispatch("install");
    const html = await (await (await worker.dispatch("fetch", { request: worker.navigation("/cliente") }))!)!.text();
    expect(html).toContain("Sem conexão");
    expect(html).not.toContain("Pedido #1234");
  });
});
