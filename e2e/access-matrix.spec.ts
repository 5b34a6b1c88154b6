// The access matrix of issue 4: every route of app/routes.ts and every endpoint of the API, as an
// anonymous visitor, a customer, another customer and an admin, against the production build.
// A new route or endpoint fails this test until it is classified below.
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import routes from "../app/routes.ts";
import { AUTH_BASE_PATH, AUTH_OPERATIONS } from "../domain/auth/auth-paths.ts";
import { productUuid } from "../domain/catalog/product-slugs.ts";
import { expect, test } from "./fixtures.ts";
import { linkIn, uniqueEmail, waitForMail } from "./mail.ts";
import { E2E_BASE_URL, E2E_MATRIX_ADMIN_EMAIL } from "./test-env.ts";

type Access = "public" | "user" | "admin" | "provider";
/**
 * "own": a page about one thing of the customer's, named in its address (a download link, decision
 * 030): a visitor signs in first; an address that names nothing is the 404 page for everyone signed
 * in. Who else is refused (403) is its own tests' business (e2e/reviews-delivery.spec.ts).
 */
type PageAccess = Access | "own";

/** Every route of app/routes.ts (by its path; "" is the index) and who may see it. */
const PAGES: Record<string, PageAccess> = {
  "": "public",
  auth: "public",
  // The panels and their sections (/cliente/enderecos, /admin/pedidos…; decision 047): checked here
  // at the panel's own address; every section's address in e2e/panel-routes.spec.ts.
  "cliente/:aba?": "user",
  "admin/:secao?": "admin",
  "maintenance-panel/:secao?": "admin",
  "customizar-produto": "admin",
  cart: "public",
  checkout: "public",
  "checkout-flow": "public",
  // /success shows one of the customer's own orders (issue 6).
  success: "user",
  "prototipo/kit-cultivo-gt": "public",
  referencias: "public",
  "guia-cultivo": "public",
  cursos: "public",
  "restricao-idade": "public",
  privacidade: "public",
  termos: "public",
  cookies: "public",
  "produto/:slug": "public",
  // The reminder e-mails' unsubscribe link works without signing in (issue 19 item 5).
  descadastrar: "public",
  // Product search (issue 20, decision 032).
  busca: "public",
  "download/:orderId/:productId": "own",
  "delivery-address": "public",
  "unified-checkout": "public",
  direitos: "public",
  "sitemap.xml": "public",
  "robots.txt": "public",
  "__teste/erro": "public",
  "*": "public",
};

/** Public API endpoints, by OpenAPI path; the rest is private by where it lives. */
const PUBLIC_API = new Set([
  "/client-errors",
  // Consent events (LGPD): the age gate is accepted before anyone signs in.
  "/consent",
  "/functions/calculate-price",
  // The cart (issue 5): anyone's own cart, by session id or account; another's is a 404.
  "/cart",
  "/cart/count",
  "/cart/items",
  "/cart/items/{id}",
  "/cart/shipping",
  "/cart/status",
  "/shipping/quote",
  // The reminder e-mails' unsubscribe link (signed; issue 19 item 5).
  "/unsubscribe",
  // Product search (decision 032).
  "/search",
]);

function apiAccess(path: string): Access | undefined {
  if (path.startsWith("/admin/")) return "admin";
  // Payment providers' webhooks (issue 21): signed calls, no session; nobody's browser is believed.
  if (path.startsWith("/payments/")) return "provider";
  // Focus NFe's hook (issue 30 item 3): its secret header, no session.
  if (path.startsWith("/invoices/")) return "provider";
  // Melhor Envio's tracking webhook (issue 30 item 5): X-ME-Signature, no session.
  if (path.startsWith("/shipping/melhorenvio/")) return "provider";
  if (path === "/account" || path.startsWith("/account/") || path === "/rpc/is_admin" || path === "/cart/migrate") return "user";
  // Joining this browser's consent events to the account signed in (decision 060).
  if (path === "/consent/join") return "user";
  // Checkout, orders and notifications (issue 6): the signed-in customer's own.
  if (/^\/(checkout|orders|notifications)(\/|$)/.test(path)) return "user";
  return PUBLIC_API.has(path) ? "public" : undefined;
}

