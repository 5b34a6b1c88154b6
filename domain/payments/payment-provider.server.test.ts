import { describe, expect, it } from "vitest";
import { crc16CcittFalse } from "#domain/payments/br-code.ts";
import { signHmacSha256, staticPixProvider, verifyHmacSha256 } from "#domain/payments/payment-provider.server.ts";

describe("payment providers", () => {
  it("the static Pix provider makes a BR Code for the order's amount and txid, expiring after the configured minutes", async () => {
    const provider = staticPixProvider({
      PIX_KEY: "pix@example.com",
      PIX_MERCHANT_NAME: "Loja Micologia",
      PIX_MERCHANT_CITY: "São Paulo",
      PIX_EXPIRY_MINUTES: 30,
    });
    const now = new Date("2026-11-22T12:00:00Z");
    const charge = await provider.createCharge({
      orderId: "0b6f5c1e-9c1d-4a53-8a3e-0d5d2a6f8e11",
      orderNumber: 10001,
      attempt: 1,
      totalCents: 84090,
      expiresAt: new Date(now.getTime() + 30 * 60_000),
      payer: { name: "Maria Souza", email: "maria@example.com", cpf: null },
    });
    expect(charge.txid).toBe("PEDIDO10001");
    expect(charge.brCode).toContain("5406840.90");
    expect(charge.brCode).toContain("6009Sao Paulo");
    expect(charge.brCode.slice(-4)).toBe(crc16CcittFalse(charge.brCode.slice(0, -4)));
    expect(charge.expiresAt.toISOString()).toBe("2026-11-22T12:30:00.000Z");
    expect(provider.confirmedBy).toBe("admin");
    expect(
      await provider.verifyWebhook({ url: "http://localhost/x", headers: new Headers(), rawBody: "{}", clientCertVerified: true }),
    ).toBeNull();
  });

  it("webhook signatures: HMAC-SHA256 of the raw body, anything else refused", () => {
    const body = '{"txid":"PEDIDO10001","status":"paid"}';
    const signature = signHmacSha256("segredo", body);
    expect(verifyHmacSha256("segredo", body, signature)).toBe(true);
    expect(verifyHmacSha256("segredo", body.replace("paid", "refunded"), signature)).toBe(false);
    expect(verifyHmacSha256("outro", body, signature)).toBe(false);
    expect(verifyHmacSha256("segredo", body, "abc")).toBe(false);
    expect(verifyHmacSha256("segredo", body, null)).toBe(false);
  });
});
