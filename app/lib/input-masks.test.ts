import { describe, expect, it } from "vitest";
import { maskCep, maskCpf, maskEdit, maskPhone } from "#app/lib/input-masks.ts";
import { checkoutAddressSchema } from "#domain/checkout/checkout-schemas.ts";

describe("maskCpf", () => {
  it("punctuates as the digits are typed", () => {
    const typed = "52998224725";
    const steps = [...typed].map((_, i) => maskCpf(typed.slice(0, i + 1)));
    expect(steps).toEqual([
      "5",
      "52",
      "529",
      "529.9",
      "529.98",
      "529.982",
      "529.982.2",
      "529.982.24",
      "529.982.247",
      "529.982.247-2",
      "529.982.247-25",
    ]);
  });

  it("takes a pasted or autofilled CPF with any punctuation, and stops at 11 digits", () => {
    expect(maskCpf("529.982.247-25")).toBe("529.982.247-25");
    expect(maskCpf(" 529 982 247 25 ")).toBe("529.982.247-25");
    expect(maskCpf("529982247-25")).toBe("529.982.247-25");
    expect(maskCpf("5299822472599")).toBe("529.982.247-25");
    expect(maskCpf("abc")).toBe("");
  });
});

describe("maskCep", () => {
  it("puts the hyphen after five digits and stops at eight", () => {
    expect(maskCep("01310")).toBe("01310");
    expect(maskCep("013101")).toBe("01310-1");
    expect(maskCep("01310100")).toBe("01310-100");
    expect(maskCep("01.310-100")).toBe("01310-100");
    expect(maskCep("013101009")).toBe("01310-100");
  });
});

describe("maskPhone", () => {
  it("formats a mobile and a landline number", () => {
    expect(maskPhone("11912345678")).toBe("(11) 91234-5678");
    expect(maskPhone("1131234567")).toBe("(11) 3123-4567");
  });

  it("grows as typed", () => {
    expect(["1", "11", "119", "1191234", "11912345"].map(maskPhone)).toEqual(["(1", "(11", "(11) 9", "(11) 9123-4", "(11) 9123-45"]);
  });

  it("drops a pasted country code or trunk zero", () => {
    expect(maskPhone("+55 11 91234-5678")).toBe("(11) 91234-5678");
    expect(maskPhone("011 91234-5678")).toBe("(11) 91234-5678");
  });
});

describe("maskEdit", () => {
  it("keeps the caret after the same digit when a digit is typed in the middle", () => {
    // "529.982.|247-25" with a "1" typed at the caret: the caret stays after the 1.
    const typed = "529.982.1247-25";
    const result = maskEdit(maskCpf, typed, 9);
    expect(result.value).toBe("529.982.124-72");
    expect(result.value.slice(0, result.caret)).toBe("529.982.1");
  });

  it("puts the caret at the end after a paste at the end, and at the start when no digit is before it", () => {
    expect(maskEdit(maskCep, "01310100", 8)).toEqual({ value: "01310-100", caret: 9 });
    expect(maskEdit(maskCep, "-01310", 1)).toEqual({ value: "01310", caret: 0 });
  });
});

describe("what the masks give the schema", () => {
  it("is what the server accepts", () => {
    const parsed = checkoutAddressSchema.safeParse({
      recipientName: "Maria Silva",
      cpf: maskCpf("52998224725"),
      phone: maskPhone("+55 11 91234-5678"),
      cep: maskCep("01310100"),
      street: "Avenida Paulista",
      number: "1000",
      complement: "",
      neighborhood: "Bela Vista",
      city: "São Paulo",
      state: "SP",
    });
    expect(parsed.success && parsed.data).toMatchObject({ cpf: "52998224725", phone: "11912345678", cep: "01310100" });
  });
});
