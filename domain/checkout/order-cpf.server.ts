/**
 * The CPF of an order's delivery address (decision 033): the one typed, or the account's saved one
 * when the page sent none; and the account keeps the order's CPF for the next purchase. Both run in
 * the order's transaction, so an order that fails saves no CPF.
 */
import type { Database } from "#platform/db/client.ts";
import { DomainError } from "#domain/errors.ts";
import { readSavedCpf, saveCpf } from "#domain/account/saved-cpf.server.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The CPF the order goes with: the typed one, else the saved one; refused when there is neither. */
export async function orderCpf(tx: Tx, userId: string, typed: string | undefined): Promise<string> {
  if (typed) return typed;
  const saved = await readSavedCpf(tx, userId);
  if (!saved) throw new DomainError("invalid", "cpf_required", "Informe o CPF de quem recebe.");
  return saved;
}

/** The account keeps the CPF of its latest order (a changed one replaces the old). */
export async function rememberOrderCpf(tx: Tx, userId: string, cpf: string): Promise<void> {
  await saveCpf(tx, userId, cpf);
}
