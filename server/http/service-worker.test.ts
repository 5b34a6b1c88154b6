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

function startWorker(network: (request: Request) => Promise<Response>) {
  const listeners = new Map<string, Listener>();
  const stored = new Map<string, Response>();
  const puts: string[] = [];
  const cache = {
    add: async (request: Request) => {
      puts.push(new URL(request.url, ORIGIN).pathname);
      stored.set(new URL(request.url, ORIGIN).pathname, new Response("<h1>Sem conexão</h1>"));
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
    registration: { scope: `${ORIGIN}/admin` },
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
  new Function("self", "caches", "fetch", "Request", source)(self, caches, (request: Request) => network(request), WorkerRequest);

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
});
