import { z } from "zod";
import {
  isValidCnpj,
  normalizePixKey,
  PLACEHOLDER_ADDRESS_MARK,
  PLACEHOLDER_CNPJ,
  PLACEHOLDER_PIX_KEY,
  PLACEHOLDER_WHATSAPP,
} from "#domain/settings/settings-rules.ts";

/**
 * The go-live check (issue 28 item 2, decision 056): what a real shop needs before opening, each item
 * green or red with what to do. Pure: the server gathers the facts, these rules judge them, and the
 * maintenance panel, the admin's banner and `npm run doctor` print the same items.
 */

export const goLiveItemSchema = z.object({
  id: z.enum([
    "pix_key",
    "identity",
    "whatsapp",
    "https",
    "smtp",
    "secrets",
    "backup_recent",
    "backup_tools",
    "digital_files",
    "shared_storage",
    "fulfilment",
  ]),
  label: z.string(),
  ok: z.boolean(),
  /** Red: what to do, in one or two sentences. Green: what was found. */
  detail: z.string(),
});
export type GoLiveItem = z.infer<typeof goLiveItemSchema>;

export const goLiveReportSchema = z.object({
  ready: z.boolean(),
  checkedAt: z.iso.datetime(),
  items: z.array(goLiveItemSchema),
});
export type GoLiveReport = z.infer<typeof goLiveReportSchema>;

