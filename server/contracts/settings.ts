import { z } from "zod";
import { cardInstallmentsInput, cardInstallmentsViewSchema } from "#domain/settings/card-installments.ts";
import { goLiveReportSchema } from "#domain/settings/go-live-rules.ts";
import { fulfilmentProfileSchema, fulfilmentProfileViewSchema } from "#domain/settings/fulfilment-profile.ts";
import { fulfilmentReadinessSchema } from "#domain/settings/fulfilment-readiness.ts";
import { shopSettingsInput, shopSettingsSchema, testEmailResultSchema } from "#domain/settings/settings-schemas.ts";
import { defineContract } from "#server/contracts/define-contract.ts";
import { settingsRoutes } from "#server/contracts/settings.routes.ts";

/** The shop's shipping and tax data with its readiness (issue 30 item 2, decision 074). */
const fulfilmentAnswer = z.object({ profile: fulfilmentProfileViewSchema.nullable(), readiness: fulfilmentReadinessSchema });

/** The owner's settings and the go-live check (issue 28 items 1 and 2, decisions 055 and 056). Admins only. */
export const settingsContract = defineContract(settingsRoutes, {
  getSettings: {
    operationId: "adminGetSettings",
    summary: "Configurações da loja em vigor (as salvas no admin, ou as variáveis de ambiente da primeira partida); nunca a senha do SMTP",
    tag: "admin",
    response: shopSettingsSchema,
  },
  saveSettings: {
    operationId: "adminSaveSettings",
    summary:
      "Salva as configurações da loja (identidade, chave Pix validada pelo tipo, WhatsApp, remetente e SMTP): auditado, em vigor em todas as instâncias em segundos. Sem `smtp.password`, a senha salva é mantida",
    tag: "admin",
    body: shopSettingsInput,
    response: shopSettingsSchema,
  },
  sendTestEmail: {
    operationId: "adminSendSettingsTestEmail",
    summary:
      "Envia um e-mail de teste ao administrador pelo servidor SMTP salvo, na hora (sem fila): a resposta diz se chegou ao servidor ou o que ele respondeu",
    tag: "admin",
    body: z.object({}).strict(),
    response: testEmailResultSchema,
  },
  goLive: {
    operationId: "adminGoLive",
    summary:
      "Verificação para abrir a loja: chave Pix, identificação e WhatsApp reais, HTTPS, SMTP respondendo, segredos, backup do último dia e suas ferramentas, arquivos digitais, armazenamento compartilhado; cada item verde ou vermelho com o que fazer",
    tag: "manutenção",
    response: goLiveReportSchema,
  },
  uploadLogo: {
    operationId: "adminUploadLogo",
    summary:
      "Envia o logotipo da loja (multipart, campo file; JPEG, PNG ou WebP pelos primeiros bytes, até 10 MB): vira um PNG de 64 px de altura no armazenamento de arquivos e aparece no cabeçalho e nos e-mails",
    tag: "admin",
    response: shopSettingsSchema,
  },
  removeLogo: {
    operationId: "adminRemoveLogo",
    summary: "Volta ao logotipo padrão da loja",
    tag: "admin",
    response: shopSettingsSchema,
  },
  getCardInstallments: {
    operationId: "adminGetCardInstallments",
    summary:
      "Parcelamento no cartão em vigor: o máximo de parcelas que o comprador pode escolher e quantas são sem juros (o salvo no admin, ou CARD_MAX_INSTALLMENTS e CARD_INSTALLMENTS_WITHOUT_INTEREST), e se a loja aceita cartão",
    tag: "admin",
    response: cardInstallmentsViewSchema,
  },
  saveCardInstallments: {
    operationId: "adminSaveCardInstallments",
    summary:
      'Salva o parcelamento no cartão (1 a 12 parcelas; as sem juros não passam do máximo): auditado, vale em todas as instâncias em segundos; as páginas de produto e o carrinho dizem "em até Nx sem juros"',
    tag: "admin",
    body: cardInstallmentsInput,
    response: cardInstallmentsViewSchema,
  },
  getFulfilment: {
    operationId: "adminGetFulfilmentProfile",
    summary:
      'Dados de envio e fiscais da loja (remetente, endereço, CPF ou CNPJ, IE, regime, NF-e ou DC-e), ou null antes de preenchidos, e "Pronta para enviar?": o que falta, em português',
    tag: "admin",
    response: fulfilmentAnswer,
  },
  saveFulfilment: {
    operationId: "adminSaveFulfilmentProfile",
    summary:
      "Salva os dados de envio e fiscais da loja, validados (dígitos verificadores do CPF/CNPJ, CEP, UF, telefone): auditado, em vigor em todas as instâncias; responde com o que ainda falta para enviar",
    tag: "admin",
    body: fulfilmentProfileSchema,
    response: fulfilmentAnswer,
  },
});
