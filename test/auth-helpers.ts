// Shared support for the account tests: an app on its own database, a real SMTP server that
// receives the shop's e-mails, a cookie jar per browser, and requests from a chosen client address.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { adminEmails, users } from "#platform/db/tables/auth.ts";
import { createApp } from "#server/http/app.ts";
import type { JobWorker } from "#platform/jobs/worker.ts";
import { startJobs } from "#server/jobs/jobs.ts";
import { createTestDatabase, type TestDatabase } from "#test/database.ts";
import { linksIn, startMailServer, type MailServer } from "#test/mail-server.ts";

export const PUBLIC_URL = "http://localhost:3000";
export const PASSWORD = "cogumelo-azul-42";

/** One browser: the cookies it holds and the address it connects from. */
export class Browser {
  cookies = new Map<string, string>();
  address: string;
  constructor(address = "203.0.113.10") {
    this.address = address;
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get sessionCookie(): string | undefined {
    return this.cookies.get("loja.session_token");
  }
}

export type RequestOptions = {
  method?: string;
  json?: unknown;
  /** A body other than JSON (a FormData upload: the request sets its multipart Content-Type). */
  body?: BodyInit;
  browser?: Browser;
  headers?: Record<string, string>;
  /** Origin header (default: the shop's own, as a browser on the shop sends it); null: none. */
  origin?: string | null;
};

export type AuthTestContext = {
  t: TestDatabase;
  app: ReturnType<typeof createApp>;
  mail: MailServer;
  /** This database's job worker, which sends the e-mails (stopped by close()). */
  worker: JobWorker;
  request(path: string, options?: RequestOptions): Promise<Response>;
  signUp(email: string, options?: { password?: string; name?: string; browser?: Browser }): Promise<Response>;
  /** Follows the confirmation link e-mailed to `email` in `browser` (which is signed in by it). */
  verify(email: string, browser?: Browser): Promise<Response>;
  signIn(email: string, password?: string, browser?: Browser): Promise<Response>;
  /** A verified account signed in in a new browser. */
  customer(email: string, browser?: Browser): Promise<Browser>;
  makeAdmin(email: string): Promise<void>;
  userId(email: string): Promise<string>;
  close(): Promise<void>;
};

let counter = 0;
/** A unique e-mail for this test run. */
export function uniqueEmail(label = "cliente"): string {
  return `${label}-${Date.now().toString(36)}-${++counter}@example.com`;
}

export async function createAuthTestContext(env: Record<string, string> = {}): Promise<AuthTestContext> {
  const mail = await startMailServer();
  const t = await createTestDatabase({ env: { SMTP_URL: mail.url, PUBLIC_URL, ...env } });
  // E-mails are queued jobs (decision 014): this database's own worker sends them, as an instance
  // of the shop would. No schedules: the order tests run the order jobs themselves.
  const worker = await startJobs(t.services, t.url, { schedules: false, pollIntervalMs: 200 });
  const app = createApp(t.services);

  async function request(path: string, options: RequestOptions = {}): Promise<Response> {
    const browser = options.browser;
    const headers: Record<string, string> = { ...options.headers };
    if (options.origin !== null) headers.origin = options.origin ?? PUBLIC_URL;
    if (options.json !== undefined) headers["content-type"] = "application/json";
    if (browser && browser.cookies.size > 0) headers.cookie = browser.header();
    const response = await app.request(
      path,
      {
        method: options.method ?? (options.json === undefined && options.body === undefined ? "GET" : "POST"),
        headers,
        body: options.json === undefined ? options.body : JSON.stringify(options.json),
        redirect: "manual",
      },
      // What @hono/node-server passes: the socket the request came in on.
      { incoming: { socket: { remoteAddress: browser?.address ?? "203.0.113.10" } } },
    );
    browser?.store(response);
    return response;
  }

  const context: AuthTestContext = {
    t,
    app,
    mail,
    worker,
    request,
    signUp: (email, options = {}) =>
      request("/api/auth/sign-up/email", {
        browser: options.browser,
        json: { name: options.name ?? "Maria Teste", email, password: options.password ?? PASSWORD, callbackURL: "/auth?verificado=1" },
      }),
    async verify(email, browser = new Browser()) {
      const message = await mail.waitFor(email, (m) => m.subject.includes("Confirme"));
      const link = linksIn(message).find((url) => url.includes("/api/auth/verify-email"));
      expect(link, "link de confirmação no e-mail").toBeTruthy();
      const url = new URL(link!);
      return request(url.pathname + url.search, { browser, origin: null });
    },
    signIn: (email, password = PASSWORD, browser = new Browser()) =>
      request("/api/auth/sign-in/email", { browser, json: { email, password } }),
    async customer(email, browser = new Browser()) {
      expect((await context.signUp(email)).status).toBe(200);
      const verified = await context.verify(email, browser);
      expect(verified.status).toBe(302);
      expect(browser.sessionCookie, "sessão criada pelo link de confirmação").toBeTruthy();
      return browser;
    },
    async makeAdmin(email) {
      await t.db.insert(adminEmails).values({ email }).onConflictDoNothing();
    },
    async userId(email) {
      const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!row) throw new Error(`no user ${email}`);
      return row.id;
    },
    async close() {
      await worker.stop();
      await t.close();
      await mail.close();
    },
  };
  return context;
}
