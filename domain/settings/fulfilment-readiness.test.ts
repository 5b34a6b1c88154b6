import { describe, expect, it } from "vitest";
import { fulfilmentProfileSchema, type FulfilmentProfileInput } from "#domain/settings/fulfilment-profile.ts";
import { fulfilmentReadiness, NO_PROFILE_REASON, type FulfilmentSetup } from "#domain/settings/fulfilment-readiness.ts";

// "Pronta para enviar?" (issue 30 item 2, decision 074): every reason, in Portuguese, and none when ready.

const company: FulfilmentProfileInput = {
  sender: {
    name: "Cogumelos da Serra Ltda",
    phone: "(11) 3456-7890",
    email: "envios@cogumelos.example",
    document: "11.222.333/0001-81",
    stateRegistration: "110.042.490.114",
    municipalRegistration: "1234567",
    address: {
      cep: "04538-133",
      street: "Avenida Brigadeiro Faria Lima",
      number: "3477",
      complement: "",
      district: "Itaim Bibi",
      city: "São Paulo",
      state: "sp",
      cityIbgeCode: "3550308",
    },
  },
  taxRegime: "simples_nacional",
  shipsWith: "nfe",
};
const mei: FulfilmentProfileInput = {
  ...company,
  sender: { ...company.sender, name: "Ana Souza", document: "529.982.247-25", stateRegistration: null, municipalRegistration: null },
  taxRegime: "mei",
  shipsWith: "dce",
};
const connectedCompany: FulfilmentSetup = {
  profile: fulfilmentProfileSchema.parse(company),
  shippingProvider: "melhorenvio",
  invoiceProvider: "focusnfe",
  melhorEnvioConnected: true,
  focusNfeConnected: true,
};

describe("ready to ship", () => {
  it("is ready: a company with IE issuing NF-e through a connected Focus NFe and Melhor Envio; an MEI with a DC-e on the table", () => {
    expect(fulfilmentReadiness(connectedCompany)).toEqual({ ready: true, reasons: [] });
    expect(
      fulfilmentReadiness({
        profile: fulfilmentProfileSchema.parse(mei),
        shippingProvider: "table",
        invoiceProvider: "none",
        melhorEnvioConnected: false,
        focusNfeConnected: false,
      }),
    ).toEqual({ ready: true, reasons: [] });
  });

  it("is not, without the shop's data", () => {
    expect(fulfilmentReadiness({ ...connectedCompany, profile: null })).toEqual({ ready: false, reasons: [NO_PROFILE_REASON] });
  });

  it("says why NF-e cannot go: no invoice provider, Focus not connected, no IE, a CPF", () => {
    expect(fulfilmentReadiness({ ...connectedCompany, invoiceProvider: "none" }).reasons).toEqual([
      "Você escolheu enviar com NF-e, mas a loja não emite notas: configure INVOICE_PROVIDER=focusnfe (e o token da Focus NFe) ou escolha DC-e.",
    ]);
    expect(fulfilmentReadiness({ ...connectedCompany, focusNfeConnected: false }).reasons).toEqual([
      "A Focus NFe não está conectada: informe o token da sua conta Focus NFe.",
    ]);
    const person = fulfilmentProfileSchema.parse({ ...mei, shipsWith: "nfe" });
    expect(fulfilmentReadiness({ ...connectedCompany, profile: person }).reasons).toEqual([
      "NF-e de venda é emitida pelo CNPJ da empresa: informe o CNPJ ou escolha enviar com DC-e.",
      "Para enviar com NF-e, informe a inscrição estadual (IE): a transportadora e a SEFAZ pedem a IE de quem emite.",
    ]);
  });

  it("refuses a DC-e to an ICMS contributor or a company outside the Simples, and asks for NFS-e data", () => {
    const dceWithIe = fulfilmentProfileSchema.parse({ ...company, taxRegime: "regime_normal", shipsWith: "dce" });
    expect(fulfilmentReadiness({ ...connectedCompany, profile: dceWithIe }).reasons).toEqual([
      "A DC-e é só para quem não é contribuinte do ICMS, e a loja informou inscrição estadual: escolha NF-e (confirme com seu contador).",
      "Empresas do Lucro Presumido ou Real vendem com NF-e: escolha NF-e (confirme com seu contador).",
    ]);
    const noCityCode = fulfilmentProfileSchema.parse({
      ...company,
      sender: { ...company.sender, address: { ...company.sender.address, cityIbgeCode: "" } },
    });
    expect(fulfilmentReadiness({ ...connectedCompany, profile: noCityCode }).reasons).toEqual([
      "Para emitir NFS-e de serviços e cursos, informe a inscrição municipal e o código IBGE do município (7 dígitos, em ibge.gov.br).",
    ]);
  });

  it("says Melhor Envio is chosen but not connected, and that the table prices meanwhile", () => {
    expect(fulfilmentReadiness({ ...connectedCompany, melhorEnvioConnected: false }).reasons).toEqual([
      "O frete está no Melhor Envio, mas a conta não está conectada: conecte-a (ou informe o token pessoal). Enquanto isso, o frete sai da sua tabela e não há etiquetas.",
    ]);
    expect(fulfilmentReadiness({ ...connectedCompany, shippingProvider: "table", melhorEnvioConnected: false }).ready).toBe(true);
  });
});