export type GoLiveFacts = {
  settings: { pixKey: string; cnpj: string; address: string; email: string; supportWhatsapp: string; smtpHost: string | null };
  publicUrl: string;
  /** null: SMTP answered; otherwise its answer (or why it could not be asked). */
  smtpProblem: string | null;
  /** Secrets that are missing or were left as a placeholder, by variable name. */
  weakSecrets: string[];
  lastBackupAt: Date | null;
  /** null: pg_dump and pg_restore of the server's version are here; otherwise the panel's sentence. */
  backupToolsProblem: string | null;
  /** Names of the products whose file customers download but which is not uploaded yet. */
  missingDigitalFiles: string[];
  instances: number;
  sharedStorage: boolean;
  /**
   * "Pronta para enviar?" (decision 074) of a shop that buys labels from Melhor Envio or issues notes
   * through Focus NFe: its open reasons and the providers in use. null: it ships by its own table and
   * issues no notes, so there is nothing to check (decision 088).
   */
  fulfilment: { reasons: string[]; providers: string[] } | null;
  now: Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const SETTINGS = "em Administração → Configurações";

export function goLiveItems(facts: GoLiveFacts): GoLiveItem[] {
  const { settings } = facts;
  const pixPlaceholder = settings.pixKey === PLACEHOLDER_PIX_KEY || !normalizePixKey(settings.pixKey);
  const identityProblems = [
    ...(settings.cnpj === PLACEHOLDER_CNPJ || !isValidCnpj(settings.cnpj) ? ["o CNPJ"] : []),
    ...(settings.address.includes(PLACEHOLDER_ADDRESS_MARK) ? ["o endereço"] : []),
    ...(/@example\.(com|org|net)$/i.test(settings.email) ? ["o e-mail de contato"] : []),
  ];
  const https = facts.publicUrl.startsWith("https://");
  const backupAge = facts.lastBackupAt ? facts.now.getTime() - facts.lastBackupAt.getTime() : null;
  return [
    {
      id: "pix_key",
      label: "Chave Pix da loja",
      ok: !pixPlaceholder,
      detail: pixPlaceholder
        ? `Os clientes pagariam a chave de exemplo: cadastre a chave Pix da loja ${SETTINGS}.`
        : `Os Pix vão para ${settings.pixKey}.`,
    },
    {
      id: "identity",
      label: "Identificação da loja (Decreto 7.962)",
      ok: identityProblems.length === 0,
      detail:
        identityProblems.length === 0
          ? `CNPJ ${settings.cnpj}.`
          : `O rodapé mostra ${identityProblems.join(", ")} de exemplo: preencha a razão social, o CNPJ, o endereço e o e-mail ${SETTINGS}.`,
    },
    {
      id: "whatsapp",
      label: "WhatsApp de atendimento",
      ok: settings.supportWhatsapp !== PLACEHOLDER_WHATSAPP,
      detail:
        settings.supportWhatsapp === PLACEHOLDER_WHATSAPP
          ? `O botão de atendimento abre um número de exemplo: informe o WhatsApp da loja ${SETTINGS}.`
          : `Atendimento em +${settings.supportWhatsapp}.`,
    },
    {
      id: "https",
      label: "Endereço com HTTPS",
      ok: https,
      detail: https
        ? `A loja responde em ${facts.publicUrl}.`
        : `PUBLIC_URL é ${facts.publicUrl}: no servidor, defina PUBLIC_URL com o endereço https da loja (ex.: https://sualoja.com.br) e reinicie.`,
    },
    {
      id: "smtp",
      label: "Servidor de e-mail (SMTP)",
      ok: settings.smtpHost !== null && facts.smtpProblem === null,
      detail:
        settings.smtpHost === null
          ? `Sem servidor SMTP os e-mails não chegam aos clientes: cadastre um ${SETTINGS} e use "Enviar e-mail de teste".`
          : facts.smtpProblem === null
            ? `${settings.smtpHost} respondeu.`
            : `${settings.smtpHost} não respondeu (${facts.smtpProblem}): confira servidor, porta, usuário e senha ${SETTINGS}.`,
    },
    {
      id: "secrets",
      label: "Segredos da instalação",
      ok: facts.weakSecrets.length === 0,
      detail:
        facts.weakSecrets.length === 0
          ? "Nenhum segredo de exemplo."
          : `No servidor, defina ${facts.weakSecrets.join(" e ")} com valores aleatórios (ex.: openssl rand -base64 32) e reinicie.`,
    },
    {
      id: "backup_recent",
      label: "Backup do último dia",
      ok: backupAge !== null && backupAge <= DAY_MS,
      detail:
        backupAge === null
          ? 'Nenhum backup foi feito: use "Baixar backup" na seção Backup e agende npm run backup todo dia (README, Backups).'
          : backupAge <= DAY_MS
            ? "Há um backup de menos de um dia."
            : `O último backup tem ${Math.floor(backupAge / DAY_MS)} dia(s): faça um agora e agende npm run backup todo dia.`,
    },
    {
      id: "backup_tools",
      label: "Ferramentas de backup",
      ok: facts.backupToolsProblem === null,
      detail: facts.backupToolsProblem ?? "pg_dump e pg_restore da versão do banco estão instalados.",
    },
    {
      id: "digital_files",
      label: "Arquivos digitais enviados",
      ok: facts.missingDigitalFiles.length === 0,
      detail:
        facts.missingDigitalFiles.length === 0
          ? "Todos os produtos digitais têm o arquivo final."
          : `Os compradores recebem um PDF provisório de: ${facts.missingDigitalFiles.join(", ")}. Envie o arquivo final de cada um.`,
    },
    {
      id: "shared_storage",
      label: "Arquivos compartilhados entre instâncias",
      ok: facts.instances <= 1 || facts.sharedStorage,
      detail:
        facts.instances <= 1
          ? "Uma instância: os arquivos ficam no disco dela."
          : facts.sharedStorage
            ? `${facts.instances} instâncias usam o mesmo armazenamento.`
            : `${facts.instances} instâncias, cada uma com seu disco: uma foto enviada numa não aparece nas outras. Defina FILE_STORAGE=s3 (README) e reinicie.`,
    },
    ...(facts.fulfilment ? [fulfilmentItem(facts.fulfilment)] : []),
  ];
}

/** One item listing every reason "Pronta para enviar?" still gives, each saying what to do. */
function fulfilmentItem({ reasons, providers }: NonNullable<GoLiveFacts["fulfilment"]>): GoLiveItem {
  return {
    id: "fulfilment",
    label: "Pronta para enviar",
    ok: reasons.length === 0,
    detail:
      reasons.length === 0
        ? `Dados de envio e fiscais completos; ${providers.join(" e ")} ${providers.length === 1 ? "conectado" : "conectados"}.`
        : `${reasons.join(" ")} Veja "Dados de envio e fiscais" ${SETTINGS}.`,
  };
}

export function goLiveReport(facts: GoLiveFacts): GoLiveReport {
  const items = goLiveItems(facts);
  return { ready: items.every((item) => item.ok), checkedAt: facts.now.toISOString(), items };
}
