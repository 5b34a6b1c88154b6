import { describe, expect, it } from "vitest";
import { EMPTY_ADDRESS, fromSaved } from "#app/features/checkout/address-form.ts";
import { savedAddressSchema } from "#domain/account/account-schemas.ts";
import { checkoutAddressSchema } from "#domain/checkout/checkout-schemas.ts";
import { orderAddressSnapshotSchema } from "#domain/orders/order-schemas.ts";
import { addressSchema, storedAddressSchema } from "#domain/shipping/address-schema.ts";

/** What a customer types in either form, with the masks' punctuation. */
const typed = {
  recipientName: "  Maria Silva ",
  phone: "(11) 91234-5678",
  cep: "01310-100",
  street: "Avenida Paulista",
  number: "1000",
  complement: "",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  state: "sp",
};

describe("one address schema: typed, saved, answered, put back in the form, kept in the order", () => {
  it("keeps an address through every step unchanged", () => {
    // The panel saves it: the form's text becomes the stored, normalised address.
    const stored = addressSchema.parse(typed);
    expect(stored).toEqual({
      ...typed,
      recipientName: "Maria Silva",
      phone: "11912345678",
      cep: "01310100",
      complement: null,
      state: "SP",
    });

    // The API answers it as a saved address; the answer's schema is the same fields plus the id.
    const saved = { ...stored, id: "a1" };
    expect(savedAddressSchema.parse(saved)).toEqual(saved);
    expect(storedAddressSchema.parse(saved)).toEqual(stored);

    // The checkout fills its form from it, and the form's text parses back to the same address.
    const form = fromSaved(saved);
    expect(Object.keys(form).sort()).toEqual(Object.keys(EMPTY_ADDRESS).sort());
    const ordered = checkoutAddressSchema.parse({ ...form, cpf: "529.982.247-25" });
    expect(ordered).toEqual({ ...stored, cpf: "52998224725" });

    // The order keeps that address as its snapshot, in the answer's shape.
    expect(orderAddressSnapshotSchema.parse(ordered)).toEqual(ordered);
  });

  it("refuses in the form what it refuses on the server: the CEP 00000-000 among them", () => {
    const result = addressSchema.safeParse({ ...typed, cep: "00000-000" });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["cep"]);
  });
});
