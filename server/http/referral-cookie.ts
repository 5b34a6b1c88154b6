import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "#server/http/app-env.ts";
import { normalizeReferralCode, REFERRAL_COOKIE, REFERRAL_COOKIE_DAYS } from "#domain/referrals/referral-rules.ts";

/**
 * A page opened with `?ref=CODE` keeps the code for 30 days in a first-party cookie holding only the
 * code (decision 027); a sign-up from that browser records the referral. Pages without `ref=` in
 * their address pay one substring check: no parsing, no database. The code is not looked up here
 * (the sign-up does that), so a visit costs nothing more either. A later link replaces the code
 * (the last link followed is the one that brought the visitor).
 */
export function referralCookie(secure: boolean): MiddlewareHandler<AppEnv> {
  const attributes = `; Max-Age=${REFERRAL_COOKIE_DAYS * 24 * 3600}; Path=/; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
  return async (c, next) => {
    await next();
    if (!c.req.url.includes("ref=")) return;
    const code = normalizeReferralCode(new URL(c.req.url).searchParams.get("ref"));
    if (!code) return;
    const response = new Response(c.res.body, c.res);
    response.headers.append("Set-Cookie", `${REFERRAL_COOKIE}=${code}${attributes}`);
    // A response that sets a cookie is this visitor's: no shared cache may keep it.
    response.headers.set("Cache-Control", "private, no-store");
    c.res = response;
  };
}
