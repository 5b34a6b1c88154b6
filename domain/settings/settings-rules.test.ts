import { describe, expect, it } from "vitest";
import { formatCnpj, isValidCnpj, isValidCpf, normalizePixKey, normalizeWhatsapp } from "#domain/settings/settings-rules.ts";

describe("CNPJ", () => {
  it("accepts a CNPJ whose check digits are right, with or without punctuation", () => {
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCnpj("11222333000181")).toBe(true);
    expect(isValidCnpj("12.345.678/0001-95")).toBe(true);
  });
  it("refuses the placeholder, a wrong check digit, repeated digits and the wrong length", () => {
    expect(isValidCnpj("00.000.000/0001-00")).toBe(false);
    expect(isValidCnpj("11.222.333/0001-82")).toBe(false);
    expect(isValidCnpj("12.345.678/0001-90")).toBe(false);
    expect(isValidCnpj("11111111111111")).toBe(false);
    expect(isValidCnpj("1122233300018")).toBe(false);
  });
  it("is shown with its punctuation", () => expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81"));
});

describe("CPF", () => {
  it("checks both digits", () => {
    expect(isValidCpf("529.982.247-25")).toBe(true);
    expect(isValidCpf("529.982.247-24")).toBe(false);
    expect(isValidCpf("111.111.111-11")).toBe(false);
  });
});

describe("Pix key by type", () => {
  it.each([
    ["529.982.247-25", "cpf", "52998224725"],
    ["11.222.333/0001-81", "cnpj", "11222333000181"],
    ["Loja@Exemplo.com.br", "email", "loja@exemplo.com.br"],
    ["+55 (11) 91234-5678", "phone", "+5511912345678"],
    ["11 91234-5678", "phone", "+5511912345678"],
    ["7D9F0335-8DCC-4054-9BF9-0DBD61D36906", "evp", "7d9f0335-8dcc-4054-9bf9-0dbd61d36906"],
  ])("%s is a %s key, stored as %s", (input, type, key) => {
    expect(normalizePixKey(input)).toEqual({ type, key });
  });
  it.each([
    ["a CPF with a wrong digit", "529.982.247-24"],
    ["a CNPJ with a wrong digit", "11.222.333/0001-82"],
    ["an e-mail without a domain", "loja@"],
    ["a foreign phone", "+1 415 555 0100"],
    ["a phone without its area code", "+55 91234-5678"],
    ["a random key cut short", "7d9f0335-8dcc-4054-9bf9"],
    ["words", "minha chave"],
  ])("refuses %s", (_label, input) => {
    expect(normalizePixKey(input)).toBeNull();
  });
});

describe("WhatsApp number", () => {
  it("takes it with or without 55 and punctuation, and refuses what wa.me cannot open", () => {
    expect(normalizeWhatsapp("+55 (21) 91234-5678")).toBe("5521912345678");
    expect(normalizeWhatsapp("(21) 91234-5678")).toBe("5521912345678");
    expect(normalizeWhatsapp("91234-5678")).toBeNull();
  });
});
