/**
 * The last orders list the owner's app showed, kept on the device for the offline page (issue 31,
 * decision 082): written by the page after each load of /admin/pedidos, read by the service worker
 * (public/sw.js) when a navigation finds no network. The worker itself never stores a page or an
 * /api answer; this is the page's own copy, the fewest fields that let the owner recognise an order
 * (number, status, total; no name, address or e-mail), and it is deleted at sign-out.
 *
 * IndexedDB because the worker cannot read localStorage. The names below are repeated in sw.js.
 */
const DATABASE = "loja-app";
const STORE = "vistos";
const KEY = "pedidos";
/** The first page's worth: enough to answer "which orders were waiting?". */
const KEPT = 20;

export type OrderSeen = { number: number; status: string; total: string };
export type OrdersSeen = { savedAt: number; orders: OrderSeen[] };

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function write(change: (store: IDBObjectStore) => void): Promise<void> {
  if (typeof indexedDB === "undefined") return;
  const db = await open();
  await new Promise<void>((resolve, reject) => {
    const transaction = db.transaction(STORE, "readwrite");
    change(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
  });
  db.close();
}

/** Keeps the list just shown, with the time it was seen. A failure (private mode, full disk) only loses the copy. */
export function rememberOrdersSeen(orders: readonly OrderSeen[], now = Date.now()): Promise<void> {
  const value: OrdersSeen = { savedAt: now, orders: orders.slice(0, KEPT).map(({ number, status, total }) => ({ number, status, total })) };
  return write((store) => store.put(value, KEY)).catch(() => undefined);
}

/** Sign-out: the next person on this phone sees no order of the shop offline. */
export function forgetOrdersSeen(): Promise<void> {
  return write((store) => store.delete(KEY)).catch(() => undefined);
}
