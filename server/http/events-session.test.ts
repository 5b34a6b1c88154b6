import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/http/app.ts";
import { Browser, createAuthTestContext, PUBLIC_URL, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";

/*
 * Issue 16 item 6, in part: an open /api/events stream reads its session again at each heartbeat,
 * so a signed-out account's notifications stop reaching that browser within one beat.
 */

const HEARTBEAT_MS = 100;
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
