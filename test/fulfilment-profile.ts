// Its own file (like checkout-address.ts) so the browser journeys can use it without the builders' database code.
import type { FulfilmentProfileInput } from "../domain/settings/fulfilment-profile.ts";

/**
 * The shop's shipping and tax data (issue 30 item 2) of a Simples Nacional company with an IE that
 * ships with NF-e from São Paulo (CEP 04538-133), as the owner types it: save it with
 * saveFulfilmentProfile(services, actorId, fulfilmentProfileSchema.parse(FULFILMENT_PROFILE)).
 */
export const FULFILMENT_PROFILE: FulfilmentProfileInput = {
  sender: {
    name: "Cogumelos da Serra Ltda",
    phone: "(11) 3456-7890",
    email: "envios@cogumelos.example",
    document: "11.222.333/0001-81",
    stateRegistration: "110.042.490.114",
    municipalRegistration: null,
    address: {
      cep: "04538-133",
      street: "Avenida Brigadeiro Faria Lima",
      number: "3477",
      complement: "",
      district: "Itaim Bibi",
      city: "São Paulo",
      state: "SP",
      cityIbgeCode: "3550308",
    },
  },
  taxRegime: "simples_nacional",
  shipsWith: "nfe",
};
