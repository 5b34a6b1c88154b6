// A local PSP speaking the Banco Central's Pix API (bacen/pix-api v2, research B.1.b) over HTTPS
// with client certificates (mTLS, certificates made in the test): OAuth client credentials,
// immediate charges (cob) under the shop's txid with a dynamic BR Code, refunds (devolução), the
// webhook registration, and a `pay` hook that settles a cob and calls the registered webhook with
// `{ pix: [...] }` (or the bare array some PSPs post) at `webhookUrl + "/pix"`, as PSPs append it.
// Used by the tests and by `PIX_PROVIDER=bcb npm run dev`.
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { crc16CcittFalse } from "#domain/payments/br-code.ts";
import type { TestPki } from "#test/fakes/test-certificates.ts";

type Pix = { endToEndId: string; txid: string; valor: string; horario: string; devolucoes?: Array<Record<string, unknown>> };
export type FakeCob = {
  txid: string;
  revisao: number;
  status: "ATIVA" | "CONCLUIDA" | "REMOVIDA_PELO_USUARIO_RECEBEDOR" | "REMOVIDA_PELO_PSP";
  calendario: { criacao: string; expiracao: number };
  loc: { id: number; location: string; tipoCob: "cob" };
  location: string;
  devedor?: { cpf?: string; nome?: string };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  pixCopiaECola: string;
  pix?: Pix[];
};

export type PayOptions = {
  /** What the payer sent ("48.90"; default: the cob's amount). */
  valor?: string;
  /** Deliveries of the same callback (default 1), concurrently. */
  copies?: number;
  /** Post the bare array instead of `{ pix: [...] }` (Inter). */
  rootArray?: boolean;
  /** false: the callback is lost. */
  notify?: boolean;
};

export type BcbPixFake = {
  url: string;
  clientId: string;
  clientSecret: string;
  cobs: Map<string, FakeCob>;
  /** Registered webhook URLs by Pix key. */
  webhooks: Map<string, string>;
  tokenCalls: number;
  hang: boolean;
  /** Milliseconds each PUT /v2/cob/{txid} takes before it is handled; the cob is made even if the caller gave up. */
  putDelayMs: number;
  /** true: a second PUT of a txid the PSP already holds is refused with 400, as some PSPs do (default: answered with that cob). */
  refuseRepeatedTxid: boolean;
  /** Every PUT /v2/cob/{txid} received, by txid, in order. */
  cobPuts: string[];
  /** An origin to deliver callbacks to instead of the registered URL's (as a tunnel would). */
  deliverTo: string | null;
  pay(txids: string | string[], options?: PayOptions): Promise<number[]>;
  /** Delivers the callback of Pix already settled (a late or repeated delivery). */
  redeliver(txid: string): Promise<number>;
  /** A callback without the webhook's secret, as Efí's first probe arrives: the shop must refuse it. */
  probe(body: unknown): Promise<number>;
  close(): Promise<void>;
};

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, "0")}${value}`;

/** A dynamic BR Code (point of initiation 12, field 26/25 = the location, txid ***), CRC included. */
function dynamicBrCode(location: string): string {
  const payload =
    tlv("00", "01") +
    tlv("01", "12") +
    tlv("26", tlv("00", "br.gov.bcb.pix") + tlv("25", location)) +
    tlv("52", "0000") +
    tlv("53", "986") +
    tlv("58", "BR") +
    tlv("59", "LOJA MICOLOGIA") +
    tlv("60", "SAO PAULO") +
    tlv("62", tlv("05", "***")) +
    "6304";
  return payload + crc16CcittFalse(payload);
}

const problem = (status: number, title: string, detail: string, violacoes: Array<{ razao: string; propriedade: string }> = []) =>
  new Response(
    JSON.stringify({ type: `https://pix.bcb.gov.br/api/v2/error/${title.replace(/\W/g, "")}`, title, status, detail, violacoes }),
    { status, headers: { "content-type": "application/problem+json" } },
  );

