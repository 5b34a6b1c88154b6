import { and, eq } from "drizzle-orm";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { passwordProblem, signUpSchema } from "#domain/auth/auth-schemas.ts";
import type { AppServices } from "#platform/services.ts";
import { accounts, sessions, users, verifications } from "#platform/db/tables/auth.ts";
import { enqueueEmail } from "#platform/mail/email-queue.ts";
import type { MailMessage } from "#platform/mail/mailer.ts";
import { accountExistsMessage, resetPasswordMessage, verifyEmailMessage } from "#domain/notifications/mail-templates.ts";
import { shopNameForMail } from "#domain/notifications/shop-name.server.ts";
import { BUILT_IN_SHOP_NAME } from "#platform/public-config.ts";
import { AUTH_BASE_PATH, CLIENT_ADDRESS_HEADER } from "#domain/auth/auth-paths.ts";
import { authSecret } from "#domain/auth/auth-secret.server.ts";
import { authLogger } from "#domain/auth/auth-logger.ts";
import { announceSessionEnded } from "#domain/auth/session-ended.server.ts";
import { signInLinkPlugin } from "#domain/auth/sign-in-link.server.ts";
import { resetRate, signInAccountKey } from "#platform/rate-limit.ts";
import { recordReferral } from "#domain/referrals/referrals.server.ts";
import { referralCodeFromCookies } from "#domain/referrals/referral-rules.ts";

const DAY = 24 * 60 * 60;
export const RESET_TOKEN_SECONDS = 60 * 60;
export const VERIFY_TOKEN_SECONDS = DAY;

/** Thrown by our hooks: the message is already the Portuguese one the visitor sees. */
export const INVALID_INPUT = "INVALID_INPUT";

function invalidInput(message: string): APIError {
  return new APIError("BAD_REQUEST", { code: INVALID_INPUT, message });
}

/**
 * better-auth, configured by decision 002: e-mail and password, sessions in PostgreSQL through
 * Drizzle, the shop's own client address and rate limits, pt-BR e-mails, and no answer that tells
 * whether an e-mail has an account.
 */
