/**
 * The realtime bus (realtime.ts), downloaded only when a page has something to hear: a cart of this
 * browser or a signed-in customer. A first visitor with neither never loads it (decision 086), and
 * their page opens no event stream.
 */
import type * as Realtime from "#app/lib/realtime.ts";

type RealtimeBus = typeof Realtime;

let loading: Promise<RealtimeBus> | undefined;
let loaded: RealtimeBus | undefined;

/** The bus, loaded on the first call (the same module every later call). */
export function loadRealtime(): Promise<RealtimeBus> {
  loading ??= import("#app/lib/realtime.ts").then(
    (bus) => (loaded = bus),
    (error: unknown) => {
      loading = undefined; // a failed download (offline) is tried again on the next need
      throw error;
    },
  );
  return loading;
}

/**
 * The connection's parameters changed (a new cart session, a sign-in). Without the bus there is no
 * connection yet: the one its first start opens already carries them.
 */
export function reconnectRealtimeIfLoaded(): void {
  loaded?.reconnectRealtime();
}
