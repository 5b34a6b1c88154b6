import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { z } from "zod";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { useSchemaForm } from "#app/lib/use-schema-form.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { authClient, signInLinkVerifyUrl } from "#app/features/auth/auth-client.ts";
import { useAuth } from "#app/features/auth/auth-context.tsx";
import {
  PASSWORD_MIN_LENGTH,
  requestResetSchema,
  SIGN_IN_LINK_MINUTES,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "#domain/auth/auth-schemas.ts";

const GENERIC_ERROR = "Não foi possível concluir agora. Verifique sua conexão e tente novamente.";

/** Reads a form, checks it with the shared schema and runs `send` when it passes. */
const useAuthForm = <S extends z.ZodType>(schema: S, send: (input: z.output<S>) => Promise<void>) =>
  useSchemaForm(schema, send, GENERIC_ERROR);

const linkClass = "font-medium text-emerald-800 underline-offset-4 hover:underline";

export function SignInForm({ next, notice }: { next: string; notice?: React.ReactNode }) {
  const { notify } = useAuth();
  const navigate = useNavigate();
  // The e-mail whose password sign-ins are held by the rate limit (perhaps by someone guessing it
  // from elsewhere): the customer is offered the e-mailed link at once, the address filled in.
  const [heldEmail, setHeldEmail] = useState<string | null>(null);
  const form = useAuthForm(signInSchema, async ({ email, password }) => {
    try {
      await authClient.signIn(email, password);
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 429) setHeldEmail(email);
      throw error;
    }
    await notify("SIGNED_IN");
    await navigate(next, { replace: true });
  });
  return (
    <>
      <form noValidate onSubmit={form.onSubmit} className="space-y-4" aria-label="Entrar">
        {notice}
        {form.formError ? <FormMessage kind="error">{form.formError}</FormMessage> : null}
        <Field label="E-mail" name="email" type="email" autoComplete="email" inputMode="email" required error={form.errors.email} />
        <Field label="Senha" name="password" type="password" autoComplete="current-password" required error={form.errors.password} />
        <button type="submit" disabled={form.pending} className={buttonClass("primary", "w-full")}>
          {form.pending ? "Entrando…" : "Entrar"}
        </button>
        <p className="flex flex-col items-center gap-2 text-center text-sm">
          <Link to="?modo=esqueci" replace className={linkClass}>
            Esqueci minha senha
          </Link>
          <Link to="?modo=link" replace className={linkClass}>
            Receber um link de acesso por e-mail
          </Link>
        </p>
      </form>
      {heldEmail ? (
        <section aria-labelledby="entrar-link-oferta" className="space-y-3 rounded-xl border border-emerald-200 bg-emerald-50/40 p-4">
          <h2 id="entrar-link-oferta" className="text-base font-semibold text-stone-950">
            Entre com um link por e-mail
          </h2>
          <p className="text-sm text-stone-800">
            A entrada com senha está pausada por segurança, depois de muitas tentativas. Você pode entrar agora, sem a senha, com um link
            enviado ao seu e-mail.
          </p>
          <SignInLinkForm next={next} email={heldEmail} compact />
        </section>
      ) : null}
    </>
  );
}

/**
 * Asks for a one-time sign-in link by e-mail (decision 016): the way in while password sign-ins
 * are held, and for anyone who prefers it. The answer is the same whether the e-mail has an account.
 */
export function SignInLinkForm({
  next,
  email,
  compact = false,
  notice,
}: {
  next: string;
  email?: string;
  compact?: boolean;
  notice?: React.ReactNode;
}) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAuthForm(requestResetSchema, async ({ email }) => {
    await authClient.requestSignInLink(email, next);
    setSentTo(email);
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-4" aria-label="Receber link de acesso">
      {compact ? null : <h2 className="text-lg font-semibold text-stone-950">Entrar com um link por e-mail</h2>}
      {notice}
      {sentTo ? (
        <FormMessage kind="success">
          Se houver uma conta com <strong>{sentTo}</strong>, enviamos um link de acesso. O link vale por {SIGN_IN_LINK_MINUTES} minutos e só
          pode ser usado uma vez.
        </FormMessage>
      ) : compact ? null : (
        <p className="text-sm text-stone-700">Informe o e-mail da sua conta e enviaremos um link para entrar sem digitar a senha.</p>
      )}
      {form.formError ? <FormMessage kind="error">{form.formError}</FormMessage> : null}
      <Field
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        defaultValue={email}
        error={form.errors.email}
      />
      <button type="submit" disabled={form.pending} className={buttonClass(compact ? "secondary" : "primary", "w-full")}>
        {form.pending ? "Enviando…" : sentTo ? "Enviar de novo" : "Enviar link de acesso"}
      </button>
      {compact ? null : (
        <p className="text-center text-sm">
          <Link to="?modo=entrar" replace className={linkClass}>
            Voltar para entrar com senha
          </Link>
        </p>
      )}
    </form>
  );
}

/**
 * Where the e-mailed sign-in link lands: one button that spends it. Opening the link alone signs
 * nobody in, so a mail scanner that fetches it does not use it up.
 */
