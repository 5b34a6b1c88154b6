import { describe, expect, it } from "vitest";
import { checkoutAddressSchema, cpfSchema, formatCpf, isValidCpf, placeOrderSchema } from "#domain/checkout/checkout-schemas.ts";

const address = {
  recipientName: "Maria Silva",
  cpf: "529.982.247-25",
  phone: "(11) 91234-5678",
  cep: "01310-100",
  street: "Avenida Paulista",
  number: "1000",
  complement: "",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  state: "sp",
};

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("CPF", () => {
  it("accepts valid check digits with or without punctuation", () => {
    expect(isValidCpf("529.982.247-25")).toBe(true);
    expect(isValidCpf("52998224725")).toBe(true);
    expect(isValidCpf("111.444.777-35")).toBe(true);
    expect(formatCpf("52998224725")).toBe("529.982.247-25");
  });
  it("refuses wrong check digits, repeated digits and wrong lengths, in Portuguese", () => {
    expect(isValidCpf("529.982.247-24")).toBe(false);
    expect(isValidCpf("111.111.111-11")).toBe(false);
    expect(cpfSchema.safeParse("529.982.247-24").error?.issues[0]?.message).toBe("CPF inválido: confira os dígitos.");
    expect(cpfSchema.safeParse("1234").error?.issues[0]?.message).toBe("O CPF tem 11 dígitos, ex.: 123.456.789-09.");
  });
});

describe("checkout address", () => {
  it("normalises a valid address (digits only, UF upper case, empty complement null)", () => {
    expect(checkoutAddressSchema.parse(address)).toEqual({
      ...address,
      cpf: "52998224725",
      phone: "11912345678",
      cep: "01310100",
      complement: null,
      state: "SP",
    });
  });
  it("refuses an invalid CEP, CPF, phone and UF with a Portuguese message per field", () => {
    const result = checkoutAddressSchema.safeParse({ ...address, cep: "0131-10", cpf: "123.456.789-00", phone: "1234", state: "XX" });
    expect(messages(result)).toEqual({
      cep: "O CEP tem 8 dígitos, ex.: 01310-100.",
      cpf: "CPF inválido: confira os dígitos.",
      phone: "Informe o telefone com DDD, ex.: (11) 91234-5678.",
      state: "Escolha o estado (UF).",
    });
  });
});

describe("place order", () => {
  it("requires the 18+ and terms confirmations and drops client prices", () => {
    const key = "6f1c1f0e-6f0a-4f1e-9d8e-0d8f5c1b2a3c";
    const missing = placeOrderSchema.safeParse({ idempotencyKey: key, confirmAdult: false });
    expect(messages(missing)).toEqual({
      confirmAdult: "Confirme que você tem 18 anos ou mais.",
      acceptTerms: "Aceite os termos para continuar.",
    });
    const parsed = placeOrderSchema.parse({ idempotencyKey: key, confirmAdult: true, acceptTerms: true, totalCents: 1, items: [] });
    expect(parsed).toEqual({ idempotencyKey: key, confirmAdult: true, acceptTerms: true, saveAddress: false });
  });
});
