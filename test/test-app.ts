import { afterAll, beforeAll } from "vitest";
import { createApp, type AppOptions } from "../server/http/app.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

/** A test file's app and its database (the same names as the account tests' AuthTestContext). */
export type TestApp = {
  readonly t: TestDatabase;
  readonly app: ReturnType<typeof createApp>;
};

/**
 * The shop's app on a database of this test file's own: created in a beforeAll, the database closed
 * and dropped in an afterAll. Call it at the top of the file and read `t` and `app` in tests and hooks.
 * `options` is read in that beforeAll, so it may use what an earlier beforeAll of the file made.
 */
export function useTestApp(options: () => AppOptions = () => ({})): TestApp {
  let t: TestDatabase | undefined;
  let app: ReturnType<typeof createApp> | undefined;
  beforeAll(async () => {
    t = await createTestDatabase();
    app = createApp(t.services, options());
  });
  afterAll(async () => {
    await t?.close();
  });
  const notYet = (): never => {
    throw new Error("useTestApp: the database and the app exist from its beforeAll on");
  };
  return {
    get t() {
      return t ?? notYet();
    },
    get app() {
      return app ?? notYet();
    },
  };
}
