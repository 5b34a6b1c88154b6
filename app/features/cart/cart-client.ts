/**
 * The browser's cart plumbing, small enough for every page (the header's count needs it): the
 * session id, the API calls, the in-tab and cross-tab signals, and the logs of spec §3/§8.
 * The /cart page and the offline queue load their own code on demand.
 */
import { ApiCallError, NetworkError, type JsonRequest } from "#app/lib/fetch-json.ts";
import { apiClient } from "#app/lib/api-client.ts";
import { safeStorage, STORAGE_KEYS } from "#app/lib/storage-keys.ts";
import type { AddItemBody, UpdateItemBody } from "#domain/cart/cart-types.ts";
import { CART_SESSION_HEADER, CART_TAB_HEADER } from "#server/contracts/cart-headers.ts";
import type { cartContract } from "#server/contracts/cart.ts";
import { cartRoutes } from "#server/contracts/cart.routes.ts";

export { CART_SESSION_HEADER, CART_TAB_HEADER };
/** Spec §4: broadcast channels of the cart. */
export const CART_SYNC_CHANNEL = "cart_sync";
export const CART_NOTIFICATIONS_CHANNEL = "cart_notifications";
/** Spec §4: the cart_sync channel is closed 100 ms after a message. */
const SYNC_CHANNEL_CLOSE_MS = 100;
/** Spec §3/§9: kept entries. */
const METRICS_KEPT = 10;
const EVENTS_KEPT = 50;
const ERRORS_KEPT = 50;
export const CART_CLEARED_MESSAGE = "Seu pedido foi finalizado e o carrinho foi limpo";

// ---------------------------------------------------------------------------------------------
// Session id (spec §3 cartSessionId). The server issues it (decision 017): the cart's token is an
// HttpOnly cookie this code never sees, and its answers name the browser's own id in the
// cart-session-id header, kept here for the cross-tab checks and sent back in that header.

export function readCartSessionId(): string | null {
  const value = safeStorage.get(STORAGE_KEYS.cartSessionId);
  return value && /^[0-9a-f-]{36}$/i.test(value) ? value : null;
}

/**
 * The id this page was told to forget: the server ended its token (an empty cart-session-id, when
 * the cart joined the account or became an order) or the page cleared the cart as checked out. An
 * answer to a request sent before that may still name it, and arrive after: it is not kept again.
 */
let forgottenSessionId: string | null = null;

function forgetCartSessionId(): void {
  forgottenSessionId = readCartSessionId() ?? forgottenSessionId;
  safeStorage.remove(STORAGE_KEYS.cartSessionId);
}

/** Keeps the id the server answered with: a new one, or none once its token ended (an empty value). */
function keepCartSessionId(headers: Headers): void {
  const answered = headers.get(CART_SESSION_HEADER);
  if (answered === null || answered === forgottenSessionId) return;
  if (answered === "") forgetCartSessionId();
  else if (answered !== readCartSessionId()) safeStorage.set(STORAGE_KEYS.cartSessionId, answered);
}

/**
 * This page load's id, in memory only: the tabs of a browser share localStorage but each needs its
 * own. The server names it in the realtime events of this tab's writes, and this tab's cart_sync
 * messages carry it, so the tab can skip the echoes of its own changes (decision 004).
 */
let tabId: string | undefined;
export const cartTabId = (): string => (tabId ??= crypto.randomUUID());

// ---------------------------------------------------------------------------------------------
// API calls.

/**
 * Every cart call carries the cart session and tab headers and keeps the answered session id;
 * timings and errors go to the spec's logs.
 */
async function aroundCartCall(path: string, request: JsonRequest, send: (request: JsonRequest) => Promise<unknown>): Promise<unknown> {
  const session = readCartSessionId();
  const started = performance.now();
  try {
    const body = await send({
      ...request,
      headers: { ...request.headers, [CART_TAB_HEADER]: cartTabId(), ...(session && { [CART_SESSION_HEADER]: session }) },
      onAnswer: keepCartSessionId,
    });
    recordMetric(path, performance.now() - started, true);
    return body;
  } catch (error) {
    if (!(error instanceof NetworkError)) recordMetric(path, performance.now() - started, false);
    logCartError(error, path);
    throw error;
  }
}

/**
 * The body of a new add, with its own idempotency key: one per add the customer asked for, never per
 * request, so every replay of it (a lost answer, the offline queue) is applied once. Queued adds
 * from before the key have none.
 */
export const addItemBody = (add: Omit<AddItemBody, "idempotencyKey">): AddItemBody => ({ ...add, idempotencyKey: crypto.randomUUID() });

