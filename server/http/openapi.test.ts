import { createConfig, lintFromString } from "@redocly/openapi-core";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { apiEndpoints } from "#server/http/api-endpoints.ts";
import { SESSION_COOKIE } from "#server/http/api.ts";

/**
 * The served OpenAPI document is valid OpenAPI 3.1, checked by two maintained validators, each for
 * what the other cannot see:
 * - @seriousme/openapi-schema-validator: the document against the OpenAPI Initiative's published
 *   JSON Schema for 3.1 (structure, field types, `$ref`s). A JSON Schema cannot express cross-field
 *   rules: it (like @apidevtools/swagger-parser) passed the old document whose templated paths
 *   declared no path parameters.
 * - @redocly/openapi-core (Redocly CLI's engine), ruleset `recommended-strict`: its warnings are
 *   errors. Among its rules: path parameters declared for every `{name}`, an operationId on every
 *   operation and unique, every security requirement defined in components.securitySchemes.
 * Any problem fails the test, printed in full.
 */

let ctx: AuthTestContext;
let document: Record<string, unknown> & {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { name: string }> };
};
type Operation = {
  operationId?: string;
  security?: unknown;
  "x-access"?: string;
  parameters?: Array<{ name: string; in: string; required: boolean }>;
};

beforeAll(async () => {
  ctx = await createAuthTestContext();
  const response = await ctx.request("/api/openapi.json");
  expect(response.status).toBe(200);
  document = (await response.json()) as typeof document;
});
afterAll(async () => ctx?.close());

/** Redocly's rules that do not fit this API, each with its reason. Nothing else is turned off. */
const RULES_OFF = {
  // A private shop's API: there is no licence to name.
  "info-license": "off",
  "info-license-url": "off",
} as const;

/** Every problem Redocly finds in `doc`, one readable line each. */
async function lint(doc: object): Promise<string[]> {
  const config = await createConfig({ extends: ["recommended-strict"], rules: RULES_OFF });
  const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: "/api/openapi.json", config });
  return problems.map((problem) => `${problem.ruleId} (${problem.severity}): ${problem.message} at ${problem.location[0]?.pointer ?? "?"}`);
}

describe("GET /api/openapi.json", () => {
  it("matches the OpenAPI 3.1 JSON Schema", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("passes Redocly's recommended-strict rules", async () => {
    expect(await lint(document)).toEqual([]);
  });

  it("would fail on the old document's faults: a path parameter, an operationId or a security scheme missing", async () => {
    const broken = structuredClone(document);
    const order = broken.paths["/orders/{id}"]!.get!;
    delete order.parameters;
    delete order.operationId;
    delete (broken.components as { securitySchemes?: unknown }).securitySchemes;
    const rules = new Set((await lint(broken)).map((problem) => problem.split(" ")[0]));
    expect(rules).toEqual(new Set(["path-parameters-defined", "operation-operationId", "security-defined"]));
  });

  it("declares every endpoint once, with its operationId, its path parameters and its access", () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations).toHaveLength(apiEndpoints.length);
    for (const endpoint of apiEndpoints) {
      const path = endpoint.path.replace(/:(\w+)/g, "{$1}");
      const operation = document.paths[path]?.[endpoint.method];
      expect(operation?.operationId, `${endpoint.method} ${path}`).toBe(endpoint.operationId);
      const declared = (operation?.parameters ?? []).filter((parameter) => parameter.in === "path");
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(declared.map((parameter) => [parameter.name, parameter.required])).toEqual(templated.map((name) => [name, true]));
      const access = endpoint.guard?.access ?? endpoint.callers ?? "public";
      expect(operation?.["x-access"]).toBe(access);
      const security =
        access !== "public" && access !== "provider" ? [{ session: [] }] : endpoint.session === "optional" ? [{}, { session: [] }] : [];
      expect(operation?.security, `${endpoint.method} ${path}`).toEqual(security);
    }
    expect(new Set(operations.map(({ operation }) => operation.operationId)).size).toBe(operations.length);
  });

  it("names the session cookie the shop really sets", async () => {
    expect(document.components.securitySchemes.session).toMatchObject({ type: "apiKey", in: "cookie", name: SESSION_COOKIE });
    const browser = await ctx.customer(uniqueEmail());
    expect([...browser.cookies.keys()]).toContain(SESSION_COOKIE);
  });
});
