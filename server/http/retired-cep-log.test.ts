import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/http/app.ts";
import { createTestDatabase, type TestDatabase } from "#test/database.ts";
import { loggerToLines } from "#test/log-lines.ts";

/*
 * Issue 29 item 5: a CEP is a customer's address. The retired lookup path carried it in the URL;
 * its 410 must not write it into the access log (nor into the metrics' labels, metrics.test.ts).
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

describe("the retired CEP path", () => {
  it("answers 410 and its access line names the path's template, never the CEP", async () => {
    const { logger, lines } = loggerToLines();
    const app = createApp({ ...t.services, logger });
    for (const method of ["GET", "POST"]) {
      const response = await app.request("/api/checkout/cep/01310930", { method, headers: { origin: "http://localhost:3000" } });
      expect(response.status).toBe(410);
    }
    const access = lines.filter((line) => line.msg === "request");
    expect(access.map((line) => [line.method, line.path, line.status])).toEqual([
      ["GET", "/api/checkout/cep/*", 410],
      ["POST", "/api/checkout/cep/*", 410],
    ]);
    expect(JSON.stringify(lines)).not.toContain("01310930");
  });
});