export function SignInLinkConfirm({ token, next }: { token: string; next: string }) {
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-stone-950">Entrar com o link do e-mail</h2>
      <p className="text-sm text-stone-700">
        Use o botão abaixo para entrar na sua conta neste aparelho. O link só pode ser usado uma vez.
      </p>
      <a href={signInLinkVerifyUrl(token, next)} className={buttonClass("primary", "w-full")}>
        Entrar na minha conta
      </a>
    </div>
  );
}

export function SignUpForm({ next }: { next: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAuthForm(signUpSchema, async (input) => {
    // After the link in the e-mail, the new customer comes back here, signed in, and goes on to `next`.
    const callbackURL = `/auth?verificado=1${next !== "/" ? `&next=${encodeURIComponent(next)}` : ""}`;
    await authClient.signUp({ ...input, callbackURL });
    setSentTo(input.email);
  });
  if (sentTo) {
    return (
      <FormMessage kind="success">
        <p className="font-semibold">Confira seu e-mail</p>
        <p className="mt-1">
          Enviamos uma mensagem para <strong>{sentTo}</strong>. Abra o link dela para confirmar o cadastro e entrar. Se você já tinha uma
          conta com este e-mail, a mensagem explica como entrar.
        </p>
      </FormMessage>
    );
  }
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-4" aria-label="Criar conta">
      {form.formError ? <FormMessage kind="error">{form.formError}</FormMessage> : null}
      <Field label="Nome" name="name" autoComplete="name" required error={form.errors.name} />
      <Field label="E-mail" name="email" type="email" autoComplete="email" inputMode="email" required error={form.errors.email} />
      <Field
        label="Senha"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={`Pelo menos ${PASSWORD_MIN_LENGTH} caracteres, sem o seu e-mail.`}
        error={form.errors.password}
      />
      <button type="submit" disabled={form.pending} className={buttonClass("primary", "w-full")}>
        {form.pending ? "Criando conta…" : "Criar conta"}
      </button>
    </form>
  );
}

export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAuthForm(requestResetSchema, async ({ email }) => {
    await authClient.requestPasswordReset(email);
    setSentTo(email);
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-4" aria-label="Esqueci minha senha">
      <h2 className="text-lg font-semibold text-stone-950">Esqueci minha senha</h2>
      {sentTo ? (
        <FormMessage kind="success">
          Se houver uma conta com <strong>{sentTo}</strong>, enviamos um link para criar uma nova senha. O link vale por 1 hora e só pode
          ser usado uma vez.
        </FormMessage>
      ) : (
        <p className="text-sm text-stone-700">Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha.</p>
      )}
      {form.formError ? <FormMessage kind="error">{form.formError}</FormMessage> : null}
      <Field label="E-mail" name="email" type="email" autoComplete="email" inputMode="email" required error={form.errors.email} />
      <button type="submit" disabled={form.pending} className={buttonClass("primary", "w-full")}>
        {form.pending ? "Enviando…" : sentTo ? "Enviar de novo" : "Enviar link"}
      </button>
      <p className="text-center text-sm">
        <Link to="?modo=entrar" replace className="font-medium text-emerald-800 underline-offset-4 hover:underline">
          Voltar para entrar
        </Link>
      </p>
    </form>
  );
}

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { notify } = useAuth();
  const form = useAuthForm(resetPasswordSchema, async ({ password }) => {
    await authClient.resetPassword(token, password);
    // Spec §6: password recovery is one of the moments admin status is checked again.
    await notify("PASSWORD_RECOVERY");
    onDone();
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-4" aria-label="Nova senha">
      <h2 className="text-lg font-semibold text-stone-950">Crie uma nova senha</h2>
      {form.formError ? <FormMessage kind="error">{form.formError}</FormMessage> : null}
      <Field
        label="Nova senha"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={`Pelo menos ${PASSWORD_MIN_LENGTH} caracteres, sem o seu e-mail.`}
        error={form.errors.password}
      />
      <Field
        label="Repita a nova senha"
        name="confirmation"
        type="password"
        autoComplete="new-password"
        required
        error={form.errors.confirmation}
      />
      <button type="submit" disabled={form.pending} className={buttonClass("primary", "w-full")}>
        {form.pending ? "Salvando…" : "Salvar nova senha"}
      </button>
    </form>
  );
}

export function ResendVerificationForm({ next }: { next: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAuthForm(requestResetSchema, async ({ email }) => {
    await authClient.resendVerification(email, `/auth?verificado=1${next !== "/" ? `&next=${encodeURIComponent(next)}` : ""}`);
    setSentTo(email);
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-3" aria-label="Reenviar confirmação">
      {sentTo ? (
        <FormMessage kind="success">
          Se <strong>{sentTo}</strong> tiver um cadastro ainda não confirmado, enviamos um novo link.
        </FormMessage>
      ) : null}
      {form.formError ? <FormMessage kind="error">{form.formError}</FormMessage> : null}
      <Field label="E-mail" name="email" type="email" autoComplete="email" inputMode="email" required error={form.errors.email} />
      <button type="submit" disabled={form.pending} className={buttonClass("secondary", "w-full")}>
        Enviar novo link de confirmação
      </button>
    </form>
  );
}
