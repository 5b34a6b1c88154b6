import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { loggerToLines } from "#test/log-lines.ts";
import { AccessLog, ACCESS_SUMMARY_MS } from "#server/http/access-log.ts";
import { defineEndpoint } from "#server/http/api.ts";

const PRICE = "/api/functions/calculate-price";
const endpoints = [
  defineEndpoint({
    method: "post",
    path: "/functions/calculate-price",
    operationId: "price",
    summary: "preço",
    tag: "t",
    accessLog: "summary",
    response: z.object({}),
    handler: () => ({}),
  }),
  defineEndpoint({
    method: "get",
    path: "/cart",
    operationId: "cart",
    summary: "carrinho",
    tag: "t",
    response: z.object({}),
    handler: () => ({}),
  }),
];

const entry = (path: string, status: number, ms: number, requestId = "r") => ({
  requestId,
  method: path === PRICE ? "POST" : "GET",
  path,
  status,
  ms,
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the access log", () => {
  it("writes a line for every request of an ordinary endpoint, with its request id", () => {
    const { lines, logger } = loggerToLines();
    const log = new AccessLog(logger, endpoints);
    log.record(entry("/api/cart", 200, 3, "a1"));
    log.record(entry("/api/cart", 200, 4, "a2"));
    expect(lines).toEqual([
      expect.objectContaining({ msg: "request", requestId: "a1", method: "GET", path: "/api/cart", status: 200, ms: 3 }),
      expect.objectContaining({ msg: "request", requestId: "a2", method: "GET", path: "/api/cart", status: 200, ms: 4 }),
    ]);
    log.close();
  });

  it("sums up a summarized endpoint's successes once a minute, and still writes each of its failures", () => {
    vi.useFakeTimers();
    const { lines, logger } = loggerToLines();
    const log = new AccessLog(logger, endpoints);
    log.record(entry(PRICE, 200, 1));
    log.record(entry(PRICE, 200, 4));
    log.record(entry(PRICE, 200, 1));
    log.record(entry(PRICE, 400, 2, "refused"));
    expect(lines).toEqual([expect.objectContaining({ msg: "request", requestId: "refused", path: PRICE, status: 400 })]);

    vi.advanceTimersByTime(ACCESS_SUMMARY_MS);
    expect(lines.slice(1)).toEqual([
      expect.objectContaining({ msg: "requests", method: "POST", path: PRICE, status: 200, requests: 3, msMean: 2, msMax: 4 }),
    ]);
    // A quiet minute writes nothing.
    vi.advanceTimersByTime(ACCESS_SUMMARY_MS);
    expect(lines).toHaveLength(2);
    log.close();
  });

  it("writes what it has counted when it is closed (the server stopping)", () => {
    const { lines, logger } = loggerToLines();
    const log = new AccessLog(logger, endpoints);
    log.record(entry(PRICE, 200, 2));
    log.close();
    expect(lines).toEqual([expect.objectContaining({ msg: "requests", path: PRICE, requests: 1, msMean: 2, msMax: 2 })]);
  });
});
