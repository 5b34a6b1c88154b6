import { apiClient } from "#app/lib/api-client.ts";
import { cepProblem, normalizeCep } from "#domain/shipping/cep.ts";
import { shippingRoutes } from "#server/contracts/shipping.routes.ts";
import type { shippingContract } from "#server/contracts/shipping.ts";
import type { AddressValues } from "#app/shared/address/address-values.ts";

const shipping = apiClient<typeof shippingContract>(shippingRoutes, {
  fallbackMessage: "Não conseguimos buscar o CEP agora. Preencha o endereço.",
});

/** What a CEP lookup tells the form: a refusal of the CEP itself, or a note to announce and the fields it found. */
export type CepLookupResult =
  | { kind: "invalid"; cepError: string }
  | { kind: "done"; cep: string; note: string; found: Pick<AddressValues, "street" | "neighborhood" | "city" | "state"> | null };

export const CEP_LOOKUP_PENDING = "Buscando o endereço…";

/**
 * Asks the server (and through it the CEP service) for a CEP's address. Never throws: a CEP the
 * shop's rule refuses comes back as its message, and a lookup that fails says to type the address,
 * because the customer can always do that.
 */
export async function lookupCep(typed: string): Promise<CepLookupResult> {
  const cep = normalizeCep(typed);
  if (!cep) return { kind: "invalid", cepError: cepProblem(typed) ?? "" };
  try {
    const result = await shipping.call("cepLookup", { body: { cep } });
    if (result.ok) {
      const { street, neighborhood, city, state } = result.address;
      return {
        kind: "done",
        cep,
        note: "Endereço preenchido pelo CEP. Confira e informe o número.",
        found: { street, neighborhood, city, state },
      };
    }
    const note =
      result.reason === "not_found"
        ? "CEP não encontrado. Confira o número ou preencha o endereço."
        : "Não conseguimos buscar o CEP agora. Preencha o endereço.";
    return { kind: "done", cep, note, found: null };
  } catch {
    return { kind: "done", cep, note: "Não conseguimos buscar o CEP agora. Preencha o endereço.", found: null };
  }
}

/** The found fields over what was typed: a CEP for a whole city has no street or neighbourhood, so those typed stay. */
export function fillFromCep<T extends AddressValues>(current: T, found: CepLookupResult & { kind: "done" }): T {
  if (!found.found) return current;
  return {
    ...current,
    street: found.found.street || current.street,
    neighborhood: found.found.neighborhood || current.neighborhood,
    city: found.found.city,
    state: found.found.state,
  };
}