function pageUrl(path: string): string {
  if (path === "*") return "/pagina-que-nao-existe";
  const nobody = "00000000-0000-4000-8000-000000000000";
  return `/${path
    .replace(":slug", "cogumelo-golden-teacher")
    .replace(":orderId", nobody)
    .replace(":productId", nobody)
    .replace(/\/:\w+\?$/, "")}`;
}

const PASSWORD = "matriz-de-acesso-42";
type Principal = { name: string; email?: string; context: APIRequestContext };

test.describe.configure({ mode: "serial" });

let anonymous: Principal;
let customer: Principal;
let otherCustomer: Principal;
let admin: Principal;
const street = `Rua da Matriz ${Date.now()}`;

/** An account confirmed through the e-mailed link, signed in in its own request context. */
async function confirmedAccount(name: string, email: string): Promise<Principal> {
  const context = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const signUp = await context.post("/api/auth/sign-up/email", { data: { name, email, password: PASSWORD } });
  expect(signUp.status()).toBe(200);
  const mail = await waitForMail(email, (m) => m.subject.startsWith("Confirme"));
  const link = new URL(linkIn(mail, "/api/auth/verify-email"));
  expect((await context.get(link.pathname + link.search)).status()).toBe(200);
  const session = (await (await context.get("/api/auth/get-session")).json()) as { user?: { email: string } } | null;
  expect(session?.user?.email).toBe(email);
  return { name, email, context };
}

test.beforeAll(async () => {
  anonymous = { name: "anônimo", context: await playwrightRequest.newContext({ baseURL: E2E_BASE_URL }) };
  customer = await confirmedAccount("cliente", uniqueEmail("matriz-a"));
  otherCustomer = await confirmedAccount("outro cliente", uniqueEmail("matriz-b"));
  admin = await confirmedAccount("admin", E2E_MATRIX_ADMIN_EMAIL);
  const saved = await customer.context.post("/api/account/addresses", {
    data: {
      recipientName: "Cliente A",
      phone: "11912345678",
      cep: "01310100",
      street,
      number: "1",
      neighborhood: "Centro",
      city: "São Paulo",
      state: "SP",
    },
  });
  expect(saved.status()).toBe(201);
  // Something in every cart, the visitor's too (issue 20): /checkout answers an empty cart with the
  // domain's refusal (409, e2e/page-refusals.spec.ts), which is about the cart, not about who may see the page.
  for (const principal of [anonymous, customer, otherCustomer, admin]) {
    const added = await principal.context.post("/api/cart/items", {
      data: { productId: productUuid(201), quantity: 1 },
      headers: { origin: E2E_BASE_URL },
    });
    expect(added.status(), `${principal.name}: ${await added.text()}`).toBe(201);
  }
});

test.afterAll(async () => {
  for (const principal of [anonymous, customer, otherCustomer, admin]) await principal?.context.dispose();
});

test("every route of app/routes.ts, for each kind of visitor", async () => {
  test.setTimeout(90_000);
  const table = routes.map((route) => (route.index ? "" : (route.path ?? "")));
  expect(
    table.filter((path) => !(path in PAGES)),
    "rotas novas: classifique-as em PAGES",
  ).toEqual([]);

  for (const path of table) {
    const access = PAGES[path]!;
    const url = pageUrl(path);
    const answers = new Map<string, { status: number; location: string | null; body: string }>();
    for (const principal of [anonymous, customer, otherCustomer, admin]) {
      const response = await principal.context.get(url, { maxRedirects: 0 });
      answers.set(principal.name, {
        status: response.status(),
        location: response.headers().location ?? null,
        body: await response.text(),
      });
    }
    const at = (name: string) => answers.get(name)!;
    const signIn = `/auth?next=${encodeURIComponent(url)}`;

    if (access === "public") {
      const statuses = new Set([...answers.values()].map((answer) => answer.status));
      expect(statuses.size, `${url}: a mesma resposta para todos`).toBe(1);
      for (const answer of answers.values()) {
        expect([401, 403], url).not.toContain(answer.status);
        expect(answer.location ?? "", url).not.toMatch(/^\/auth/);
      }
    } else if (access === "own") {
      expect(at("anônimo"), `${url} anônimo`).toMatchObject({ status: 302, location: signIn });
      for (const name of ["cliente", "outro cliente", "admin"]) expect(at(name).status, `${url} ${name}`).toBe(404);
    } else {
      expect(at("anônimo"), `${url} anônimo`).toMatchObject({ status: 302, location: signIn });
      expect(at("admin").status, `${url} admin`).toBe(200);
      for (const name of ["cliente", "outro cliente"]) {
        expect(at(name).status, `${url} ${name}`).toBe(access === "user" ? 200 : 403);
        if (access === "admin") expect(at(name).body, `${url} ${name}`).toContain("Acesso restrito");
      }
    }
  }

  // "Another customer": the panel shows each customer their own data only.
  const own = await (await customer.context.get("/cliente?aba=enderecos")).text();
  const others = await (await otherCustomer.context.get("/cliente?aba=enderecos")).text();
  expect(own).toContain(customer.email!);
  expect(own).toContain(street);
  expect(others).not.toContain(customer.email!);
  expect(others).not.toContain(street);
});

