import { describe, expect, it } from "vitest";
import { authLogger } from "#domain/auth/auth-logger.ts";
import { loggerToLines } from "#test/log-lines.ts";

describe("better-auth's logger, routed through the shop's", () => {
  it("keeps an error's type and database code, and leaves out values, rows and e-mail addresses", () => {
    const { logger, lines } = loggerToLines();
    const failed = Object.assign(new Error('Failed query: select * from "users" where "email" = $1\nparams: ana@example.com'), {
      query: 'select * from "users" where "email" = $1',
      params: ["ana@example.com"],
      cause: Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    });
    const row = { id: "u1", email: "ana@example.com", name: "Ana Souza", token: "segredo-do-token" };

    authLogger(logger).log("error", failed.message, failed, row);
    authLogger(logger).log("warn", "User not found for ana@example.com");

    const logged = JSON.stringify(lines);
    for (const secret of ["ana@example.com", "Ana Souza", "segredo-do-token"]) expect(logged, secret).not.toContain(secret);
    expect(lines[0]).toMatchObject({ level: 50, auth: true, detailsLeftOut: 1, err: { cause: { code: "57P01" } } });
    expect(lines[0]!.msg).toBe('Failed query: select * from "users" where "email" = $1');
    // Its warnings are ordinary events: info.
    expect(lines[1]).toMatchObject({ level: 30, msg: "User not found for [e-mail]" });
  });
});
