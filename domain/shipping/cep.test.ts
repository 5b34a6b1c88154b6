import { describe, expect, it } from "vitest";
import { CEP_FORMAT_MESSAGE, CEP_ZERO_MESSAGE, cepProblem, formatCep, normalizeCep } from "#domain/shipping/cep.ts";
import { cepSchema, labelledCepSchema } from "#domain/shipping/cep-schema.ts";

describe("the one CEP rule", () => {
  it("accepts 8 digits with or without the dash, dots or spaces", () => {
    expect(normalizeCep("01310-100")).toBe("01310100");
    expect(normalizeCep(" 01310100 ")).toBe("01310100");
    expect(normalizeCep("01.310-100")).toBe("01310100");
    expect(normalizeCep("01310 100")).toBe("01310100");
  });

  it("refuses too few or too many digits and letters (letters are not dropped)", () => {
    expect(normalizeCep("1310-100")).toBeNull();
    expect(normalizeCep("013101000")).toBeNull();
    expect(normalizeCep("abcde-fgh")).toBeNull();
    expect(normalizeCep("0131a0100")).toBeNull();
    expect(normalizeCep("")).toBeNull();
    expect(cepProblem("1310-100")).toBe(CEP_FORMAT_MESSAGE);
  });

  it("refuses 00000-000, a CEP that does not exist, with its own message", () => {
    expect(normalizeCep("00000-000")).toBeNull();
    expect(normalizeCep("00000000")).toBeNull();
    expect(cepProblem("00000-000")).toBe(CEP_ZERO_MESSAGE);
    expect(cepProblem("01310-100")).toBeNull();
  });

  it("formats 8 digits with the dash and leaves anything else as it is", () => {
    expect(formatCep("01310100")).toBe("01310-100");
    expect(formatCep("0131")).toBe("0131");
  });

  it("is the same rule as a zod schema, labelled or not (the shipping table's range bounds)", () => {
    for (const schema of [cepSchema, labelledCepSchema("CEP inicial")]) {
      expect(schema.parse("01310-100")).toBe("01310100");
      expect(schema.safeParse("00000-000").success).toBe(false);
      expect(schema.safeParse("0131a0100").success).toBe(false);
    }
    expect(cepSchema.safeParse("00000000").error?.issues[0]?.message).toBe(CEP_ZERO_MESSAGE);
    expect(labelledCepSchema("CEP inicial").safeParse("123").error?.issues[0]?.message).toBe(`CEP inicial: ${CEP_FORMAT_MESSAGE}`);
  });
});