/**
 * A browser without its cart id yet gets its token from its first add. Two tabs adding at that
 * moment would each get one, and the browser would keep only the last (the other line lost in a
 * cart nobody holds): such an add waits for the other tab's under a Web Lock, and then carries its cookie.
 */
function firstAddInTurn<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (readCartSessionId() || !locks) return run();
  return locks.request("cart_first_add", run);
}

/** The cart's operations (server/contracts/cart.ts), typed by their contract. */
export const cartClient = apiClient<typeof cartContract>(cartRoutes, {
  fallbackMessage: "Não foi possível atualizar o carrinho.",
  around: aroundCartCall,
});

/** The calls the cart's pages make, by what they do. */
export const cartApi = {
  count: () => cartClient.call("count"),
  cart: () => cartClient.call("get"),
  add: (body: AddItemBody) => firstAddInTurn(() => cartClient.call("addItem", { body })),
  update: (id: string, body: UpdateItemBody) => cartClient.call("updateItem", { params: { id }, body }),
  remove: (id: string) => cartClient.call("removeItem", { params: { id } }),
  quoteShipping: (cep: string) => cartClient.call("quoteShipping", { query: { cep } }),
  chooseShipping: (cep: string, method: string) => cartClient.call("chooseShipping", { body: { cep, method } }),
  status: (cartId: string | null) => cartClient.call("status", { query: { cart_id: cartId ?? undefined } }),
  migrate: () => cartClient.call("migrate"),
};

// ---------------------------------------------------------------------------------------------
// Signals (spec §4): added, removed, updated, cleared, checkout-completed, cart-updated.

export type CartSignal = "added" | "removed" | "updated" | "cleared" | "checkout-completed" | "cart-updated";
export type CartSignalDetail = { type: CartSignal; productName?: string; fromOtherTab?: boolean };
export const CART_SIGNAL_EVENT = "shop:cart";

/** Tells this tab (window event) and, unless it came from one, the other tabs. */
export function signalCart(detail: CartSignalDetail): void {
  if (typeof window === "undefined") return;
  recordCartEvent(detail.type);
  window.dispatchEvent(new CustomEvent<CartSignalDetail>(CART_SIGNAL_EVENT, { detail }));
  if (detail.fromOtherTab) return;
  tellOtherTabs(detail);
}

/**
 * What the other tabs receive. `session` is the cart session id this tab saw when it sent the
 * message (null when none), so a receiver can tell whether its own copy of localStorage has caught
 * up with it (see cartSyncReadyHere). `tab` is the sender's id: a BroadcastChannel message also
 * reaches the sender's own listening channel, and the sender has applied its change already.
 */
export type CartSyncMessage = { type?: CartSignal; productName?: string; ts?: number; session?: string | null; tab?: string };

/**
 * Whether a message that came over a BroadcastChannel can be applied in this tab now. A channel
 * message is not ordered with localStorage: in a busy tab it can arrive before the cartSessionId
 * the sender wrote just before it (a new cart's first add) is readable here, and a re-read then
 * asks about no cart at all. The same message also comes as a `storage` event, which the browser
 * fires only once this tab sees the sender's earlier writes: a channel message this tab cannot
 * apply yet is left to it. (Messages from a tab without the `session` field apply as before.)
 */
export function cartSyncReadyHere(message: CartSyncMessage): boolean {
  return message.session === undefined || message.session === readCartSessionId();
}

function tellOtherTabs(detail: CartSignalDetail): void {
  const message: CartSyncMessage = {
    type: detail.type,
    productName: detail.productName,
    ts: Date.now(),
    session: readCartSessionId(),
    tab: cartTabId(),
  };
  // A storage key (every browser) and the cart_sync channel, closed 100 ms later (spec §4).
  safeStorage.set(STORAGE_KEYS.cartSync, JSON.stringify(message));
  if (typeof BroadcastChannel === "undefined") return;
  const sync = new BroadcastChannel(CART_SYNC_CHANNEL);
  sync.postMessage(message);
  setTimeout(() => sync.close(), SYNC_CHANNEL_CLOSE_MS);
  // Removal and quantity changes are also announced as notifications (spec §4).
  if (detail.type === "removed" || detail.type === "updated") {
    const notifications = new BroadcastChannel(CART_NOTIFICATIONS_CHANNEL);
    notifications.postMessage(message);
    setTimeout(() => notifications.close(), SYNC_CHANNEL_CLOSE_MS);
  }
}

