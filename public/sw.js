// The shop's service worker (issue 31, decision 071). Registered only by the owner's admin (scope
// /admin) and by a customer who turns on order notifications (scope /cliente), never by the
// storefront: its pages load as before and no worker stands between them and the network.
//
// It caches ONE thing, the offline page. Every page in its scopes is private (an admin's orders, a
// customer's account) and every /api answer is someone's data: both always go to the network; a
// navigation that cannot reach it gets the offline page instead, never a copy of a page. In the
// owner's app (scope /admin) that page also lists the last orders the app showed, marked as old:
// the copy the orders page itself kept in IndexedDB (app/lib/orders-seen.ts, decision 082), a few
// fields, never a response the worker stored.
const OFFLINE_CACHE = "loja-offline-v1";
const OFFLINE_URL = "/app/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: "reload" })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== OFFLINE_CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.mode !== "navigate") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  event.respondWith(fetch(request).catch(() => offlinePage()));
});

// The names of app/lib/orders-seen.ts.
const SEEN_DATABASE = "loja-app";
const SEEN_STORE = "vistos";
const SEEN_KEY = "pedidos";
const SEEN_MARK = "<!--pedidos-vistos-->";

async function offlinePage() {
  const cached = await caches.match(OFFLINE_URL, { cacheName: OFFLINE_CACHE });
  if (!cached || !self.registration.scope.endsWith("/admin")) return cached;
  const seen = await readOrdersSeen().catch(() => null);
  if (!seen || !Array.isArray(seen.orders)) return cached;
  const html = (await cached.text()).replace(SEEN_MARK, ordersSeenHtml(seen));
  // No script runs on this page: its policy says so.
  const headers = { "content-type": "text/html; charset=utf-8", "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'" };
  return new Response(html, { status: 200, headers });
}

function readOrdersSeen() {
  if (typeof indexedDB === "undefined") return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(SEEN_DATABASE, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(SEEN_STORE);
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      const reading = db.transaction(SEEN_STORE, "readonly").objectStore(SEEN_STORE).get(SEEN_KEY);
      reading.onsuccess = () => {
        db.close();
        resolve(reading.result || null);
      };
      reading.onerror = () => reject(reading.error);
    };
  });
}

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** "Visto às 14:32 — sem conexão" (or "Visto em 27/11 às 14:32" another day), then the list as it was. */
function ordersSeenHtml(seen, now = new Date()) {
  const at = new Date(seen.savedAt);
  const time = at.toLocaleTimeString("pt-BR", { hour: "2-digit", minute: "2-digit" });
  const sameDay = at.toDateString() === now.toDateString();
  const when = sameDay ? `Visto às ${time}` : `Visto em ${at.toLocaleDateString("pt-BR", { day: "2-digit", month: "2-digit" })} às ${time}`;
  const rows = seen.orders
    .map((order) => `<li><strong>Pedido #${escapeHtml(order.number)}</strong> · ${escapeHtml(order.status)} · ${escapeHtml(order.total)}</li>`)
    .join("");
  return (
    `<section aria-labelledby="vistos"><h2 id="vistos">Últimos pedidos vistos</h2>` +
    `<p class="old">${escapeHtml(when)} — sem conexão</p>` +
    (rows ? `<ul>${rows}</ul>` : "<p>Nenhum pedido na lista.</p>") +
    `</section>`
  );
}

// A push's text is Declarative Web Push's JSON ({ web_push: 8030, notification: {…} }): Safari on
// iOS 18.4+ shows it by itself; here the same object becomes the notification.
self.addEventListener("push", (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  const notification = (message && message.notification) || { title: "Loja Micologia", body: event.data ? event.data.text() : "" };
  event.waitUntil(
    self.registration.showNotification(notification.title, {
      body: notification.body,
      tag: notification.tag,
      lang: notification.lang || "pt-BR",
      icon: "/app/icon-192.png",
      badge: "/app/icon-192.png",
      data: { url: notification.navigate || self.registration.scope },
    }),
  );
});

// A tap opens what the push is about (the order), in a window of the app already open if any.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || self.registration.scope, self.location.origin);
  // Only our own pages: a push never sends the owner elsewhere.
  const url = target.origin === self.location.origin ? target.href : self.registration.scope;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin && "navigate" in client);
      if (open) return open.navigate(url).then((client) => (client || open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
