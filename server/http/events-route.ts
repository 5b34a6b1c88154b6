import { sseConnections } from "#platform/metrics.ts";
import { streamRoutes } from "#server/contracts/routes.ts";
import type { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { isAdminAccount } from "#domain/auth/admins.server.ts";
import { readSessionUser } from "#domain/auth/session.server.ts";
import { SESSION_ENDED } from "#domain/auth/session-ended.server.ts";
import { currentUser } from "#server/http/guards.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { ApiError } from "#server/http/errors.ts";
import { cartSessionOf } from "#server/http/cart-token.ts";
import type { Lifecycle } from "#server/lifecycle.ts";
import { ADMINS_TOPIC, realtimeBus, type RealtimeMessage, sessionTopic, userTopic } from "#platform/realtime/bus.ts";

export const EVENTS_PATH = streamRoutes.events.path;
/**
 * A comment line now and then keeps proxies and mobile networks from closing an idle stream; at
 * each one a signed-in stream reads its session again. A sign-out, a password change or a deleted
 * account also announces it on the bus (SESSION_ENDED), and the stream reads it at once; the beat
 * is the backstop should that message be lost.
 */
export const HEARTBEAT_MS = 25_000;
/** EventSource waits this long before reconnecting. */
const RETRY_MS = 1000;
/**
 * When the instance shuts down, the stream's last event (`reconnect`) asks for a quicker reconnect,
 * which the load balancer sends to another instance; its `ready` makes the page re-read (decision 053).
 */
const RECONNECT_EVENT = "reconnect";
const RECONNECT_RETRY_MS = 250;

/**
 * GET /api/events: server-sent events of the realtime bus for this browser: its signed-in user's
 * topic, its cart session's topic (only while it has no account cart: see domain/cart/cart-store.server.ts) and, for
 * admins, the admins' topic. Every event carries an `id`; a reconnect with Last-Event-ID replays
 * what this instance saw since, otherwise the first event is `resync` and the page re-reads its data.
 */
export function mountEventRoutes(api: Hono<AppEnv>, heartbeatMs = HEARTBEAT_MS, lifecycle?: Lifecycle): void {
  api.get(EVENTS_PATH, async (c) => {
    const services = c.get("services");
    const user = await currentUser(c);
    // The anonymous cart's topic comes from its cookie (EventSource sends cookies), never the URL (decision 017).
    const cart = cartSessionOf(services.config, c.req.header("cookie"));
    const topics: string[] = [];
    if (user) topics.push(userTopic(user.id));
    if (cart.sessionId) topics.push(sessionTopic(cart.sessionId));
    if (user && (await isAdminAccount(services, user))) topics.push(ADMINS_TOPIC);

    const bus = realtimeBus(services.db, services.logger);
    try {
      await bus.ready();
    } catch (error) {
      services.logger.warn({ err: error }, "realtime: LISTEN unavailable");
      throw new ApiError(503, "realtime_unavailable", "Atualizações em tempo real indisponíveis no momento. Tente novamente em instantes.");
    }
    const cookie = c.req.header("cookie") ?? "";
    /** Whether the account this stream serves still has this session (a fresh read, not the request's). */
    const sessionStillOpen = async () =>
      (await readSessionUser(services, new Request(c.req.url, { headers: { cookie } })).catch(() => null))?.id === user?.id;
    const lastEventId = c.req.header("last-event-id");
    const missed = lastEventId ? bus.since(lastEventId, topics) : null;

    c.header("Cache-Control", "no-store");
    c.header("X-Accel-Buffering", "no");
    return streamSSE(
      c,
      async (stream) => {
        const queue: RealtimeMessage[] = [];
        let wake: (() => void) | null = null;
        /** A session of this account ended somewhere: read ours now, not at the next beat. */
        let sessionEnded = false;
        const push = (message: RealtimeMessage) => {
          if (message.type === SESSION_ENDED) sessionEnded = true;
          else queue.push(message);
          wake?.();
        };
        const unsubscribe = bus.subscribe(topics, push);
        sseConnections.inc();
        // The LISTEN connection dropped and is back: what was published meanwhile is lost, so the page re-reads.
        const stopResync = bus.onResync(() => push({ id: "", topic: "", type: "resync", data: null }));
        let open = true;
        let closing = false;
        let checkedAt = Date.now();
        stream.onAbort(() => {
          open = false;
          wake?.();
        });
        const stopClosing = lifecycle?.onClosing(() => {
          closing = true;
          wake?.();
        });
        try {
          await stream.writeSSE({ event: "ready", data: JSON.stringify({ topics: topics.length }), retry: RETRY_MS });
          if (missed) queue.push(...missed.filter((message) => message.type !== SESSION_ENDED));
          else if (lastEventId) queue.push({ id: "", topic: "", type: "resync", data: null });
          while (open) {
            while (queue.length > 0 && open) {
              const message = queue.shift()!;
              await stream.writeSSE({
                event: message.type,
                data: JSON.stringify(message.data ?? null),
                ...(message.id ? { id: message.id } : {}),
              });
            }
            if (!open) break;
            if (closing) {
              await stream.writeSSE({ event: RECONNECT_EVENT, data: "null", retry: RECONNECT_RETRY_MS });
              break;
            }
            let timer: NodeJS.Timeout | undefined;
            await new Promise<void>((resolve) => {
              wake = resolve;
              timer = setTimeout(resolve, heartbeatMs);
            });
            clearTimeout(timer);
            wake = null;
            // Its session ended (signed out, password changed, account deleted): the stream ends, and
            // the browser's reconnect, without that session, gets a visitor's topics only.
            const beat = Date.now() - checkedAt >= heartbeatMs;
            if (user && (beat || sessionEnded)) {
              checkedAt = Date.now();
              sessionEnded = false;
              if (!(await sessionStillOpen())) break;
            }
            if (open && queue.length === 0 && beat) await stream.write(": ping\n\n");
          }
        } finally {
          sseConnections.dec();
          unsubscribe();
          stopResync();
          stopClosing?.();
        }
        // A browser that went away mid-write is not an error worth logging.
      },
      async () => {},
    );
  });
}
