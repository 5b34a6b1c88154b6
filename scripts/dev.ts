// `npm run dev`: the same server as `npm start`, with Vite's dev middleware, HMR and fresh modules.
import { createServer as createHttpServer } from "node:http";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import type * as Main from "../server/main.ts";
import type * as Islands from "../app/islands/island-entries.ts";

process.env.NODE_ENV ??= "development";
// PIX_PROVIDER=mercadopago|bcb without the provider's own settings: its local fake (decision 037).
const { startDevPixFake } = await import("./dev-pix-fakes.ts");
const pixFake = await startDevPixFake();
// INVOICE_PROVIDER=focusnfe without a token: Focus NFe's local fake, SEFAZ played from a control port (issue 30).
const { startDevInvoiceFake } = await import("./dev-invoice-fake.ts");
const invoiceFake = await startDevInvoiceFake();
// SHIPPING_PROVIDER=melhorenvio without a token: the local Melhor Envio (decision 073).
const { startDevMelhorEnvioFake } = await import("./dev-melhorenvio-fake.ts");
const melhorEnvioFake = await startDevMelhorEnvioFake();
const httpServer = createHttpServer();
// Vite's HMR websocket shares the app's port, so the browser needs no second address.
const vite = await createViteServer({ server: { middlewareMode: true, hmr: { server: httpServer } }, appType: "custom" });
const main = (await vite.ssrLoadModule("/server/main.ts")) as typeof Main;
const { devIslandModules } = (await vite.ssrLoadModule("/app/islands/island-entries.ts")) as typeof Islands;
const shop = await main.prepare({
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  // The island pages hydrate as in the build (decision 049), from their sources.
  islands: devIslandModules(),
});
httpServer.on("request", (req, res) => vite.middlewares(req, res, () => shop.listener(req, res)));
httpServer.listen(shop.config.PORT, () => {
  shop.logger.info(`dev server on http://localhost:${shop.config.PORT}`);
  if (pixFake) shop.logger.info(pixFake);
  if (invoiceFake) shop.logger.info(invoiceFake);
  if (melhorEnvioFake) shop.logger.info(melhorEnvioFake);
});
main.shutDownOnSignals(httpServer, {
  ...shop,
  closeDatabase: async () => {
    await shop.closeDatabase();
    await vite.close();
  },
});