export function onCartSignal(listener: (detail: CartSignalDetail) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<CartSignalDetail>).detail);
  window.addEventListener(CART_SIGNAL_EVENT, handle);
  return () => window.removeEventListener(CART_SIGNAL_EVENT, handle);
}

/** Spec §4: clears what this browser keeps about a cart that was checked out. */
export function clearLocalCart(): void {
  forgetCartSessionId();
  for (const key of [
    STORAGE_KEYS.cartItems,
    STORAGE_KEYS.selectedShippingMethod,
    STORAGE_KEYS.selectedShippingPrice,
    STORAGE_KEYS.validatedShippingCep,
    STORAGE_KEYS.cartLastId,
    STORAGE_KEYS.cartCountCache,
    STORAGE_KEYS.cartCountTimestamp,
    STORAGE_KEYS.abandonedCart,
  ]) {
    safeStorage.remove(key);
  }
}

// ---------------------------------------------------------------------------------------------
// Logs (spec §3, §5, §8): metrics (10), events (50), errors (50), classified.

function appendCapped(key: string, entry: unknown, kept: number): void {
  let list: unknown[] = [];
  try {
    const parsed = JSON.parse(safeStorage.get(key) ?? "[]") as unknown;
    if (Array.isArray(parsed)) list = parsed;
  } catch {
    list = [];
  }
  list.push(entry);
  safeStorage.set(key, JSON.stringify(list.slice(-kept)));
}

export function recordMetric(operation: string, ms: number, ok: boolean): void {
  appendCapped(STORAGE_KEYS.cartMetrics, { operation, ms: Math.round(ms), ok, ts: Date.now() }, METRICS_KEPT);
}

export function recordCartEvent(type: string): void {
  appendCapped(STORAGE_KEYS.cartEvents, { type, ts: Date.now() }, EVENTS_KEPT);
}

export type CartErrorKind = "network" | "database" | "permission" | "validation" | "unknown";

/** Spec §5's classification, of the message as the API sent it (what a person reads is translated: ApiCallError). */
export function classifyCartError(error: unknown, online = typeof navigator === "undefined" ? true : navigator.onLine): CartErrorKind {
  const sent = error instanceof ApiCallError ? error.apiMessage : error instanceof Error ? error.message : String(error ?? "");
  const message = sent.toLowerCase();
  const code = String((error as { code?: unknown } | null)?.code ?? "");
  if (!online || error instanceof NetworkError || message.includes("network") || message.includes("connection")) return "network";
  if (code.startsWith("22") || code.startsWith("23")) return "database";
  if (code.startsWith("42") || code.startsWith("28")) return "permission";
  if (message.includes("invalid") || message.includes("required") || message.includes("quantidade")) return "validation";
  return "unknown";
}

export function logCartError(error: unknown, where: string): CartErrorKind {
  const kind = classifyCartError(error);
  appendCapped(
    STORAGE_KEYS.cartErrors,
    { kind, where, message: error instanceof Error ? error.message : String(error), ts: Date.now(), retryOnReconnect: kind === "network" },
    ERRORS_KEPT,
  );
  return kind;
}

// ---------------------------------------------------------------------------------------------
// Offline queue (spec §3 cart_offline_queue); offline-queue.ts runs it.

export const OFFLINE_MAX_RETRIES = 3;

export type QueuedOperation =
  | { kind: "add"; body: AddItemBody; productName?: string }
  | { kind: "update"; itemId: string; body: UpdateItemBody }
  | { kind: "remove"; itemId: string };

export type QueueEntry = { id: string; timestamp: number; retryCount: number; maxRetries: number; operation: QueuedOperation };

export function readQueue(): QueueEntry[] {
  try {
    const parsed = JSON.parse(safeStorage.get(STORAGE_KEYS.cartOfflineQueue) ?? "[]") as unknown;
    return Array.isArray(parsed)
      ? (parsed as QueueEntry[]).filter((entry) => entry && typeof entry.id === "string" && entry.operation)
      : [];
  } catch {
    return [];
  }
}

export function writeQueue(entries: QueueEntry[]): void {
  if (entries.length === 0) safeStorage.remove(STORAGE_KEYS.cartOfflineQueue);
  else safeStorage.set(STORAGE_KEYS.cartOfflineQueue, JSON.stringify(entries));
}

export function enqueueCartOperation(operation: QueuedOperation): QueueEntry {
  const entry: QueueEntry = { id: crypto.randomUUID(), timestamp: Date.now(), retryCount: 0, maxRetries: OFFLINE_MAX_RETRIES, operation };
  writeQueue([...readQueue(), entry]);
  return entry;
}
