// An event stream (/api/events) followed the way the browser's EventSource does (app/lib/realtime.ts):
// when the stream ends it opens it again after the `retry` the server asked for, sending the last
// event id; the first `ready` of each new connection is a resync (the page re-reads what it shows).
import type { Browser } from "#test/auth-helpers.ts";

type Target = { url(pathname: string): string };

export class EventFollower {
  /** Connections answered 200. */
  connections = 0;
  /** Streams that ended (the instance asked to reconnect, or went away) while we still followed. */
  ends = 0;
  /** `ready` events on a connection after the first: each one makes the page re-read. */
  resyncs = 0;
  /** Explicit `resync` events (a Last-Event-ID the new instance cannot replay). */
  resyncEvents = 0;
  /** Why opening the stream failed, each time it did. */
  readonly refusals: string[] = [];
  readonly types: string[] = [];
  #lastEventId: string | undefined;
  #retryMs = 1000;
  #abort = new AbortController();
  #running: Promise<void> | undefined;

  constructor(
    private readonly target: Target,
    private readonly browser: Browser,
  ) {}

  start(): void {
    this.#running = this.#loop();
  }

  async stop(): Promise<void> {
    this.#abort.abort();
    await this.#running;
  }

  /** Waits until an event of `type` arrives after the `from`-th event; fails after `ms`. */
  async waitFor(type: string, from: number, ms = 10_000): Promise<void> {
    for (const deadline = Date.now() + ms; !this.types.slice(from).includes(type);) {
      if (Date.now() > deadline) throw new Error(`no ${type} event within ${ms} ms; seen: ${this.types.slice(from).join(", ")}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async #loop(): Promise<void> {
    while (!this.#abort.signal.aborted) {
      try {
        await this.#follow();
      } catch (error) {
        if (this.#abort.signal.aborted) return;
        this.refusals.push(error instanceof Error ? error.message : String(error));
      }
      if (this.#abort.signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, this.#retryMs));
    }
  }

  async #follow(): Promise<void> {
    const headers: Record<string, string> = {
      accept: "text/event-stream",
      "x-forwarded-for": this.browser.address,
      cookie: this.browser.header(),
    };
    if (this.#lastEventId) headers["last-event-id"] = this.#lastEventId;
    const response = await fetch(this.target.url("/api/events"), { headers, signal: this.#abort.signal });
    if (response.status !== 200) throw new Error(`GET /api/events answered ${response.status}: ${await response.text()}`);
    const first = this.connections === 0;
    this.connections += 1;
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let pending = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        pending += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = pending.indexOf("\n\n")) >= 0) {
          this.#dispatch(pending.slice(0, end), first);
          pending = pending.slice(end + 2);
        }
      }
    } catch (error) {
      // A connection cut mid-stream (nginx's old worker after a reload) ends it like a close.
      if (this.#abort.signal.aborted) return;
      void error;
    }
    if (!this.#abort.signal.aborted) this.ends += 1;
  }

  #dispatch(block: string, firstConnection: boolean): void {
    let type = "message";
    for (const line of block.split("\n")) {
      const colon = line.indexOf(":");
      if (colon <= 0) continue;
      const field = line.slice(0, colon);
      const value = line.slice(colon + 1).trimStart();
      if (field === "event") type = value;
      else if (field === "id") this.#lastEventId = value;
      else if (field === "retry" && /^\d+$/.test(value)) this.#retryMs = Number(value);
    }
    if (block.split("\n").every((line) => line.startsWith(":"))) return; // a heartbeat
    this.types.push(type);
    if (type === "ready" && !firstConnection) this.resyncs += 1;
    if (type === "resync") this.resyncEvents += 1;
  }
}
