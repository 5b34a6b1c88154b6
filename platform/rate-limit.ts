import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";

/**
 * Fixed-window counters in PostgreSQL (table auth_rate_limits), so a limit holds across every
 * instance of the shop. One statement per check: concurrent requests cannot all slip past a read
 * made before anyone's increment.
 */
export type RateRule = { max: number; windowSeconds: number };

/**
 * The limits of decision 002. Sign-in is counted three ways:
 * - per address: credential stuffing (many accounts from one place);
 * - per (account, address): guessing one account's password from one place;
 * - per account from anywhere: guessing from many places. An attacker could use this one to keep a
 *   customer out, so a browser that has signed in to that account before (it holds the account's
 *   device cookie) is not counted by it, and a new device gets in by an e-mailed one-time sign-in
 *   link (decision 016): the customer gets in while the attack goes on. A password reset clears it.
 * Reset requests are limited per account too, so nobody can flood a mailbox with reset links.
 */
export const AUTH_RATE_RULES = {
  signInPerAddress: { max: 30, windowSeconds: 5 * 60 },
  signInPerAccountAndAddress: { max: 5, windowSeconds: 15 * 60 },
  signInPerAccount: { max: 20, windowSeconds: 60 * 60 },
  signUpPerAddress: { max: 20, windowSeconds: 10 * 60 },
  emailPerAddress: { max: 10, windowSeconds: 15 * 60 },
  emailPerAccount: { max: 3, windowSeconds: 15 * 60 },
  // Sign-in links have their own count, and a link lasts as long as the window (decision 016).
  signInLinkPerAccount: { max: 3, windowSeconds: 15 * 60 },
  authPostPerAddress: { max: 120, windowSeconds: 60 },
} as const satisfies Record<string, RateRule>;

export type RateDecision = { allowed: boolean; retryAfterSeconds: number };

/** Keys are stored hashed: the table never holds an e-mail or an address in the clear. */
export function rateKey(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("base64url");
}

/**
 * The per-account sign-in counter's key (the limit the owner gets around with an e-mailed sign-in
 * link, and that a completed password reset clears).
 */
export const signInAccountKey = (email: string): string => rateKey("sign-in-account", email.trim().toLowerCase());

let calls = 0;

/** Counts one request against `key` and says whether it is within the rule. */
export async function consumeRate(db: Database, key: string, rule: RateRule): Promise<RateDecision> {
  const { rows } = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into auth_rate_limits (key, count, window_ends_at)
    values (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    on conflict (key) do update set
      count = case when auth_rate_limits.window_ends_at <= now() then 1 else auth_rate_limits.count + 1 end,
      window_ends_at = case when auth_rate_limits.window_ends_at <= now() then excluded.window_ends_at
                            else auth_rate_limits.window_ends_at end
    returning count, ceil(extract(epoch from window_ends_at - now()))::int as retry_after`);
  // Expired windows are useless: sweep them now and then instead of with a job.
  if (++calls % 200 === 0) void db.execute(sql`delete from auth_rate_limits where window_ends_at < now()`).catch(() => {});
  const row = rows[0]!;
  return { allowed: Number(row.count) <= rule.max, retryAfterSeconds: Math.max(1, Number(row.retry_after)) };
}

/** Gives one request back (a sign-in that succeeded is not a guess). */
export async function refundRate(db: Database, key: string): Promise<void> {
  await db.execute(sql`update auth_rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Starts the window afresh (the account and address just proved they know the password). */
export async function resetRate(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from auth_rate_limits where key = ${key}`);
}
