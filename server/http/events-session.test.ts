import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/http/app.ts";
import { Browser, createAuthTestContext, PASSWORD, PUBLIC_URL, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { publish, userTopic } from "#platform/realtime/bus.ts";
import { announceSessionEnded, SESSION_ENDED } from "#domain/auth/session-ended.server.ts";

/*
 * Issue 16 item 6: an open /api/events stream reads its session again at each heartbeat, and at
 * once when a session of its account ends (sign-out, sign-out on another device, password change,
 * account deletion), so that account's notifications stop reaching the browser.
 */

const HEARTBEAT_MS = 100;
/** A beat no test waits for: a stream that ends under it ended because it was told to. */
const LONG_HEARTBEAT_MS = 10 * 60_000;
let ctx: AuthTestContext;

beforeAll(async () => {
  ctx = await createAuthTestContext();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

/** Reads the stream until `needle` shows, or until it ends ("ended"), within `ms`. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, needle: string, ms: number): Promise<"found" | "ended"> {
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const next = await Promise.race([
      reader.read(),
      new Promise<"late">((resolve) => setTimeout(() => resolve("late"), deadline - Date.now())),
    ]);
    if (next === "late") break;
    if (next.done) return "ended";
    text += decoder.decode(next.value);
    if (text.includes(needle)) return "found";
  }
  throw new Error(`neither ${JSON.stringify(needle)} nor the end within ${ms} ms; read: ${text}`);
}

describe("a signed-in customer's event stream", () => {
  it("beats while the session lives, and ends within a beat once the customer signs out", async () => {
    const browser = await ctx.customer(uniqueEmail("sse-sessao"), new Browser("198.51.100.221"));
    const app = createApp(ctx.t.services, { eventsHeartbeatMs: HEARTBEAT_MS });
    const response = await app.request("/api/events", { headers: { cookie: browser.header() } });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    try {
      expect(await readUntil(reader, "event: ready", 2000)).toBe("found");
      // Several beats with the session alive: the stream stays.
      expect(await readUntil(reader, ": ping", 2000)).toBe("found");
      expect(await readUntil(reader, ": ping", 2000)).toBe("found");

      const signOut = await ctx.request("/api/auth/sign-out", { browser, json: {}, headers: { origin: PUBLIC_URL } });
      expect(signOut.status).toBe(200);
      expect(await readUntil(reader, "never sent", 3000)).toBe("ended");
    } finally {
      await reader.cancel().catch(() => {});
    }
  });
});

describe("a signed-in customer's event stream ends at once, without waiting for a heartbeat", () => {
  /** An open stream of `browser` (its "ready" read) on an app whose heartbeat never comes during the test. */
  async function openStream(browser: Browser) {
    const app = createApp(ctx.t.services, { eventsHeartbeatMs: LONG_HEARTBEAT_MS });
    const response = await app.request("/api/events", { headers: { cookie: browser.header() } });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    expect(await readUntil(reader, "event: ready", 2000)).toBe("found");
    return reader;
  }

  /** Opens a stream of `browser`, runs `endSession`, and says whether the stream ended. */
  async function streamAfter(browser: Browser, endSession: () => Promise<void>) {
    const reader = await openStream(browser);
    try {
      await endSession();
      return await readUntil(reader, "never sent", 5000);
    } finally {
      await reader.cancel().catch(() => {});
    }
  }

  it("when the customer signs out", async () => {
    const browser = await ctx.customer(uniqueEmail("sse-saida"), new Browser("198.51.100.222"));
    const ended = await streamAfter(browser, async () => {
      expect((await ctx.request("/api/auth/sign-out", { browser, json: {} })).status).toBe(200);
    });
    expect(ended).toBe("ended");
  });

  it("when the customer signs out on another device (every device is signed out)", async () => {
    const email = uniqueEmail("sse-outro");
    const laptop = await ctx.customer(email, new Browser("198.51.100.223"));
    const phone = new Browser("198.51.100.224");
    expect((await ctx.signIn(email, PASSWORD, phone)).status).toBe(200);
    const ended = await streamAfter(laptop, async () => {
      expect((await ctx.request("/api/auth/sign-out", { browser: phone, json: {} })).status).toBe(200);
    });
    expect(ended).toBe("ended");
  });

  it("when the password is changed on another device (its other sessions end)", async () => {
    const email = uniqueEmail("sse-senha");
    const laptop = await ctx.customer(email, new Browser("198.51.100.225"));
    const phone = new Browser("198.51.100.226");
    expect((await ctx.signIn(email, PASSWORD, phone)).status).toBe(200);
    const ended = await streamAfter(laptop, async () => {
      const changed = await ctx.request("/api/auth/change-password", {
        browser: phone,
        json: { currentPassword: PASSWORD, newPassword: "outra-senha-forte-3", revokeOtherSessions: true },
      });
      expect(changed.status).toBe(200);
    });
    expect(ended).toBe("ended");
  });

  it("when the account is deleted", async () => {
    const browser = await ctx.customer(uniqueEmail("sse-exclusao"), new Browser("198.51.100.227"));
    const ended = await streamAfter(browser, async () => {
      const deleted = await ctx.request("/api/account", {
        method: "DELETE",
        browser,
        json: { password: PASSWORD, confirmation: "EXCLUIR" },
      });
      expect(deleted.status).toBe(204);
    });
    expect(ended).toBe("ended");
  });

  it("but a stream whose own session lives on stays, and the browser never sees the message", async () => {
    const email = uniqueEmail("sse-sobrevive");
    const browser = await ctx.customer(email, new Browser("198.51.100.230"));
    const reader = await openStream(browser);
    try {
      // Another of the account's sessions ended (as when this device changed the password).
      await announceSessionEnded(ctx.t.db, await ctx.userId(email));
      await publish(ctx.t.db, userTopic(await ctx.userId(email)), "notification", { id: "y" });
      const decoder = new TextDecoder();
      let text = "";
      while (!text.includes("event: notification")) {
        const next = await reader.read();
        expect(next.done, "the stream ended").toBe(false);
        text += decoder.decode(next.value);
      }
      expect(text).not.toContain(SESSION_ENDED);
    } finally {
      await reader.cancel().catch(() => {});
    }
  });

  it("but not when another account signs out", async () => {
    const email = uniqueEmail("sse-fica");
    const browser = await ctx.customer(email, new Browser("198.51.100.228"));
    const other = await ctx.customer(uniqueEmail("sse-sai"), new Browser("198.51.100.229"));
    const reader = await openStream(browser);
    try {
      expect((await ctx.request("/api/auth/sign-out", { browser: other, json: {} })).status).toBe(200);
      // The account's own news still arrives on the stream that stayed open.
      await publish(ctx.t.db, userTopic(await ctx.userId(email)), "notification", { id: "x" });
      expect(await readUntil(reader, "event: notification", 5000)).toBe("found");
    } finally {
      await reader.cancel().catch(() => {});
    }
  });
});
