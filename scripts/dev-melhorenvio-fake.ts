// `npm run dev` with SHIPPING_PROVIDER=melhorenvio and no MELHOR_ENVIO_TOKEN: starts the local Melhor
// Envio (test/fakes, the same the tests use) and points the shop at it, before the shop reads its
// configuration, as dev-pix-fakes.ts does for Pix. Live quotes need the shop's sender CEP too
// (Configurações → Dados de envio e fiscais); until it is saved the shipping table answers.

export async function startDevMelhorEnvioFake(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  if (env.SHIPPING_PROVIDER !== "melhorenvio" || env.MELHOR_ENVIO_TOKEN) return null;
  const { startMelhorEnvioFake } = await import("../test/fakes/melhorenvio-fake.ts");
  const fake = await startMelhorEnvioFake();
  env.MELHOR_ENVIO_URL = fake.url;
  env.MELHOR_ENVIO_TOKEN = fake.token;
  env.MELHOR_ENVIO_CLIENT_ID ??= fake.clientId;
  env.MELHOR_ENVIO_CLIENT_SECRET ??= fake.clientSecret;
  // Its test control (POST /__advance/{id}) posts the signed tracking webhooks to this shop.
  fake.webhookUrl = `http://localhost:${env.PORT ?? "3000"}/api/shipping/melhorenvio/webhook`;
  return `Melhor Envio falso em ${fake.url}: cotações ao vivo (PAC, SEDEX, Mini Envios até 0,3 kg, Jadlog) a partir do CEP salvo em Configurações → Dados de envio e fiscais`;
}
