import { describe, expect, it } from "vitest";
import { placeholderDocument } from "#domain/delivery/deliveries.server.ts";
import { checkDownloadSignature, signDownloadLink } from "#domain/delivery/download-links.server.ts";
import { testConfig } from "#test/database.ts";

const config = testConfig({ BETTER_AUTH_SECRET: "segredo-de-teste-com-mais-de-32-caracteres!" });
const subject = { orderId: "0b0f8a52-63a4-4c3c-9a37-0d4b9b1f0001", productId: "550e8400-e29b-41d4-a716-446655440202", userId: "conta-1" };
const query = (url: string) => {
  const params = new URL(url, "http://x").searchParams;
  return { expira: params.get("expira")!, assinatura: params.get("assinatura")! };
};

describe("signed download links", () => {
  it("hold for 24 hours, for the order, product and account they were made for", () => {
    const now = Date.parse("2026-12-01T12:00:00Z");
    const link = signDownloadLink(config, subject, now);
    expect(link.expiresAt).toBe("2026-12-02T12:00:00.000Z");
    expect(checkDownloadSignature(config, subject, query(link.url), now + 23 * 3600_000)).toBe("valid");
    expect(checkDownloadSignature(config, subject, query(link.url), now + 24 * 3600_000)).toBe("expired");
    expect(checkDownloadSignature(config, { ...subject, userId: "conta-2" }, query(link.url), now)).toBe("invalid");
    expect(checkDownloadSignature(config, { ...subject, productId: subject.orderId }, query(link.url), now)).toBe("invalid");
    const otherSecret = testConfig({ BETTER_AUTH_SECRET: "outro-segredo-com-bem-mais-de-32-caracteres!!" });
    expect(checkDownloadSignature(otherSecret, subject, query(link.url), now)).toBe("invalid");
    expect(checkDownloadSignature(config, subject, { expira: "0", assinatura: "" }, now)).toBe("invalid");
  });
});

describe("the e-book's placeholder", () => {
  it("is a PDF whose cross-reference table points at its objects", () => {
    const pdf = Buffer.from(placeholderDocument("E-book de Cultivo Avançado")).toString("latin1");
    expect(pdf.startsWith("%PDF-1.4")).toBe(true);
    expect(pdf).toContain("(E-book de Cultivo Avan\xe7ado) Tj");
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe("xref");
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    offsets.forEach((offset, index) => expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true));
  });
});
