// A local Focus NFe (issue 30 items 3 and 8) speaking its v2 API's wire format: HTTP Basic with the
// company's token as user and an empty password; POST /v2/nfe?ref= and /v2/nfsen?ref= answer 202
// processando_autorizacao; GET returns the note as the hook posts it; DELETE cancels within 24 h with a
// 15–255 character justificativa; /v2/hooks registers the hook, which is POSTed with the configured
// header. Tests drive SEFAZ through `authorize`, `refuse` and `deny`. Used by the tests and by
// `npm run dev` with INVOICE_PROVIDER=focusnfe and no token.
import { randomInt, randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import { serveOnLoopback } from "#test/fakes/serve.ts";

export type FocusDocumentType = "nfe" | "nfsen";

export type FocusNote = {
  type: FocusDocumentType;
  ref: string;
  status: "processando_autorizacao" | "autorizado" | "erro_autorizacao" | "denegado" | "cancelado";
  /** The last body POSTed for this ref (what the shop sent). */
  body: Record<string, unknown>;
  authorizedAt: Date | null;
  answer: Record<string, unknown>;
};

export type FocusHook = { id: string; cnpj: string; event: string; url: string; authorization: string; authorization_header: string };

export type FocusNfeFake = {
  /** The host (FOCUS_NFE_URL); the API is under /v2. */
  url: string;
  /** The company's token (FOCUS_NFE_TOKEN). */
  token: string;
  notes: Map<string, FocusNote>;
  hooks: FocusHook[];
  /** POSTs received per ref (a retry must never make a second note). */
  posts: Map<string, number>;
  /** Every call, "METHOD /path". */
  calls: string[];
  /** Answer nothing (a timeout test). */
  hang: boolean;
  /** Set: every call answers this HTTP status (Focus in trouble: 500, 503), doing nothing. */
  failWith: number | undefined;
  /** SEFAZ accepts the note: a 44-digit key, a number, the DANFE path; then the hook is posted. */
  authorize(ref: string, options?: { at?: Date; notify?: boolean }): Promise<Record<string, unknown>>;
  /** SEFAZ refuses it (erro_autorizacao, resend with the same ref allowed); then the hook is posted. */
  refuse(ref: string, statusSefaz: string, message: string, options?: { notify?: boolean }): Promise<Record<string, unknown>>;
  /** SEFAZ denies it (denegado, final). */
  deny(ref: string): Promise<Record<string, unknown>>;
  /** Posts the note's current state to every hook of its event (as POST /v2/nfe/REF/hook does). */
  notify(ref: string): Promise<number[]>;
  /**
   * Registers the shop's hook for NF-e and NFS-e as the owner does (POST /v2/hooks over HTTP), the
   * secret in the header the shop checks (X-Focus-Token). Throws unless Focus answers 201.
   */
  registerHooks(webhookUrl: string, cnpj: string, secret: string): Promise<void>;
  close(): Promise<void>;
};

const JUSTIFICATION = { min: 15, max: 255 };
const CANCEL_WINDOW_MS = 24 * 60 * 60_000;

function randomDigits(count: number): string {
  let digits = "";
  while (digits.length < count) digits += String(randomInt(0, 10));
  return digits;
}

function error(c: Context, status: 400 | 401 | 403 | 404 | 422, codigo: string, mensagem: string) {
  return c.json({ codigo, mensagem, erros: [{ mensagem, campo: null }] }, status);
}

export async function startFocusNfeFake(options: { port?: number; token?: string } = {}): Promise<FocusNfeFake> {
  const token = options.token ?? `focus-${randomUUID().replaceAll("-", "")}`;
  const notes = new Map<string, FocusNote>();
  const hooks: FocusHook[] = [];
  const posts = new Map<string, number>();
  const calls: string[] = [];
  const app = new Hono();
  let hang = false;
  let failWith: number | undefined;
  let host = "";

  app.use("/v2/*", async (c, next) => {
    calls.push(`${c.req.method} ${c.req.path}`);
    if (hang) await new Promise(() => {});
    if (failWith) return c.json({ codigo: "erro_interno", mensagem: "Erro interno." }, failWith as 500);
    // HTTP Basic: the token as user, an empty password (curl -u "TOKEN:"); ?token= is the fallback.
    const basic = /^Basic (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    const user = basic ? Buffer.from(basic, "base64").toString("utf8") : `${c.req.query("token") ?? ""}:`;
    if (user !== `${token}:`) return error(c, 403, "permissao_negada", "Acesso negado: token inválido.");
    return next();
  });

  const issue = (type: FocusDocumentType) => async (c: Context) => {
    const ref = c.req.query("ref") ?? "";
    if (!/^[A-Za-z0-9_-]{1,50}$/.test(ref)) return error(c, 400, "requisicao_invalida", "Parâmetro ref inválido.");
    posts.set(ref, (posts.get(ref) ?? 0) + 1);
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== "object") return error(c, 400, "requisicao_invalida", "JSON inválido.");
    const existing = notes.get(ref);
    // A ref is reused only after erro_autorizacao: anything else already is a note.
    if (existing && existing.status !== "erro_autorizacao") {
      if (existing.status === "processando_autorizacao") return error(c, 422, "em_processamento", "Nota fiscal em processamento.");
      return error(c, 422, "nfe_autorizada", "Nota fiscal já autorizada ou finalizada com esta referência.");
    }
    const cnpj = String(body.cnpj_emitente ?? body.cnpj_prestador ?? body.cpf_emitente ?? body.cpf_prestador ?? "");
    const note: FocusNote = {
      type,
      ref,
      status: "processando_autorizacao",
      body,
      authorizedAt: null,
      answer: { cnpj_emitente: cnpj, ref, status: "processando_autorizacao" },
    };
    notes.set(ref, note);
    return c.json(note.answer, 202);
  };
  app.post("/v2/nfe", issue("nfe"));
  app.post("/v2/nfsen", issue("nfsen"));

  const read = (type: FocusDocumentType) => (c: Context) => {
    const note = notes.get(c.req.param("ref") ?? "");
    if (!note || note.type !== type) return error(c, 404, "nao_encontrado", "Nota fiscal não encontrada.");
    return c.json(note.answer, 200);
  };
  app.get("/v2/nfe/:ref", read("nfe"));
  app.get("/v2/nfsen/:ref", read("nfsen"));

  const cancel = (type: FocusDocumentType) => async (c: Context) => {
    const note = notes.get(c.req.param("ref") ?? "");
    if (!note || note.type !== type) return error(c, 404, "nao_encontrado", "Nota fiscal não encontrada.");
    const body = (await c.req.json().catch(() => null)) as { justificativa?: unknown } | null;
    const justification = typeof body?.justificativa === "string" ? body.justificativa.trim() : "";
    if (justification.length < JUSTIFICATION.min || justification.length > JUSTIFICATION.max) {
      return error(c, 400, "requisicao_invalida", "A justificativa deve ter entre 15 e 255 caracteres.");
    }
    if (note.status === "cancelado") return c.json(note.answer, 200);
    if (note.status !== "autorizado") return error(c, 422, "nfe_nao_autorizada", "Nota fiscal não autorizada não pode ser cancelada.");
    if (Date.now() - note.authorizedAt!.getTime() > CANCEL_WINDOW_MS) {
      const mensagem = "Rejeição: Prazo de Cancelamento superior ao previsto na Legislação";
      const answer = { status: "erro_cancelamento", status_sefaz: "501", mensagem_sefaz: mensagem, erros: [{ mensagem, campo: null }] };
      return c.json(answer, 200);
    }
    note.status = "cancelado";
    note.answer = {
      ...note.answer,
      status: "cancelado",
      status_sefaz: "135",
      mensagem_sefaz: "Evento registrado e vinculado a NF-e",
      caminho_xml_cancelamento: `/arquivos/${note.ref}-can.xml`,
    };
    return c.json(note.answer, 200);
  };
  app.delete("/v2/nfe/:ref", cancel("nfe"));
  app.delete("/v2/nfsen/:ref", cancel("nfsen"));

  app.post("/v2/hooks", async (c) => {
    const body = (await c.req.json().catch(() => null)) as Partial<FocusHook> | null;
    if (!body?.url || !body.event) return error(c, 400, "requisicao_invalida", "Informe url e event.");
    const hook: FocusHook = {
      id: randomUUID().slice(0, 8),
      cnpj: String(body.cnpj ?? ""),
      event: body.event,
      url: body.url,
      authorization: String(body.authorization ?? ""),
      authorization_header: body.authorization_header ?? "Authorization",
    };
    if (hooks.filter((h) => h.event === hook.event).length >= 5) return error(c, 422, "requisicao_invalida", "Limite de 5 gatilhos.");
    hooks.push(hook);
    return c.json(hook, 201);
  });
  app.get("/v2/hooks", (c) => c.json(hooks));
  app.delete("/v2/hooks/:id", (c) => {
    const at = hooks.findIndex((hook) => hook.id === c.req.param("id"));
    if (at < 0) return error(c, 404, "nao_encontrado", "Gatilho não encontrado.");
    return c.json({ ...hooks.splice(at, 1)[0], deleted: true });
  });

  // The DANFE and XML files the paths point to (a customer's link opens something).
  app.get("/arquivos/:file", (c) => c.body(`%PDF-1.4\n% ${c.req.param("file")}\n`, 200, { "content-type": "application/pdf" }));

  async function notify(ref: string): Promise<number[]> {
    const note = notes.get(ref);
    if (!note) throw new Error(`focus fake: no note ${ref}`);
    const event = note.type === "nfe" ? "nfe" : "nfsen";
    return Promise.all(
      hooks
        .filter((hook) => hook.event === event)
        .map(async (hook) => {
          const response = await fetch(hook.url, {
            method: "POST",
            headers: { "content-type": "application/json", [hook.authorization_header]: hook.authorization },
            body: JSON.stringify(note.answer),
          });
          await response.arrayBuffer();
          return response.status;
        }),
    );
  }

  const must = (ref: string) => {
    const note = notes.get(ref);
    if (!note) throw new Error(`focus fake: no note ${ref}`);
    return note;
  };

  const served = await serveOnLoopback(app, options.port);
  host = served.url;

  async function registerHooks(webhookUrl: string, cnpj: string, secret: string): Promise<void> {
    for (const event of ["nfe", "nfsen"]) {
      const registered = await fetch(`${served.url}/v2/hooks`, {
        method: "POST",
        headers: { authorization: `Basic ${Buffer.from(`${token}:`).toString("base64")}`, "content-type": "application/json" },
        body: JSON.stringify({ cnpj, event, url: webhookUrl, authorization: secret, authorization_header: "X-Focus-Token" }),
      });
      if (registered.status !== 201) throw new Error(`focus fake: POST /v2/hooks answered ${registered.status}`);
    }
  }

  return {
    registerHooks,
    url: served.url,
    token,
    notes,
    hooks,
    posts,
    calls,
    get hang() {
      return hang;
    },
    set hang(value: boolean) {
      hang = value;
    },
    get failWith() {
      return failWith;
    },
    set failWith(value: number | undefined) {
      failWith = value;
    },
    async authorize(ref, opts = {}) {
      const note = must(ref);
      note.status = "autorizado";
      note.authorizedAt = opts.at ?? new Date();
      const number = String(randomInt(1, 99999));
      note.answer =
        note.type === "nfe"
          ? {
              cnpj_emitente: note.answer.cnpj_emitente,
              ref,
              status: "autorizado",
              status_sefaz: "100",
              mensagem_sefaz: "Autorizado o uso da NF-e",
              chave_nfe: `NFe${randomDigits(44)}`,
              numero: number,
              serie: "1",
              caminho_xml_nota_fiscal: `/arquivos/${ref}-nfe.xml`,
              caminho_danfe: `/arquivos/${ref}-danfe.pdf`,
            }
          : {
              cnpj_prestador: note.answer.cnpj_emitente,
              ref,
              status: "autorizado",
              numero: number,
              codigo_verificacao: randomDigits(8),
              chave_nfse: randomDigits(50),
              url: `https://www.nfse.gov.br/consultapublica/?chave=${ref}`,
              caminho_xml_nota_fiscal: `/arquivos/${ref}-nfse.xml`,
              url_danfse: `${host}/arquivos/${ref}-danfse.pdf`,
            };
      if (opts.notify !== false) await notify(ref);
      return note.answer;
    },
    async refuse(ref, statusSefaz, message, opts = {}) {
      const note = must(ref);
      note.status = "erro_autorizacao";
      note.answer = { ...note.answer, status: "erro_autorizacao", status_sefaz: statusSefaz, mensagem_sefaz: message };
      if (opts.notify !== false) await notify(ref);
      return note.answer;
    },
    async deny(ref) {
      const note = must(ref);
      note.status = "denegado";
      note.answer = {
        ...note.answer,
        status: "denegado",
        status_sefaz: "302",
        mensagem_sefaz: "Uso Denegado: Irregularidade fiscal do destinatário",
      };
      await notify(ref);
      return note.answer;
    },
    notify,
    close: served.close,
  };
}
