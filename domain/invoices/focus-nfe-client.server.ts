/**
 * Focus NFe's v2 API, the few calls the shop makes: issue (POST ?ref=), read (GET /REF) and cancel
 * (DELETE /REF), for NF-e (/v2/nfe) and NFS-e Nacional (/v2/nfsen). HTTP Basic with the company's
 * token as user and an empty password. Anything but an answer is a ServiceUnavailableError (the job
 * tries again); an answer is returned as Focus gave it, read by `focusNote`.
 */
import { z } from "zod";
import { providerRequest, ServiceUnavailableError, type ProviderAnswer } from "#platform/http/provider-request.ts";
import type { AppServices } from "#platform/services.ts";
import { recordProviderError } from "#domain/connections/provider-errors.server.ts";
import { focusNfeAccess, type FocusNfeAccess } from "#domain/invoices/focus-nfe-access.server.ts";
import type { InvoiceKind } from "#domain/invoices/invoice-moves.ts";

const PATH: Record<InvoiceKind, string> = { nfe: "/v2/nfe", nfse: "/v2/nfsen" };
/** Focus answers fast; SEFAZ's part is asynchronous, so a short bound keeps a job from hanging. */
const TIMEOUT_MS = 15_000;

type ClientServices = Pick<AppServices, "config" | "db">;

/** A note as GET (and the hook) describe it; fields unknown here are ignored. */
export const focusNoteSchema = z
  .object({
    ref: z.string().optional(),
    // Absent from an error answer ({codigo, mensagem, erros}).
    status: z.string().optional(),
    status_sefaz: z.union([z.string(), z.number()]).nullish(),
    mensagem_sefaz: z.string().nullish(),
    chave_nfe: z.string().nullish(),
    chave_nfse: z.string().nullish(),
    numero: z.union([z.string(), z.number()]).nullish(),
    serie: z.union([z.string(), z.number()]).nullish(),
    caminho_danfe: z.string().nullish(),
    url_danfse: z.string().nullish(),
    url: z.string().nullish(),
    caminho_xml_nota_fiscal: z.string().nullish(),
    erros: z.array(z.object({ mensagem: z.string().nullish(), campo: z.string().nullish() }).loose()).nullish(),
    mensagem: z.string().nullish(),
    codigo: z.string().nullish(),
  })
  .loose();
export type FocusNote = z.infer<typeof focusNoteSchema>;

async function access(services: ClientServices): Promise<FocusNfeAccess> {
  const found = await focusNfeAccess(services);
  // Not connected: nothing can be issued now; the job waits and tries again once the token is there.
  if (!found) throw new ServiceUnavailableError("Focus NFe: no token configured");
  return found;
}

/**
 * One call; Focus down, slow, or refusing the token (403) is written to the health panel's last
 * error (decision 075). Always outside the caller's transactions.
 */
async function call(services: ClientServices, found: FocusNfeAccess, method: "GET" | "POST" | "DELETE", path: string, body?: unknown) {
  try {
    const answer = await providerRequest({
      method,
      url: `${found.apiUrl}${path}`,
      headers: { authorization: `Basic ${Buffer.from(`${found.token}:`).toString("base64")}` },
      body,
      timeoutMs: TIMEOUT_MS,
      provider: "focusnfe",
    });
    if (transient(answer) || answer.status === 401 || answer.status === 403) {
      await recordProviderError(services.db, "focusnfe", `${method} ${path.split("?")[0]}: HTTP ${answer.status} ${answer.text}`);
    }
    return answer;
  } catch (error) {
    if (error instanceof ServiceUnavailableError) await recordProviderError(services.db, "focusnfe", error.message);
    throw error;
  }
}

/** A 5xx or 429 is Focus being unwell (try later); a 4xx is an answer about this note. */
function transient(answer: ProviderAnswer): boolean {
  return answer.status >= 500 || answer.status === 429 || answer.status === 0;
}

export type FocusAnswer = { status: number; note: FocusNote | null; text: string };

function parsed(answer: ProviderAnswer, what: string): FocusAnswer {
  if (transient(answer)) throw new ServiceUnavailableError(`${what}: HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
  const note = focusNoteSchema.safeParse(answer.json);
  return { status: answer.status, note: note.success ? note.data : null, text: answer.text };
}

export async function issueAtFocus(services: ClientServices, kind: InvoiceKind, ref: string, body: unknown): Promise<FocusAnswer> {
  const found = await access(services);
  return parsed(await call(services, found, "POST", `${PATH[kind]}?ref=${encodeURIComponent(ref)}`, body), `POST ${PATH[kind]}`);
}

export async function readAtFocus(services: ClientServices, kind: InvoiceKind, ref: string): Promise<FocusAnswer> {
  const found = await access(services);
  return parsed(await call(services, found, "GET", `${PATH[kind]}/${encodeURIComponent(ref)}`), `GET ${PATH[kind]}/REF`);
}

export async function cancelAtFocus(services: ClientServices, kind: InvoiceKind, ref: string, justification: string): Promise<FocusAnswer> {
  const found = await access(services);
  return parsed(
    await call(services, found, "DELETE", `${PATH[kind]}/${encodeURIComponent(ref)}`, { justificativa: justification }),
    `DELETE ${PATH[kind]}/REF`,
  );
}

/** Focus' `caminho_*` are paths on its host; the NFS-e's `url_danfse` is already a full URL. */
export async function focusFileUrl(services: ClientServices, pathOrUrl: string | null | undefined): Promise<string | null> {
  if (!pathOrUrl) return null;
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  const found = await focusNfeAccess(services);
  const host = found?.apiUrl ?? services.config.FOCUS_NFE_URL.replace(/\/$/, "");
  return `${host}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}
