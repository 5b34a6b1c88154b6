import { focusManager, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "#app/lib/query-client.ts";

const MINUTE = 60_000;

afterEach(() => {
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

describe("createQueryClient (spec §9 cache rules)", () => {
  it("resolves every query's options to stale 5 min, kept 30 min, retry 1, no refetch on focus", () => {
    const client = createQueryClient();
    const options = client.defaultQueryOptions({ queryKey: ["qualquer"] });
    expect(options).toMatchObject({ staleTime: 5 * MINUTE, gcTime: 30 * MINUTE, retry: 1, refetchOnWindowFocus: false });
  });

  it("serves cached data for 5 minutes without refetching, then refetches on the next mount", async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const queryFn = vi.fn().mockResolvedValue("dados");
    await client.prefetchQuery({ queryKey: ["produtos"], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(1);

    // A component mounting with fresh data in the cache uses it as is.
    vi.advanceTimersByTime(5 * MINUTE - 1);
    const fresh = new QueryObserver(client, { queryKey: ["produtos"], queryFn });
    const unsubscribeFresh = fresh.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);

    // Past 5 minutes the data is stale, and mounting refetches it.
    unsubscribeFresh();
    vi.advanceTimersByTime(2);
    const stale = new QueryObserver(client, { queryKey: ["produtos"], queryFn });
    const unsubscribeStale = stale.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(2);
    unsubscribeStale();
    client.clear();
  });

  it("keeps unused data in the cache for 30 minutes, then drops it", async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ["carrinho"], queryFn: () => "dados" });
    vi.advanceTimersByTime(30 * MINUTE - 1);
    expect(client.getQueryData(["carrinho"])).toBe("dados");
    vi.advanceTimersByTime(2);
    expect(client.getQueryData(["carrinho"])).toBeUndefined();
  });

  it("retries a failed query exactly once", async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const queryFn = vi.fn().mockRejectedValue(new Error("falhou"));
    const observer = new QueryObserver(client, { queryKey: ["falha"], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(60_000); // long enough for several retries with backoff
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult().status).toBe("error");
    unsubscribe();
    client.clear();
  });

  it("does not refetch when the window regains focus, even with stale data", async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    client.mount(); // what QueryClientProvider does: listen to focus and online events
    const queryFn = vi.fn().mockResolvedValue("dados");
    const observer = new QueryObserver(client, { queryKey: ["foco"], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * MINUTE); // stale now: only the focus rule can prevent a refetch
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    unsubscribe();
    client.unmount();
    client.clear();
  });
});