test("every endpoint of the API (OpenAPI) and of /api/auth, for each kind of caller", async () => {
  test.setTimeout(90_000);
  const doc = (await (await anonymous.context.get("/api/openapi.json")).json()) as {
    paths: Record<string, Record<string, { "x-access"?: Access }>>;
  };
  const unclassified = Object.keys(doc.paths).filter((path) => !apiAccess(path));
  expect(unclassified, "endpoints novos: classifique-os em PUBLIC_API ou sob /admin ou /account").toEqual([]);

  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const access = apiAccess(path)!;
      expect(operation["x-access"], `${method} ${path}: x-access no OpenAPI`).toBe(access);
      const url = `/api${path.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000")}`;
      const call = async (principal: Principal) => {
        const response = await principal.context.fetch(url, {
          method: method.toUpperCase(),
          ...(method === "get" ? {} : { data: {} }),
          maxRedirects: 0,
        });
        return { status: response.status(), body: await response.text() };
      };
      const anon = await call(anonymous);
      const a = await call(customer);
      const b = await call(otherCustomer);
      const boss = await call(admin);
      const where = `${method.toUpperCase()} ${url}`;

      if (access === "public") {
        for (const answer of [anon, a, b, boss]) expect([401, 403], where).not.toContain(answer.status);
        continue;
      }
      if (access === "provider") {
        // Unsigned: refused alike for everyone (400 for a body of the wrong shape, else 401), never served.
        for (const answer of [anon, a, b, boss]) expect([400, 401], where).toContain(answer.status);
        continue;
      }
      expect(anon.status, `${where} anônimo`).toBe(401);
      expect(JSON.parse(anon.body).error.code, where).toBe("unauthorized");
      expect([401, 403], `${where} admin`).not.toContain(boss.status);
      for (const answer of [a, b]) {
        if (access === "admin") {
          expect(answer.status, `${where} cliente`).toBe(403);
          expect(JSON.parse(answer.body).error.code, where).toBe("forbidden");
        } else {
          expect([401, 403], `${where} cliente`).not.toContain(answer.status);
        }
      }
      // Whatever another customer reads, customer A's data is not in it.
      if (method === "get") {
        expect(b.body, where).not.toContain(customer.email!);
        expect(b.body, where).not.toContain(street);
      }
    }
  }

  // better-auth's operations: the ones that change an account need its session.
  for (const [path, { method, access }] of Object.entries(AUTH_OPERATIONS)) {
    if (access !== "session") continue;
    const response = await anonymous.context.fetch(AUTH_BASE_PATH + path, { method, data: {} });
    expect(response.status(), `${method} ${AUTH_BASE_PATH}${path} anônimo`).toBe(401);
  }
  // And nothing else of better-auth is exposed.
  for (const path of ["/delete-user", "/list-sessions", "/revoke-sessions", "/sign-in/social", "/list-accounts"]) {
    expect((await customer.context.post(AUTH_BASE_PATH + path, { data: {} })).status(), path).toBe(404);
  }
});
