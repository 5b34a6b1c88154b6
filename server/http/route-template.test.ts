import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { apiEndpoints } from "#server/http/api-endpoints.ts";
import { routeTemplates } from "#server/http/route-template.ts";

/** The route manifest of a React Router build, as much of it as the labels read. */
const build = {
  routes: {
    root: { id: "root", path: "" },
    "routes/home": { id: "routes/home", parentId: "root", index: true },
    "routes/produto": { id: "routes/produto", parentId: "root", path: "produto/:slug" },
    "routes/download": { id: "routes/download", parentId: "root", path: "download/:orderId/:productId" },
    "routes/cart": { id: "routes/cart", parentId: "root", path: "cart" },
    "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
  },
} as unknown as ServerBuild;

describe("the metrics' route labels (decision 052)", () => {
  const routeOf = routeTemplates(apiEndpoints, build);

  it("are the templates of API endpoints, better-auth's fixed paths and page routes", () => {
    const id = crypto.randomUUID();
    expect(routeOf("GET", `/api/orders/${id}`)).toBe("/api/orders/:id");
    expect(routeOf("POST", `/api/admin/orders/${id}/cancel`)).toBe("/api/admin/orders/:id/cancel");
    expect(routeOf("POST", "/api/auth/sign-in/email")).toBe("/api/auth/sign-in/email");
    expect(routeOf("GET", "/produto/cogumelo-penis-envy-7")).toBe("/produto/:slug");
    expect(routeOf("GET", "/produto/cogumelo-penis-envy-7.data")).toBe("/produto/:slug.data");
    expect(routeOf("GET", `/download/${id}/${id}`)).toBe("/download/:orderId/:productId");
    expect(routeOf("GET", "/")).toBe("/");
    expect(routeOf("GET", "/cart/")).toBe("/cart");
    expect(routeOf("GET", "/uploads/products/abc-800.webp")).toBe("/uploads/*");
  });

  it("never carry a value from an unknown path", () => {
    expect(routeOf("GET", "/api/checkout/cep/01310930")).toBe("/api/checkout/cep/*");
    expect(routeOf("POST", "/api/auth/maria@example.com")).toBe("/api/auth/*");
    expect(routeOf("GET", "/qualquer/coisa/12345")).toBe("/*");
    expect(routeTemplates(apiEndpoints)("GET", "/produto/x")).toBe("other");
  });
});
