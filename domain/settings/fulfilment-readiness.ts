import { z } from "zod";
import type { FulfilmentProfile } from "#domain/settings/fulfilment-profile.ts";

/**
 * "Pronta para enviar?" (issue 30 item 2, decision 074): every reason the shop cannot yet go from
 * paid to posted by itself, in Portuguese, each with what to do. Pure and browser-safe: the
 * settings screen and the go-live check show the same list. An empty list: ready.
 */
export type FulfilmentSetup = {
  profile: FulfilmentProfile | null;
  shippingProvider: "table" | "melhorenvio";
  invoiceProvider: "none" | "focusnfe";
  /** Melhor Envio answers for the shop (a token, pasted or from the OAuth connection). */
  melhorEnvioConnected: boolean;
  /** Focus NFe has the shop's token. */
  focusNfeConnected: boolean;
};

export const fulfilmentReadinessSchema = z.object({
  ready: z.boolean(),
  reasons: z.array(z.string()),
});
export type FulfilmentReadiness = z.infer<typeof fulfilmentReadinessSchema>;

export const NO_PROFILE_REASON =
  "Preencha os dados de envio e fiscais da loja (quem envia, endereço, CPF ou CNPJ, regime tributário): sem eles não há etiqueta nem nota.";

export function fulfilmentReadiness(setup: FulfilmentSetup): FulfilmentReadiness {
  const reasons = [...profileReasons(setup), ...connectionReasons(setup)];
  return { ready: reasons.length === 0, reasons };
}

function profileReasons({ profile, invoiceProvider, focusNfeConnected }: FulfilmentSetup): string[] {
  if (!profile) return [NO_PROFILE_REASON];
  const reasons: string[] = [];
  const { sender } = profile;
  const isCompany = sender.document.length === 14;
  if (profile.shipsWith === "nfe") {
    if (!isCompany) reasons.push("NF-e de venda é emitida pelo CNPJ da empresa: informe o CNPJ ou escolha enviar com DC-e.");
    if (!sender.stateRegistration)
      reasons.push("Para enviar com NF-e, informe a inscrição estadual (IE): a transportadora e a SEFAZ pedem a IE de quem emite.");
    if (invoiceProvider === "none")
      reasons.push(
        "Você escolheu enviar com NF-e, mas a loja não emite notas: configure INVOICE_PROVIDER=focusnfe (e o token da Focus NFe) ou escolha DC-e.",
      );
    else if (!focusNfeConnected) reasons.push("A Focus NFe não está conectada: informe o token da sua conta Focus NFe.");
  } else if (sender.stateRegistration) {
    // The DC-e is for senders who are not ICMS contributors; an IE makes the shop one.
    reasons.push(
      "A DC-e é só para quem não é contribuinte do ICMS, e a loja informou inscrição estadual: escolha NF-e (confirme com seu contador).",
    );
  }
  if (profile.shipsWith === "dce" && profile.taxRegime === "regime_normal")
    reasons.push("Empresas do Lucro Presumido ou Real vendem com NF-e: escolha NF-e (confirme com seu contador).");
  if (invoiceProvider === "focusnfe" && profile.taxRegime !== "mei" && (!sender.municipalRegistration || !sender.address.cityIbgeCode))
    reasons.push(
      "Para emitir NFS-e de serviços e cursos, informe a inscrição municipal e o código IBGE do município (7 dígitos, em ibge.gov.br).",
    );
  return reasons;
}

function connectionReasons({ shippingProvider, melhorEnvioConnected }: FulfilmentSetup): string[] {
  if (shippingProvider !== "melhorenvio" || melhorEnvioConnected) return [];
  return [
    "O frete está no Melhor Envio, mas a conta não está conectada: conecte-a (ou informe o token pessoal). Enquanto isso, o frete sai da sua tabela e não há etiquetas.",
  ];
}
