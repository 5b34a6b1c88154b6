import type { EntryContext } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import {
  forgetRenderedPages,
  keepRenderedPage,
  MAX_RENDERED_PAGES,
  NONCE_PLACEHOLDER,
  RENDERED_PAGE_TTL_MS,
  renderedPage,
  renderedPageCount,
  renderedPageKey,
} from "#app/lib/rendered-pages.server.ts";

const VISITOR = { user: null, isAdmin: false };
const CUSTOMER = { user: { id: "u1", email: "ana@example.com" }, isAdmin: false };
const PRODUCT = { name: "Cogumelo Penis Envy 7", priceCents: 4000, image: "/images/products/pe7.webp", stock: 600 };

/** The parts of React Router's entry context the key reads: matches, loaders' data, route modules. */
function context({
  auth = VISITOR as object,
  product = PRODUCT as object,
  cached = true,
  errors = null as object | null,
} = {}): EntryContext {
  return {
    isSpaMode: false,
    routeModules: { root: {}, "routes/produto": { handle: cached ? { cacheRenderedPage: true } : undefined } },
    staticHandlerContext: {
      matches: [{ route: { id: "root" } }, { route: { id: "routes/produto" } }],
      loaderData: { root: { auth, publicConfig: {} }, "routes/produto": { product } },
      actionData: null,
      errors,
    },
  } as unknown as EntryContext;
}

const GET = new Request("http://shop.test/produto/cogumelo-penis-envy-7");

afterEach(() => forgetRenderedPages());

describe("the key of a kept product page", () => {
  it("exists for a visitor's GET of a route that opted in, and is the same for the same data", () => {
    const key = renderedPageKey(GET, 200, context());
    expect(key).toBeDefined();
    expect(renderedPageKey(GET, 200, context())).toBe(key);
  });

  it("changes when the admin changes the name, the price or the photo, or a sale changes the stock", () => {
    const before = renderedPageKey(GET, 200, context());
    for (const change of [{ name: "Novo nome" }, { priceCents: 4500 }, { image: "/uploads/products/abc-800.webp" }, { stock: 598 }]) {
      expect(renderedPageKey(GET, 200, context({ product: { ...PRODUCT, ...change } })), JSON.stringify(change)).not.toBe(before);
    }
  });

  it("does not exist for a signed-in customer, whose header carries their e-mail", () => {
    expect(renderedPageKey(GET, 200, context({ auth: CUSTOMER }))).toBeUndefined();
  });

  it("does not exist for other methods, other statuses, errors or routes that did not opt in", () => {
    expect(renderedPageKey(new Request(GET.url, { method: "POST" }), 200, context())).toBeUndefined();
    expect(renderedPageKey(GET, 404, context())).toBeUndefined();
    expect(renderedPageKey(GET, 200, context({ errors: { "routes/produto": new Error("x") } }))).toBeUndefined();
    expect(renderedPageKey(GET, 200, context({ cached: false }))).toBeUndefined();
  });

  it("keeps the query string apart (?hideHeader=true renders another page)", () => {
    const plain = renderedPageKey(GET, 200, context());
    expect(renderedPageKey(new Request(`${GET.url}?hideHeader=true`), 200, context())).not.toBe(plain);
  });
});

describe("a kept page", () => {
  it("is sent with each response's own nonce", () => {
    keepRenderedPage("k", `<link nonce="${NONCE_PLACEHOLDER}"/><script nonce="${NONCE_PLACEHOLDER}"></script>`);
    expect(renderedPage("k", "abc")).toBe('<link nonce="abc"/><script nonce="abc"></script>');
    expect(renderedPage("k", "xyz")).toBe('<link nonce="xyz"/><script nonce="xyz"></script>');
  });

  it("expires, and the oldest goes first when too many are kept", () => {
    const now = 1_000_000;
    keepRenderedPage("k", "html", now);
    expect(renderedPage("k", "n", now + RENDERED_PAGE_TTL_MS - 1)).toBe("html");
    expect(renderedPage("k", "n", now + RENDERED_PAGE_TTL_MS)).toBeUndefined();

    for (let index = 0; index <= MAX_RENDERED_PAGES; index++) keepRenderedPage(`page-${index}`, "html", now);
    expect(renderedPageCount()).toBe(MAX_RENDERED_PAGES);
    expect(renderedPage("page-0", "n", now)).toBeUndefined();
    expect(renderedPage(`page-${MAX_RENDERED_PAGES}`, "n", now)).toBe("html");
  });
});
