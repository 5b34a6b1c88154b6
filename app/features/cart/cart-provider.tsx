import { QueryClientContext, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { toast } from "#app/ui/toast.tsx";
import { AUTH_CHANGE_EVENT } from "#app/features/auth/auth-context.tsx";
import { loadRealtime, reconnectRealtimeIfLoaded } from "#app/lib/realtime-on-demand.ts";
import { safeStorage, STORAGE_KEYS } from "#app/lib/storage-keys.ts";
import {
  CART_CLEARED_MESSAGE,
  CART_NOTIFICATIONS_CHANNEL,
  CART_SYNC_CHANNEL,
  cartApi,
  cartSyncReadyHere,
  type CartSyncMessage,
  cartTabId,
  clearLocalCart,
  logCartError,
  onCartSignal,
  readCartSessionId,
  signalCart,
} from "#app/features/cart/cart-client.ts";
import type { CartChangedEvent, CartCount } from "#domain/cart/cart-types.ts";

/** Query keys of the cart (the /cart page reads CART_ITEMS_KEY). */
export const CART_COUNT_KEY = ["cart", "count"] as const;
export const CART_ITEMS_KEY = ["cart", "items"] as const;

/** Spec §9: 3 retries, 1 s, 2 s, 4 s; sync 1 s after an add; cart id stale 5 min. */
const COUNT_RETRIES = 3;
const RETRY_BASE_MS = 1000;
const SYNC_DELAY_MS = 1000;
const CART_ID_STALE_MS = 5 * 60_000;
/** Spec §4: sign-in and sign-out refresh the count after 1 s + 1 s, the items after 1.5 s. */
const AUTH_COUNT_DELAY_MS = 2000;
const AUTH_ITEMS_DELAY_MS = 1500;
/** Spec §4: the offline queue is first processed 1 s after start. */
const FIRST_QUEUE_RUN_MS = 1000;

const CountContext = createContext(0);

/** The number of lines in the cart, for the header badge. */
export const useCartCount = () => useContext(CountContext);

function cachedCount(): number {
  const value = Number(safeStorage.get(STORAGE_KEYS.cartCountCache));
  return Number.isInteger(value) && value >= 0 ? value : 0;
}

function remember(result: CartCount): void {
  safeStorage.set(STORAGE_KEYS.cartCountCache, String(result.count));
  safeStorage.set(STORAGE_KEYS.cartCountTimestamp, String(Date.now()));
  if (result.cartId) safeStorage.set(STORAGE_KEYS.cartLastId, result.cartId);
}

const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;

function queueWaiting(): boolean {
  const raw = safeStorage.get(STORAGE_KEYS.cartOfflineQueue);
  return !!raw && raw !== "[]";
}

async function runOfflineQueue(): Promise<void> {
  if (!queueWaiting() || offline()) return;
  const { processOfflineQueue } = await import("#app/features/cart/offline-queue.ts");
  await processOfflineQueue();
}

/**
 * The cart's life in every page (spec §4): the count with its retries and cache, the signals of
 * this tab and the others, realtime events, sign-in migration, the completed-cart check on every
 * route change and when the network returns, and the offline queue. Without a QueryClient (the
 * error screen) the badge just shows nothing.
 */
export function CartProvider({ signedIn, children }: { signedIn: boolean; children: React.ReactNode }) {
  const client = useContext(QueryClientContext);
  if (!client) return <CountContext.Provider value={0}>{children}</CountContext.Provider>;
  return <LiveCart signedIn={signedIn}>{children}</LiveCart>;
}

function LiveCart({ signedIn, children }: { signedIn: boolean; children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const location = useLocation();
  const signedInRef = useRef(signedIn);
  /** Opens the realtime bus once this browser has something to hear (set by the effect below). */
  const listenRef = useRef<(signedInNow?: boolean) => void>(undefined);
  useEffect(() => {
    signedInRef.current = signedIn;
    // However the session arrived (the server's answer, another tab), a customer hears their cart.
    if (signedIn) listenRef.current?.(true);
  }, [signedIn]);

  const query = useQuery({
    queryKey: CART_COUNT_KEY,
    queryFn: async (): Promise<CartCount> => {
      if (offline()) return { count: cachedCount(), cartId: safeStorage.get(STORAGE_KEYS.cartLastId), migrationPending: false };
      // Nobody to ask about: no account and no session id means no cart (spec §4).
      if (!signedInRef.current && !readCartSessionId()) return { count: 0, cartId: null, migrationPending: false };
      const result = await cartApi.count();
      remember(result);
      if (result.migrationPending) migrateInBackground();
      return result;
    },
    staleTime: CART_ID_STALE_MS,
    retry: (failures) => failures < COUNT_RETRIES && !offline(),
    retryDelay: (attempt) => RETRY_BASE_MS * 2 ** attempt,
  });
  // After the retries, the cached count (spec §8).
  const count = query.data?.count ?? (query.isError ? cachedCount() : 0);

  // Signals of this tab and the others.
  useEffect(() => {
    const setCount = (update: (previous: CartCount) => CartCount) =>
      queryClient.setQueryData<CartCount>(CART_COUNT_KEY, (previous) =>
        update(previous ?? { count: cachedCount(), cartId: null, migrationPending: false }),
      );
    const refreshItems = () => void queryClient.invalidateQueries({ queryKey: CART_ITEMS_KEY });
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (ms: number, run: () => void) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timers.add(timer);
    };

    const stop = onCartSignal(({ type }) => {
      listenWhenNeeded(); // an add may have started this browser's cart
      if (type === "added") {
        const before = queryClient.getQueryData<CartCount>(CART_COUNT_KEY);
        setCount((previous) => ({ ...previous, count: previous.count + 1 }));
        later(SYNC_DELAY_MS, () => {
          queryClient.refetchQueries({ queryKey: CART_COUNT_KEY }).then(
            () => {
              // The re-sync failed: the increase goes (spec §4).
              if (queryClient.getQueryState(CART_COUNT_KEY)?.status === "error" && before) setCount(() => before);
            },
            () => {},
          );
        });
        refreshItems();
      } else if (type === "removed") {
        setCount((previous) => ({ ...previous, count: Math.max(0, previous.count - 1) }));
        refreshItems();
      } else if (type === "updated" || type === "cart-updated") {
        void queryClient.invalidateQueries({ queryKey: CART_COUNT_KEY });
        refreshItems();
      } else if (type === "cleared" || type === "checkout-completed") {
        if (type === "checkout-completed") clearLocalCart();
        setCount(() => ({ count: 0, cartId: null, migrationPending: false }));
        safeStorage.set(STORAGE_KEYS.cartCountCache, "0");
        refreshItems();
      }
    });

    // Other tabs: a storage key and the cart_sync / cart_notifications channels (spec §4). The
    // same change may come by all three: each is applied once, and not by the tab that sent it
    // (its own channel messages reach it too). A channel message that arrives before this tab
    // sees the sender's cart session is not applied (nor marked seen): its storage event, which
    // comes after that write, applies it (cartSyncReadyHere).
    const seen = new Set<string>();
    const fromOtherTab = (message: CartSyncMessage | null, via: "storage" | "channel") => {
      if (!message?.type || message.tab === cartTabId()) return;
      listenWhenNeeded(); // another tab may have started this browser's cart
      if (via === "channel" && !cartSyncReadyHere(message)) return;
      const key = `${message.type}:${message.ts}`;
      if (seen.has(key)) return;
      seen.add(key);
      if (message.type === "checkout-completed" || message.type === "cleared") {
        setCount(() => ({ count: 0, cartId: null, migrationPending: false }));
        refreshItems();
        return;
      }
      // Another tab's exact change is unknown here: re-read rather than guess.
      void queryClient.invalidateQueries({ queryKey: CART_COUNT_KEY });
      refreshItems();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.cartSync || !event.newValue) return;
      try {
        fromOtherTab(JSON.parse(event.newValue) as CartSyncMessage, "storage");
      } catch {
        // Not ours.
      }
    };
    window.addEventListener("storage", onStorage);
    const channels =
      typeof BroadcastChannel === "undefined"
        ? []
        : [CART_SYNC_CHANNEL, CART_NOTIFICATIONS_CHANNEL].map((name) => {
            const channel = new BroadcastChannel(name);
            channel.onmessage = (event: MessageEvent<CartSyncMessage>) => fromOtherTab(event.data, "channel");
            return channel;
          });

    // Other devices: the realtime bus, downloaded once this browser has a cart or a customer (a
    // first visitor with neither has nothing to hear). The cart's topic comes from its cookie,
    // which EventSource sends: nothing of it in the URL.
    const reread = () => {
      void queryClient.invalidateQueries({ queryKey: CART_COUNT_KEY });
      refreshItems();
    };
    let unmounted = false;
    let listening = false;
    const stopListening: Array<() => void> = [];
    const listenWhenNeeded = (signedInNow = signedInRef.current) => {
      if (listening || (!signedInNow && !readCartSessionId())) return;
      listening = true;
      loadRealtime().then(
        ({ startRealtime, onRealtime, RESYNC }) => {
          if (unmounted) return;
          startRealtime(() => "");
          stopListening.push(
            onRealtime("cart.changed", (data) => {
              const event = data as Partial<CartChangedEvent> | null;
              // The echo of this tab's own write is skipped: its mutation flow has already updated it
              // (optimistic update, re-sync). The other tabs and devices re-read.
              if (event?.originTab !== cartTabId()) reread();
              if (event?.reason === "status") void checkFinished();
            }),
            onRealtime(RESYNC, reread),
          );
        },
        () => {
          listening = false;
        },
      );
    };
    listenWhenNeeded();
    listenRef.current = listenWhenNeeded;

    // Sign-in and sign-out (auth feature's window event).
    const onAuth = (event: Event) => {
      const kind = (event as CustomEvent<{ event?: string }>).detail?.event;
      if (kind !== "SIGNED_IN" && kind !== "SIGNED_OUT") return;
      reconnectRealtimeIfLoaded();
      listenWhenNeeded(kind === "SIGNED_IN");
      if (kind === "SIGNED_IN" && readCartSessionId()) migrateInBackground();
      later(AUTH_COUNT_DELAY_MS, () => void queryClient.invalidateQueries({ queryKey: CART_COUNT_KEY }));
      later(AUTH_ITEMS_DELAY_MS, refreshItems);
    };
    window.addEventListener(AUTH_CHANGE_EVENT, onAuth);

    // Network back: refresh, check the cart, run the queue (spec §4).
    const onOnline = () => {
      void queryClient.invalidateQueries({ queryKey: CART_COUNT_KEY });
      void checkFinished();
      void runOfflineQueue();
    };
    window.addEventListener("online", onOnline);
    later(FIRST_QUEUE_RUN_MS, () => void runOfflineQueue());

    // abandoned_cart (spec §3): what was in the cart when the visitor left.
    const onHide = () => {
      if (document.visibilityState !== "hidden") return;
      const current = queryClient.getQueryData<CartCount>(CART_COUNT_KEY);
      if (current && current.count > 0) {
        safeStorage.set(STORAGE_KEYS.abandonedCart, JSON.stringify({ cartId: current.cartId, count: current.count, ts: Date.now() }));
      } else safeStorage.remove(STORAGE_KEYS.abandonedCart);
    };
    document.addEventListener("visibilitychange", onHide);

    return () => {
      unmounted = true;
      stop();
      listenRef.current = undefined;
      for (const stopOne of stopListening) stopOne();
      window.removeEventListener("storage", onStorage);
      window.removeEventListener(AUTH_CHANGE_EVENT, onAuth);
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onHide);
      for (const channel of channels) channel.close();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [queryClient]);

  // Spec §2/§4: the completed-cart check on every route change.
  useEffect(() => {
    void checkFinished();
  }, [location.pathname]);

  return <CountContext.Provider value={count}>{children}</CountContext.Provider>;
}

let migrating: Promise<void> | null = null;

/** Spec §4/§7: the session's cart joins the account in the background; a failure is only logged (§8). */
function migrateInBackground(): void {
  migrating ??= cartApi
    .migrate()
    .then(
      (result) => {
        if (result.migrated) signalCart({ type: "cart-updated" });
      },
      (error: unknown) => void logCartError(error, "migrate"),
    )
    .finally(() => {
      migrating = null;
    });
}

let checking: Promise<void> | null = null;

/**
 * Spec §4: a cart of this browser found completed or pending payment clears the local cart state
 * and says so. It asks about the cart this browser last saw (and, without one, its session's).
 */
function checkFinished(): Promise<void> {
  if (typeof window === "undefined" || offline()) return Promise.resolve();
  const lastId = safeStorage.get(STORAGE_KEYS.cartLastId);
  if (!lastId && !readCartSessionId()) return Promise.resolve();
  checking ??= cartApi
    .status(lastId)
    .then(
      (result) => {
        if (!result.finished) return;
        clearLocalCart();
        signalCart({ type: "cleared" });
        signalCart({ type: "checkout-completed" });
        toast.success(CART_CLEARED_MESSAGE);
      },
      () => {},
    )
    .finally(() => {
      checking = null;
    });
  return checking;
}
