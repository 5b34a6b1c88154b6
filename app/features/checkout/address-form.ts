import { formatCep, formatPhone, type Address } from "#domain/shipping/address-schema.ts";

/** The delivery address as its inputs hold it: text, checked by checkoutAddressSchema on submit. */
export type AddressForm = Record<
  "recipientName" | "cpf" | "phone" | "cep" | "street" | "number" | "complement" | "neighborhood" | "city" | "state",
  string
>;

export const EMPTY_ADDRESS: AddressForm = {
  recipientName: "",
  cpf: "",
  phone: "",
  cep: "",
  street: "",
  number: "",
  complement: "",
  neighborhood: "",
  city: "",
  state: "",
};

export const digits = (value: string) => value.replace(/\D/g, "");

/** A saved address in the form's shape; the CPF is never saved with it (it goes only into the order). */
export function fromSaved(saved: Address): AddressForm {
  return {
    recipientName: saved.recipientName,
    cpf: "",
    phone: formatPhone(saved.phone),
    cep: formatCep(saved.cep),
    street: saved.street,
    number: saved.number,
    complement: saved.complement ?? "",
    neighborhood: saved.neighborhood,
    city: saved.city,
    state: saved.state,
  };
}
