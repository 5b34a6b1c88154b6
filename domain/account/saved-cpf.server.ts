/**
 * The customer's saved CPF (issue 20, decision 033): written by the order that used it, in that
 * order's transaction (an order that fails saves nothing), and read back only masked for the page.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";
import { savedCpfs } from "#platform/db/tables/account.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

/** The account's CPF (eleven digits), or null before its first order with one. */
export async function readSavedCpf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ cpf: savedCpfs.cpf }).from(savedCpfs).where(eq(savedCpfs.userId, userId));
  return row?.cpf ?? null;
}

/** Saves (or replaces) the account's CPF; called by placing an order, inside its transaction. */
export async function saveCpf(tx: Tx, userId: string, cpf: string): Promise<void> {
  await tx
    .insert(savedCpfs)
    .values({ userId, cpf })
    .onConflictDoUpdate({ target: savedCpfs.userId, set: { cpf, updatedAt: sql`now()` } });
}

/**
 * "52998224725" → "***.982.247-**": the middle six digits, as the federal government's portals show
 * a CPF (enough for the owner to recognise it, too little to use it). Never the whole number on a page.
 */
export function hideCpf(cpf: string): string {
  return `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
}

/** The account's saved CPF as a page may show it, or null. */
export async function maskedSavedCpf(db: Executor, userId: string): Promise<string | null> {
  const cpf = await readSavedCpf(db, userId);
  return cpf ? hideCpf(cpf) : null;
}