export async function startBcbPixFake(pki: TestPki, options: { port?: number } = {}): Promise<BcbPixFake> {
  const clientId = `Client_Id_${randomUUID().slice(0, 8)}`;
  const clientSecret = `Client_Secret_${randomUUID()}`;
  const cobs = new Map<string, FakeCob>();
  const webhooks = new Map<string, string>();
  const tokens = new Set<string>();
  let locId = 100;
  const state = { tokenCalls: 0, hang: false, deliverTo: null as string | null, putDelayMs: 0, refuseRepeatedTxid: false };
  const cobPuts: string[] = [];
  // The PSP's own client certificate, presented on its callbacks.
  const pspClient = await pki.client("psp-callbacks");

  const app = new Hono();
  app.use("*", async (_c, next) => {
    if (state.hang) await new Promise(() => {});
    return next();
  });

  app.post("/oauth/token", async (c) => {
    state.tokenCalls++;
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
    if (c.req.header("authorization") !== expected) return c.json({ error: "invalid_client" }, 401);
    const text = await c.req.text();
    const grant = text.startsWith("{")
      ? (JSON.parse(text) as { grant_type?: string }).grant_type
      : new URLSearchParams(text).get("grant_type");
    if (grant !== "client_credentials") return c.json({ error: "unsupported_grant_type" }, 400);
    const token = randomUUID();
    tokens.add(token);
    return c.json({
      access_token: token,
      token_type: "Bearer",
      expires_in: 3600,
      scope: "cob.write cob.read pix.write pix.read webhook.write",
    });
  });

  app.use("/v2/*", async (c, next) => {
    const token = c.req.header("authorization")?.replace(/^Bearer /, "");
    if (!token || !tokens.has(token)) return problem(401, "Nao autorizado", "Token de acesso inválido.");
    return next();
  });

  app.put("/v2/cob/:txid", async (c) => {
    const txid = c.req.param("txid");
    cobPuts.push(txid);
    if (state.putDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.putDelayMs));
    if (!/^[a-zA-Z0-9]{26,35}$/.test(txid))
      return problem(400, "Cobranca invalida", "O txid não respeita o _schema_.", [{ razao: "txid inválido", propriedade: "txid" }]);
    const body = (await c.req.json().catch(() => null)) as Partial<FakeCob> | null;
    const violacoes: Array<{ razao: string; propriedade: string }> = [];
    if (!body?.calendario || !Number.isInteger(body.calendario.expiracao))
      violacoes.push({ razao: "O campo cob.calendario.expiracao não respeita o _schema_.", propriedade: "cob.calendario.expiracao" });
    if (!/^\d{1,10}\.\d{2}$/.test(body?.valor?.original ?? ""))
      violacoes.push({ razao: "O campo cob.valor.original não respeita o _schema_.", propriedade: "cob.valor.original" });
    if (!body?.chave) violacoes.push({ razao: "O campo cob.chave é obrigatório.", propriedade: "cob.chave" });
    if ((body?.solicitacaoPagador?.length ?? 0) > 140)
      violacoes.push({ razao: "solicitacaoPagador longo demais", propriedade: "cob.solicitacaoPagador" });
    if (violacoes.length > 0)
      return problem(
        400,
        "Cobranca invalida",
        "A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada.",
        violacoes,
      );
    const existing = cobs.get(txid);
    if (existing) {
      if (existing.status !== "ATIVA") return problem(400, "Cobranca invalida", "Cobrança não está ATIVA.");
      if (state.refuseRepeatedTxid) return problem(400, "Cobranca invalida", "Já existe uma cobrança com o txid informado.");
      return c.json(existing, 200);
    }
    const id = locId++;
    const location = `pix.example.com/qr/v2/${randomUUID().replaceAll("-", "")}`;
    const cob: FakeCob = {
      txid,
      revisao: 0,
      status: "ATIVA",
      calendario: { criacao: new Date().toISOString(), expiracao: body!.calendario!.expiracao },
      loc: { id, location, tipoCob: "cob" },
      location,
      ...(body!.devedor ? { devedor: body!.devedor } : {}),
      valor: { original: body!.valor!.original },
      chave: body!.chave!,
      ...(body!.solicitacaoPagador ? { solicitacaoPagador: body!.solicitacaoPagador } : {}),
      pixCopiaECola: dynamicBrCode(location),
    };
    cobs.set(txid, cob);
    return c.json(cob, 201);
  });

  app.get("/v2/cob/:txid", (c) => {
    const cob = cobs.get(c.req.param("txid"));
    return cob ? c.json(cob) : problem(404, "Cobranca nao encontrada", "Cobrança não encontrada para o txid informado.");
  });

  app.patch("/v2/cob/:txid", async (c) => {
    const cob = cobs.get(c.req.param("txid"));
    if (!cob) return problem(404, "Cobranca nao encontrada", "Cobrança não encontrada para o txid informado.");
    const body = (await c.req.json().catch(() => ({}))) as { status?: string };
    if (body.status !== "REMOVIDA_PELO_USUARIO_RECEBEDOR") return problem(400, "Cobranca invalida", "status inválido");
    if (cob.status !== "ATIVA") return problem(400, "Cobranca invalida", "Cobrança não está ATIVA.");
    cob.status = "REMOVIDA_PELO_USUARIO_RECEBEDOR";
    cob.revisao++;
    return c.json(cob);
  });

  app.put("/v2/pix/:e2eid/devolucao/:id", async (c) => {
    const pix = [...cobs.values()].flatMap((cob) => cob.pix ?? []).find((entry) => entry.endToEndId === c.req.param("e2eid"));
    if (!pix) return problem(404, "Pix nao encontrado", "Pix não encontrado.");
    const id = c.req.param("id");
    const body = (await c.req.json().catch(() => ({}))) as { valor?: string };
    if (!/^\d{1,10}\.\d{2}$/.test(body.valor ?? "")) return problem(400, "Devolucao invalida", "valor inválido");
    const earlier = pix.devolucoes?.find((refund) => refund.id === id);
    if (earlier) return c.json(earlier, 201);
    const refund = {
      id,
      rtrId: `D${Date.now()}${id}`.slice(0, 32),
      valor: body.valor,
      horario: { solicitacao: new Date().toISOString() },
      status: "DEVOLVIDO",
    };
    (pix.devolucoes ??= []).push(refund);
    return c.json(refund, 201);
  });

  app.put("/v2/webhook/:chave", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { webhookUrl?: string };
    if (!body.webhookUrl?.startsWith("http")) return problem(400, "Webhook invalido", "webhookUrl inválida");
    webhooks.set(decodeURIComponent(c.req.param("chave")), body.webhookUrl);
    return c.body(null, 204);
  });

  const server = https.createServer(
    { ...pki.server, ca: pki.ca.cert, requestCert: true, rejectUnauthorized: true },
    getRequestListener(app.fetch),
  );
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  /** POSTs `body` to the webhook registered for `chave`, with "/pix" appended as PSPs do. */
  async function callback(chave: string, body: unknown, withSecret = true): Promise<number> {
    const registered = webhooks.get(chave);
    if (!registered) throw new Error(`fake PSP: no webhook registered for ${chave}`);
    const target = new URL(`${registered}/pix`);
    if (!withSecret) target.search = "";
    if (state.deliverTo) {
      const via = new URL(state.deliverTo);
      target.protocol = via.protocol;
      target.host = via.host;
    }
    const tlsOptions = target.protocol === "https:" ? { cert: pspClient.cert, key: pspClient.key, ca: pki.ca.cert } : {};
    const payload = JSON.stringify(body);
    return new Promise<number>((resolve, reject) => {
      const request = (target.protocol === "https:" ? https.request : http.request)(
        target,
        {
          method: "POST",
          headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) },
          ...tlsOptions,
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      request.on("error", reject);
      request.end(payload);
    });
  }

  return {
    url: `https://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    cobs,
    webhooks,
    get tokenCalls() {
      return state.tokenCalls;
    },
    get hang() {
      return state.hang;
    },
    set hang(value: boolean) {
      state.hang = value;
    },
    get putDelayMs() {
      return state.putDelayMs;
    },
    set putDelayMs(value: number) {
      state.putDelayMs = value;
    },
    get refuseRepeatedTxid() {
      return state.refuseRepeatedTxid;
    },
    set refuseRepeatedTxid(value: boolean) {
      state.refuseRepeatedTxid = value;
    },
    cobPuts,
    get deliverTo() {
      return state.deliverTo;
    },
    set deliverTo(value: string | null) {
      state.deliverTo = value;
    },
    async pay(txidList, pay = {}) {
      const txids = Array.isArray(txidList) ? txidList : [txidList];
      const entries: Pix[] = txids.map((txid, index) => {
        const cob = cobs.get(txid);
        if (!cob) throw new Error(`fake PSP: no cob ${txid}`);
        const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 12);
        const entry: Pix = {
          endToEndId: `E12345678${stamp}${randomUUID().replaceAll("-", "").slice(0, 10)}${index}`.slice(0, 32),
          txid,
          valor: pay.valor ?? cob.valor.original,
          horario: new Date().toISOString(),
        };
        cob.status = "CONCLUIDA";
        (cob.pix ??= []).push(entry);
        return entry;
      });
      if (pay.notify === false) return [];
      const chave = cobs.get(txids[0]!)!.chave;
      const body = pay.rootArray ? entries : { pix: entries };
      return Promise.all(Array.from({ length: pay.copies ?? 1 }, () => callback(chave, body)));
    },
    async redeliver(txid) {
      const cob = cobs.get(txid)!;
      return callback(cob.chave, { pix: cob.pix ?? [] });
    },
    async probe(body) {
      const chave = [...webhooks.keys()][0]!;
      return callback(chave, body, false);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
