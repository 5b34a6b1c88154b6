// Reads a server-sent events answer (/api/events) the way a test waits on it: until a text shows.

export type EventStreamReader = {
  /** Everything read so far. */
  readonly text: string;
  /** Reads until `needle` shows after `from` (default: what had been read before this call); fails after `ms`. */
  until(needle: string, ms?: number, from?: number): Promise<string>;
  close(): Promise<void>;
};

export function readEventStream(response: Response): EventStreamReader {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  return {
    get text() {
      return text;
    },
    async until(needle, ms = 10_000, from = text.length) {
      const deadline = Date.now() + ms;
      while (!text.slice(from).includes(needle)) {
        const next = await Promise.race([
          reader.read(),
          new Promise<"late">((resolve) => setTimeout(() => resolve("late"), Math.max(0, deadline - Date.now()))),
        ]);
        if (next === "late") throw new Error(`no ${JSON.stringify(needle)} within ${ms} ms; read: ${text.slice(from)}`);
        if (next.done) throw new Error(`the stream ended before ${JSON.stringify(needle)}; read: ${text.slice(from)}`);
        text += decoder.decode(next.value, { stream: true });
      }
      return text.slice(from);
    },
    async close() {
      await reader.cancel().catch(() => {});
    },
  };
}