export function createAuth(services: AppServices) {
  const { config, db, logger } = services;
  const origin = new URL(config.PUBLIC_URL).origin;
  // better-auth writes its tokens in transactions of its own, so these e-mails are queued just after
  // (decision 014): once queued, SMTP being away delays them instead of losing them. Queued in the
  // background, so the answer (and its timing) never depends on whether there was anything to
  // send. A failure to queue (the database away) is logged.
  // Each e-mail is written with the shop's name as the owner saved it (decision 087).
  const sendInBackground = (write: (shop: string) => MailMessage) => {
    void shopNameForMail(services)
      .then((shop) => {
        const message = write(shop);
        return enqueueEmail(db, config, message).catch((error: unknown) =>
          logger.error({ err: error, subject: message.subject }, "e-mail not queued"),
        );
      })
      .catch((error: unknown) => logger.error({ err: error }, "e-mail not queued"));
  };

  return betterAuth({
    // better-auth's own label (two-factor issuers, passkeys: neither is used), never shown: fixed at start.
    appName: BUILT_IN_SHOP_NAME,
    baseURL: origin,
    basePath: AUTH_BASE_PATH,
    secret: authSecret(config),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      // No session at sign-up: a new e-mail and one that already has an account get the same
      // answer; the confirmation link signs the new customer in.
      autoSignIn: false,
      requireEmailVerification: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Whoever reset the password owns the mailbox: the per-account count of wrong guesses starts afresh.
      async onPasswordReset({ user }) {
        await resetRate(db, signInAccountKey(user.email));
      },
      async sendResetPassword({ user, token }) {
        const url = `${origin}/auth?modo=redefinir&token=${encodeURIComponent(token)}`;
        sendInBackground((shop) =>
          resetPasswordMessage({ shop, to: user.email, name: user.name, url, expiresInMinutes: RESET_TOKEN_SECONDS / 60 }),
        );
      },
      async onExistingUserSignUp({ user }) {
        sendInBackground((shop) =>
          accountExistsMessage({
            shop,
            to: user.email,
            name: user.name,
            signInUrl: `${origin}/auth`,
            resetUrl: `${origin}/auth?modo=esqueci`,
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_TOKEN_SECONDS,
      async sendVerificationEmail({ user, url }) {
        sendInBackground((shop) =>
          verifyEmailMessage({ shop, to: user.email, name: user.name, url, expiresInHours: VERIFY_TOKEN_SECONDS / 3600 }),
        );
      },
    },
    user: {
      // The new address only replaces the old one once its owner follows the link sent to it.
      changeEmail: { enabled: true },
    },
    session: {
      expiresIn: 30 * DAY,
      updateAge: DAY,
    },
    databaseHooks: {
      user: {
        create: {
          // A sign-up from a browser that visited a referral link (the loja.ref cookie, decision 027)
          // records who referred the new account. Runs after better-auth's own commit; a failure
          // here costs the referral, never the sign-up.
          after: async (user, context) => {
            const code = referralCodeFromCookies(context?.headers?.get("cookie"));
            if (!code) return;
            await recordReferral(db, user.id, code).catch((error: unknown) => logger.warn({ err: error }, "referral not recorded"));
          },
        },
      },
      session: {
        delete: {
          // Every session better-auth ends (sign-out, a password changed or reset): that account's
          // open event streams check theirs at once. Should the message be lost, they still do
          // at their next heartbeat.
          after: (session) =>
            announceSessionEnded(db, session.userId).catch((error: unknown) => logger.warn({ err: error }, "session end not announced")),
        },
      },
    },
    // Our own limits (server/auth/rate-limit.ts) count in PostgreSQL per address and per account;
    // better-auth's would be per instance (memory) and per address only.
    rateLimit: { enabled: false },
    trustedOrigins: [origin],
    advanced: {
      cookiePrefix: "loja",
      useSecureCookies: origin.startsWith("https:"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
      // Set by our HTTP layer from the socket (or a trusted proxy), never by the client.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      // Explicit, so tests (NODE_ENV=test) check origins exactly as production does.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      backgroundTasks: {
        handler: (promise) => void promise.catch((error: unknown) => logger.error({ err: error }, "auth background task failed")),
      },
    },
    logger: authLogger(logger),
    // An endpoint's unexpected error (a database that failed) goes to the shop's error handler, as
    // any other route's does: logged through the shop's serializer, a database that is away answered
    // 503 in Portuguese. Without this better-auth logs it whole and better-call prints it with
    // console.error (a failed query's values included), then answers a bare 500.
    onAPIError: { throw: true },
    telemetry: { enabled: false },
    plugins: [signInLinkPlugin({ origin, logger, send: sendInBackground })],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        switch (ctx.path) {
          case "/sign-up/email": {
            // The form's own schema: length, e-mail, and a password that does not contain the e-mail.
            const result = signUpSchema.safeParse(body);
            if (!result.success) throw invalidInput(result.error.issues[0]!.message);
            return;
          }
          case "/reset-password": {
            const token = typeof body.token === "string" ? body.token : undefined;
            const password = typeof body.newPassword === "string" ? body.newPassword : "";
            const verification = token ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`) : null;
            const user = verification ? await ctx.context.internalAdapter.findUserById(verification.value) : null;
            const problem = passwordProblem(password, user?.email);
            if (problem) throw invalidInput(problem);
            return;
          }
          case "/change-password": {
            const session = await getSessionFromCtx(ctx, { disableRefresh: true });
            const problem = passwordProblem(typeof body.newPassword === "string" ? body.newPassword : "", session?.user.email);
            if (problem) throw invalidInput(problem);
            return;
          }
          case "/sign-out": {
            // Signing out ends every session of the account, on every device.
            const session = await getSessionFromCtx(ctx, { disableRefresh: true, disableCookieCache: true });
            if (session) await ctx.context.internalAdapter.deleteUserSessions(session.user.id);
            return;
          }
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<AppServices, Auth>();

/** The better-auth instance of these services (one per app), created on first use. */
export function authFor(services: AppServices): Auth {
  let auth = instances.get(services);
  if (!auth) {
    auth = createAuth(services);
    instances.set(services, auth);
  }
  return auth;
}

/** Whether `password` is the account's own (its e-mail-and-password credential); false when it has none. */
export async function verifyAccountPassword(services: AppServices, userId: string, password: string): Promise<boolean> {
  const [credential] = await services.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  if (!credential?.password) return false;
  const context = await authFor(services).$context;
  return context.password.verify({ hash: credential.password, password });
}
