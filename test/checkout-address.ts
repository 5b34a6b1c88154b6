/**
 * A valid delivery address (a real CEP and a CPF with valid check digits) for tests that place orders:
 * test/builders.ts and the browser journeys (which cannot load Vitest's builders) share it.
 */
export const CHECKOUT_ADDRESS = {
  recipientName: "Maria Silva",
  cpf: "529.982.247-25",
  phone: "(11) 91234-5678",
  cep: "01310-100",
  street: "Avenida Paulista",
  number: "1000",
  complement: "apto 5",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  state: "SP" as const,
};
