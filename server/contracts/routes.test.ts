import { describe, expect, it } from "vitest";
import * as routes from "#server/contracts/routes.ts";
import { apiEndpoints } from "#server/http/api-endpoints.ts";

const key = (route: { method: string; path: string }) => `${route.method.toUpperCase()} ${route.path}`;
const tables = Object.entries(routes).filter(([name]) => name.endsWith("Routes") && name !== "streamRoutes") as Array<
  [string, Record<string, { method: string; path: string }>]
>;

describe("the route table the browser calls by name (server/contracts/routes.ts)", () => {
  it("names only operations the server serves, with the same method and path", () => {
    const served = new Set(apiEndpoints.map(key));
    const missing = tables.flatMap(([table, operations]) =>
      Object.entries(operations)
        .filter(([, route]) => !served.has(key(route)))
        .map(([name, route]) => `${table}.${name}: ${key(route)}`),
    );
    expect(missing).toEqual([]);
  });

  it("holds every endpoint the server serves, once: no endpoint is defined apart from its contract", () => {
    const listed = tables.flatMap(([, operations]) => Object.values(operations).map(key));
    expect(new Set(listed).size).toBe(listed.length);
    expect(apiEndpoints.map(key).filter((endpoint) => !listed.includes(endpoint))).toEqual([]);
  });
});
