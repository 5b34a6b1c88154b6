/**
 * CEP lookup adapter (docs/requirements.md checkout step 2): asks a ViaCEP-compatible service
 * (`GET {base}/{cep}/json/`) with a short timeout. It never throws: the checkout form either gets
 * the address or a typed reason, and then the customer types it by hand.
 */
import { timeProviderCall } from "#platform/metrics.ts";

import { normalizeCep } from "#domain/shipping/cep.ts";

export type CepAddress = { cep: string; street: string; complement: string; neighborhood: string; city: string; state: string };

export type CepLookupResult =
  | { ok: true; address: CepAddress }
  /** not_found: the service says the CEP does not exist; unavailable: timeout, network, bad answer, or lookup off. */
  | { ok: false; reason: "not_found" | "unavailable" };

export type CepLookupOptions = { baseUrl: string | "off"; timeoutMs: number; fetch?: typeof fetch };

/** ViaCEP's documented answer (https://viacep.com.br): strings, or `{ "erro": true }` / `{ "erro": "true" }`. */
type ViaCepBody = {
  erro?: boolean | string;
  cep?: string;
  logradouro?: string;
  complemento?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
};

const str = (value: unknown) => (typeof value === "string" ? value.trim() : "");

export async function lookupCep(cep: string, options: CepLookupOptions): Promise<CepLookupResult> {
  const digits = normalizeCep(cep);
  if (!digits) return { ok: false, reason: "not_found" };
  if (options.baseUrl === "off") return { ok: false, reason: "unavailable" };
  const url = `${options.baseUrl.replace(/\/+$/, "")}/${digits}/json/`;
  try {
    const response = await timeProviderCall(
      "cep_lookup",
      () => (options.fetch ?? fetch)(url, { signal: AbortSignal.timeout(options.timeoutMs), headers: { accept: "application/json" } }),
      (answer) => (answer.ok || answer.status === 400 || answer.status === 404 ? "ok" : "refused"),
    );
    // ViaCEP answers 400 for a malformed CEP; 5xx and anything else means "could not ask".
    if (response.status === 400 || response.status === 404) return { ok: false, reason: "not_found" };
    if (!response.ok) return { ok: false, reason: "unavailable" };
    const body = (await response.json()) as ViaCepBody;
    if (body === null || typeof body !== "object") return { ok: false, reason: "unavailable" };
    if (body.erro === true || body.erro === "true") return { ok: false, reason: "not_found" };
    const state = str(body.uf).toUpperCase();
    const city = str(body.localidade);
    if (!/^[A-Z]{2}$/.test(state) || !city) return { ok: false, reason: "unavailable" };
    return {
      ok: true,
      address: {
        cep: digits,
        street: str(body.logradouro),
        complement: str(body.complemento),
        neighborhood: str(body.bairro),
        city,
        state,
      },
    };
  } catch {
    return { ok: false, reason: "unavailable" };
  }
}
