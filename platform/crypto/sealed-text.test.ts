import { describe, expect, it } from "vitest";
import { openSealed, sealingKey, sealText, UnreadableSealError } from "#platform/crypto/sealed-text.ts";

describe("sealed text (AES-256-GCM under a derived key)", () => {
  const key = sealingKey("segredo-da-loja-com-mais-de-32-caracteres", "tokens");

  it("opens what it sealed, and never shows the plaintext in the sealed value", () => {
    const sealed = sealText(key, "token-do-melhor-envio", "melhorenvio:access");
    expect(sealed).toMatch(/^v1\.[\w-]+$/);
    expect(sealed).not.toContain("token-do-melhor-envio");
    expect(Buffer.from(sealed.slice(3), "base64url").toString("latin1")).not.toContain("token");
    expect(openSealed(key, sealed, "melhorenvio:access")).toBe("token-do-melhor-envio");
    // A new IV each time: the same token never seals to the same text.
    expect(sealText(key, "token-do-melhor-envio", "melhorenvio:access")).not.toBe(sealed);
  });

  it("refuses another key, another context or a changed byte", () => {
    const sealed = sealText(key, "token", "melhorenvio:access");
    const otherKey = sealingKey("outro-segredo-da-loja-com-mais-de-32-caracteres", "tokens");
    expect(() => openSealed(otherKey, sealed, "melhorenvio:access")).toThrow(UnreadableSealError);
    expect(() => openSealed(sealingKey("segredo-da-loja-com-mais-de-32-caracteres", "assinaturas"), sealed, "melhorenvio:access")).toThrow(
      UnreadableSealError,
    );
    expect(() => openSealed(key, sealed, "melhorenvio:refresh")).toThrow(UnreadableSealError);
    const bytes = Buffer.from(sealed.slice(3), "base64url");
    bytes[14] = bytes[14]! ^ 1;
    expect(() => openSealed(key, `v1.${bytes.toString("base64url")}`, "melhorenvio:access")).toThrow(UnreadableSealError);
    expect(() => openSealed(key, "token-em-claro", "melhorenvio:access")).toThrow(UnreadableSealError);
  });
});
