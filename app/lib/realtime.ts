import { buildPath } from "#app/lib/api-client.ts";
import { streamRoutes } from "#server/contracts/routes.ts";

/**
 * The browser side of the realtime bus (decision 004): server-sent events from the API's event stream (streamRoutes.events).
 * One tab per browser holds the EventSource (a Web Lock elects it) and passes every event to the
 * other tabs over a BroadcastChannel, so ten open tabs cost one connection, not ten (browsers
 * allow six per host over HTTP/1.1). Features subscribe with onRealtime(type, handler).
 *
 * `resync` means events may have been missed (a reconnect the server could not replay): re-read.
 */

type Handler = (data: unknown) => void;

const EVENTS_URL = buildPath(streamRoutes.events);
const LOCK = "shop-realtime";
const CHANNEL = "shop_realtime";
export const RESYNC = "resync";

const handlers = new Map<string, Set<Handler>>();
let query: () => string = () => "";
let channel: BroadcastChannel | null = null;
let source: EventSource | null = null;
let leader = false;
let started = false;
/** Event types the open EventSource already listens to. */
const listening = new Set<string>();

function dispatch(type: string, data: unknown): void {
  for (const handler of handlers.get(type) ?? []) {
    try {
      handler(data);
    } catch {
      // One feature's failure must not stop the others from hearing the event.
    }
  }
}

function listen(type: string): void {
  if (!source || listening.has(type)) return;
  listening.add(type);
  source.addEventListener(type, (event) => {
    let data: unknown = null;
    try {
      data = JSON.parse((event as MessageEvent<string>).data);
    } catch {
      data = null;
    }
    dispatch(type, data);
    channel?.postMessage({ type, data });
  });
}

/**
 * EventSource gives up for good on an answer other than 200 (a 503 while the shop's database is
 * away): the tab then opens a new one itself, waiting longer after each refusal.
 */
const RETRY_AFTER_REFUSAL_MS = { first: 1000, max: 30_000 };
let refusals = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * `search`: the query of the event stream, this tab's own reading of the parameters unless given.
 * `recovering`: events may have been missed before this connection, so its start is a resync too.
 */
function open(search = query(), recovering = false): void {
  clearTimeout(retryTimer);
  source?.close();
  listening.clear();
  const current = (source = new EventSource(search ? `${EVENTS_URL}?${search}` : EVENTS_URL));
  let opened = recovering;
  // The first `ready` is the start; a later one is an automatic reconnect. The server replays what
  // it can (Last-Event-ID), but a page that had seen no event yet sends none: re-reading is cheap.
  current.addEventListener("ready", () => {
    refusals = 0;
    if (opened) {
      dispatch(RESYNC, null);
      channel?.postMessage({ type: RESYNC, data: null });
    }
    opened = true;
  });
  current.addEventListener("error", () => {
    if (current !== source || current.readyState !== EventSource.CLOSED) return; // EventSource retries by itself
    const delay = Math.min(RETRY_AFTER_REFUSAL_MS.max, RETRY_AFTER_REFUSAL_MS.first * 2 ** refusals++);
    retryTimer = setTimeout(() => {
      if (current === source) open(search, true);
    }, delay);
  });
  for (const type of [...handlers.keys(), RESYNC]) listen(type);
}

function becomeLeader(): void {
  leader = true;
  open();
}

/**
 * Starts the connection (once per tab). `params` gives the query of the event stream (the cart session);
 * call reconnectRealtime() when it changes.
 */
export function startRealtime(params: () => string): void {
  query = params;
  if (started || typeof window === "undefined" || typeof EventSource === "undefined") return;
  started = true;
  if (typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (message: MessageEvent<{ type?: string; data?: unknown; reconnect?: boolean; query?: unknown }>) => {
      if (message.data?.reconnect) {
        if (leader) open(typeof message.data.query === "string" ? message.data.query : undefined);
        return;
      }
      if (message.data?.type) dispatch(message.data.type, message.data.data);
    };
  }
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (!channel || !locks) {
    becomeLeader();
    return;
  }
  // Held until the tab closes; the next tab in line then takes over.
  void locks.request(LOCK, () => new Promise<void>(() => becomeLeader())).catch(() => becomeLeader());
}

/**
 * The parameters changed (a new cart session, a sign-in): the connection starts again with them.
 * They travel with the message: they come from localStorage (the cart session), and the leading
 * tab may read its copy before this tab's write reaches it (a BroadcastChannel message is not
 * ordered with localStorage), which would leave the connection on the old parameters until the
 * next change.
 */
export function reconnectRealtime(): void {
  const search = query();
  if (leader) open(search);
  channel?.postMessage({ reconnect: true, query: search });
}

/** Calls `handler` for each event of `type` (in this tab, whichever tab holds the connection). */
export function onRealtime(type: string, handler: Handler): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  set.add(handler);
  listen(type);
  return () => {
    set.delete(handler);
  };
}
