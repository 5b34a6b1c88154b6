/** The Melhor Envio wallet's balance, shown before buying (issue 30 item 4). */
import { ServiceUnavailableError } from "#platform/http/provider-request.ts";
import type { AppServices } from "#platform/services.ts";
import { melhorEnvioAccess } from "#domain/shipping/melhor-envio-access.server.ts";
import type { Wallet } from "#domain/labels/label-schemas.ts";
import { LabelRefusal, NOT_CONNECTED, walletBalanceCents } from "#domain/labels/melhor-envio-shipments.server.ts";

export async function wallet(services: Pick<AppServices, "config" | "db">): Promise<Wallet> {
  if (!(await melhorEnvioAccess(services))) return { connected: false, balanceCents: null, message: NOT_CONNECTED };
  try {
    return { connected: true, balanceCents: await walletBalanceCents(services), message: null };
  } catch (error) {
    if (error instanceof LabelRefusal) return { connected: error.kind !== "unauthenticated", balanceCents: null, message: error.message };
    if (error instanceof ServiceUnavailableError) {
      return { connected: true, balanceCents: null, message: "O Melhor Envio não respondeu agora: o saldo aparece quando ele voltar." };
    }
    throw error;
  }
}
