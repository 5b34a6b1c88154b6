// `npm run dev` with INVOICE_PROVIDER=focusnfe and no FOCUS_NFE_TOKEN: starts Focus NFe's local fake
// (test/fakes/focusnfe-fake.ts, the one the tests use), points the shop at it and registers the hook
// to the shop, before the shop reads its configuration. A small control port on loopback plays SEFAZ.

export async function startDevInvoiceFake(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  if (env.INVOICE_PROVIDER !== "focusnfe" || env.FOCUS_NFE_TOKEN) return null;
  const { startFocusNfeFake } = await import("../test/fakes/focusnfe-fake.ts");
  const { serveOnLoopback } = await import("../test/fakes/serve.ts");
  const { Hono } = await import("hono");
  const fake = await startFocusNfeFake();
  env.FOCUS_NFE_URL = fake.url;
  env.FOCUS_NFE_TOKEN = fake.token;
  env.FOCUS_NFE_WEBHOOK_SECRET ??= `dev-${crypto.randomUUID()}`;
  const shop = `http://localhost:${env.PORT ?? "3000"}`;
  for (const event of ["nfe", "nfsen"]) {
    fake.hooks.push({
      id: `dev-${event}`,
      cnpj: "",
      event,
      url: `${shop}/api/invoices/focusnfe/webhook`,
      authorization: env.FOCUS_NFE_WEBHOOK_SECRET,
      authorization_header: "X-Focus-Token",
    });
  }
  const control = new Hono();
  control.get("/notes", (c) => c.json([...fake.notes.values()].map(({ type, ref, status }) => ({ type, ref, status }))));
  control.post("/authorize/:ref", async (c) => c.json(await fake.authorize(c.req.param("ref"))));
  control.post("/refuse/:ref", async (c) =>
    c.json(
      await fake.refuse(
        c.req.param("ref"),
        c.req.query("codigo") ?? "778",
        c.req.query("mensagem") ?? "Rejeição: Informado NCM inexistente",
      ),
    ),
  );
  const served = await serveOnLoopback(control);
  return `Focus NFe falsa em ${fake.url}: GET ${served.url}/notes lista as notas; POST ${served.url}/authorize/REF autoriza (e chama o gatilho da loja), POST ${served.url}/refuse/REF?codigo=778 recusa`;
}
