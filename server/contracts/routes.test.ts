import { describe, expect, it } from "vitest";
import { apiEndpoints } from "#server/http/api-endpoints.ts";

type Table = Record<string, { method: string; path: string }>;
const key = (route: { method: string; path: string }) => `${route.method.toUpperCase()} ${route.path}`;
// Every module's route file, as the browser imports them.
const modules = import.meta.glob<Record<string, Table>>("./*.routes.ts", { eager: true });
const tables = Object.values(modules).flatMap((exports) => Object.entries(exports));

describe("the route tables the browser calls by name (server/contracts/*.routes.ts)", () => {
  it("names only operations the server serves, with the same method and path", () => {
    expect(tables.length).toBeGreaterThan(20);
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
