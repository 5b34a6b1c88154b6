/** An address as its form's inputs hold it: text, checked by the address schema on submit. */
export type AddressValues = Record<
  "recipientName" | "phone" | "cep" | "street" | "number" | "complement" | "neighborhood" | "city" | "state",
  string
>;

export const EMPTY_ADDRESS_VALUES: AddressValues = {
  recipientName: "",
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
