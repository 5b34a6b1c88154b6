import type { Context } from "hono";
import { AGE_REFUSAL_COOKIE, refusedAgeIn } from "#domain/consent/consent-rules.ts";
import { checkAgeNotRefused } from "#domain/consent/consent-errors.ts";
import type { AppEnv } from "#server/http/app-env.ts";
import { servedOverHttps } from "#server/http/security-headers.ts";

/** A refusal is remembered as long as the cart's cookie lives (60 days, decision 017), then the gate simply asks again. */
const REFUSAL_MAX_AGE_S = 60 * 24 * 60 * 60;

/**
 * Sets (refused) or removes (accepted) the age refusal cookie of decision 064 on the answer.
 * HttpOnly: a page script cannot clear it; accepting the gate, which records the acceptance, does.
 */
export function rememberAgeChoice(c: Context<AppEnv>, refused: boolean): void {
  const { config } = c.get("services");
  const secure = servedOverHttps(config.TRUST_PROXY, c.req.header("x-forwarded-proto"), () => c.req.url.startsWith("https:"));
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  const value = refused ? `${AGE_REFUSAL_COOKIE}=1; Max-Age=${REFUSAL_MAX_AGE_S}` : `${AGE_REFUSAL_COOKIE}=; Max-Age=0`;
  c.header("Set-Cookie", `${value}; ${attributes}`, { append: true });
}

/** The cart's and the checkout's writes refuse a browser that refused the age gate (403, Portuguese message). */
export function refuseIfAgeRefused(c: Context<AppEnv>): void {
  checkAgeNotRefused(refusedAgeIn(c.req.header("cookie")));
}
