// Connecting the account: GET /oauth/authorize, POST /oauth/token, GET /api/v2/me (issue 30 item 7).
// The authorize page approves at once (the real one asks the owner to sign in and accept) and sends
// the browser back with a single-use code; /oauth/token takes the form-encoded authorization_code and
// refresh_token grants of Melhor Envio's OAuth server (auth-sdk-php), and answers real lifetimes.
import { randomBytes } from "node:crypto";
import type { Hono } from "hono";
import type { FakeOAuthState, FakeState } from "#test/fakes/melhorenvio/state.ts";

const THIRTY_DAYS = 30 * 24 * 60 * 60;
const FORTY_FIVE_DAYS = 45 * 24 * 60 * 60;
const CODE_MS = 10 * 60 * 1000;

/** An access token shaped as Melhor Envio's (a JWT with `exp`); its signature is not checked here. */
function accessToken(seconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  return `${part({ typ: "JWT", alg: "RS256" })}.${part({ jti: randomBytes(8).toString("hex"), iat: now, exp: now + seconds })}.${randomBytes(32).toString("base64url")}`;
}

const oauthError = (error: string, description: string) => ({ error, error_description: description, message: description });

export function oauthRoutes(app: Hono, state: FakeState): void {
  const oauth: FakeOAuthState = {
    codes: new Map(),
    refreshTokens: new Map(),
    accessSeconds: THIRTY_DAYS,
    refreshSeconds: FORTY_FIVE_DAYS,
    deny: false,
    account: { firstname: "Cogumelos", lastname: "da Serra", email: "envios@cogumelosdaserra.com.br" },
    grants: [],
  };
  state.oauth = oauth;

  app.get("/oauth/authorize", (c) => {
    const query = c.req.query();
    if (query.response_type !== "code" || query.client_id !== state.clientId || !query.redirect_uri)
      return c.html("<h1>Aplicativo inválido</h1><p>client_id ou redirect_uri não conferem.</p>", 400);
    const back = new URL(query.redirect_uri);
    if (query.state) back.searchParams.set("state", query.state);
    if (oauth.deny) {
      back.searchParams.set("error", "access_denied");
      return c.redirect(back.toString(), 302);
    }
    const code = randomBytes(24).toString("base64url");
    oauth.codes.set(code, { redirectUri: query.redirect_uri, expiresAt: Date.now() + CODE_MS, used: false });
    back.searchParams.set("code", code);
    return c.redirect(back.toString(), 302);
  });

  app.post("/oauth/token", async (c) => {
    if (!(c.req.header("content-type") ?? "").startsWith("application/x-www-form-urlencoded"))
      return c.json(oauthError("invalid_request", "The request must be form-encoded."), 400);
    const form = new URLSearchParams(await c.req.text());
    const grant = form.get("grant_type") ?? "";
    oauth.grants.push(grant);
    if (form.get("client_id") !== state.clientId || form.get("client_secret") !== state.clientSecret)
      return c.json(oauthError("invalid_client", "Client authentication failed"), 401);
    if (grant === "authorization_code") {
      const code = oauth.codes.get(form.get("code") ?? "");
      if (!code || code.used || code.expiresAt < Date.now() || code.redirectUri !== form.get("redirect_uri"))
        return c.json(oauthError("invalid_grant", "The authorization code has been revoked or has expired."), 400);
      code.used = true;
    } else if (grant === "refresh_token") {
      const presented = form.get("refresh_token") ?? "";
      const alive = oauth.refreshTokens.get(presented);
      if (!alive || alive.expiresAt < Date.now()) return c.json(oauthError("invalid_grant", "The refresh token is invalid."), 400);
      oauth.refreshTokens.delete(presented);
    } else {
      return c.json(oauthError("unsupported_grant_type", "The authorization grant type is not supported."), 400);
    }
    const access = accessToken(oauth.accessSeconds);
    const refresh = randomBytes(40).toString("hex");
    state.tokens.add(access);
    oauth.refreshTokens.set(refresh, { expiresAt: Date.now() + oauth.refreshSeconds * 1000 });
    return c.json({ token_type: "Bearer", expires_in: oauth.accessSeconds, access_token: access, refresh_token: refresh });
  });

  // The account (SellerService.php reads these fields); behind the API's Bearer and User-Agent check.
  app.get("/api/v2/me", (c) => {
    const bearer = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    if (!bearer || !state.tokens.has(bearer)) return c.json({ message: "Unauthenticated." }, 401);
    return c.json({
      id: "9a1c0b6f-5c1e-4a53-8a3e-0d5d2a6f8e11",
      firstname: oauth.account.firstname,
      lastname: oauth.account.lastname,
      email: oauth.account.email,
      phone: { phone: "54998765432" },
      document: "12345678909",
      address: {
        address: "Rua das Hortênsias",
        number: "45",
        district: "Centro",
        postal_code: "95670000",
        city: { city: "Gramado", state: { state_abbr: "RS" } },
      },
    });
  });
}
