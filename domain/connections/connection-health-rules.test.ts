import { describe, expect, it } from "vitest";
import { connectionVerdict } from "#domain/connections/connection-health-rules.ts";
import type { ConnectionView } from "#domain/connections/connection-schemas.ts";

/* Issue 30 item 7: when the maintenance panel's health reads a connection green, amber or red. */

const NOW = new Date("2026-11-29T12:00:00Z");
const days = (count: number) => new Date(NOW.getTime() + count * 86_400_000).toISOString();
const view = (fields: Partial<ConnectionView>): ConnectionView => ({
  provider: "melhorenvio",
  inUse: true,
  source: "oauth",
  accountName: "Cogumelos da Serra",
  accountEmail: "envios@loja.com",
  connectedAt: days(-10),
  expiresAt: days(20),
  lastRefreshAt: null,
  lastRefreshError: null,
  lastError: null,
  lastErrorAt: null,
  unreadable: false,
  oauthAvailable: true,
  ...fields,
});

describe("a connection's health", () => {
  it("is green when connected and in time, or when the shop does not use the provider", () => {
    expect(connectionVerdict(view({}), NOW)).toEqual({ level: "green", reason: null });
    expect(connectionVerdict(view({ source: "environment", expiresAt: null }), NOW).level).toBe("green");
    expect(connectionVerdict(view({ source: "none", inUse: false, expiresAt: null }), NOW)).toEqual({ level: "green", reason: null });
  });

  it("is red when a provider in use is not connected, its token expired or no longer opens", () => {
    expect(connectionVerdict(view({ source: "none", expiresAt: null }), NOW)).toEqual({
      level: "red",
      reason: "A loja usa o Melhor Envio (SHIPPING_PROVIDER=melhorenvio), mas nenhuma conta está conectada.",
    });
    expect(connectionVerdict(view({ provider: "focusnfe", source: "none", expiresAt: null }), NOW).reason).toContain(
      "INVOICE_PROVIDER=focusnfe",
    );
    expect(connectionVerdict(view({ expiresAt: days(-1) }), NOW)).toEqual({
      level: "red",
      reason: "O token do Melhor Envio venceu em 28/11/2026: conecte de novo.",
    });
    expect(connectionVerdict(view({ unreadable: true, source: "environment" }), NOW).level).toBe("red");
  });

  it("is amber after a failed refresh, a token close to its end, or a recent error", () => {
    expect(connectionVerdict(view({ lastRefreshError: "o Melhor Envio não respondeu" }), NOW)).toEqual({
      level: "amber",
      reason: "A renovação automática do token falhou: o Melhor Envio não respondeu",
    });
    // The job renews 7 days before: 2 days left means it did not.
    expect(connectionVerdict(view({ expiresAt: days(2) }), NOW).reason).toContain("ainda não foi renovado");
    expect(connectionVerdict(view({ expiresAt: days(5) }), NOW).level).toBe("green");
    // A pasted token has no refresh: announced a week ahead.
    expect(connectionVerdict(view({ source: "token", expiresAt: days(5) }), NOW).reason).toContain("cole um novo");
    const recent = view({ lastError: "HTTP 401 Unauthenticated.", lastErrorAt: new Date(NOW.getTime() - 3600_000).toISOString() });
    expect(connectionVerdict(recent, NOW)).toEqual({ level: "amber", reason: "Último erro do Melhor Envio: HTTP 401 Unauthenticated." });
    const old = view({ lastError: "HTTP 401 Unauthenticated.", lastErrorAt: days(-2) });
    expect(connectionVerdict(old, NOW).level).toBe("green");
  });
});
