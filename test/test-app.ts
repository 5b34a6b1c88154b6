import { beforeAll } from "vitest";
import { createApp, type AppOptions } from "#server/http/app.ts";
import { setUpTestDatabase, type TestDatabase } from "#test/database.ts";

/** A test file's app and its database (the same names as the account tests' AuthTestContext). */
export type TestApp = {
  readonly t: Omit<TestDatabase, "close">;
  readonly app: ReturnType<typeof createApp>;
};

/**
 * The shop's app on a database of this test file's own (`setUpTestDatabase`), created in a
 * beforeAll. Call it at the top of the file and read `t` and `app` in tests and hooks. `options` is
 * read in that beforeAll, so it may use what an earlier beforeAll of the file made.
 */
export function setUpTestApp(options: () => AppOptions = () => ({})): TestApp {
  const t = setUpTestDatabase();
  let app: ReturnType<typeof createApp> | undefined;
  beforeAll(() => {
    app = createApp(t.services, options());
  });
  return {
    t,
    get app() {
      if (!app) throw new Error("setUpTestApp: the app exists from its beforeAll on");
      return app;
    },
  };
}
