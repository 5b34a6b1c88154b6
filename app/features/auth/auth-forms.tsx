import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { z } from "zod";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { useSchemaForm } from "#app/lib/use-schema-form.ts";
import { authClient } from "#app/features/auth/auth-client.ts";
import { useAuth } from "#app/features/auth/auth-context.tsx";
import { PASSWORD_MIN_LENGTH, requestResetSchema, resetPasswordSchema, signInSchema, signUpSchema } from "#domain/auth/auth-schemas.ts";

const GENERIC_ERROR = "Não foi possível concluir agora. Verifique sua conexão e tente novamente.";

/** Reads a form, checks it with the shared schema and runs `send` when it passes. */
const useAuthForm = <S extends z.ZodType>(schema: S, send: (input: z.output<S>) => Promise<void>) =>
  useSchemaForm(schema, send, GENERIC_ERROR);

export function SignInForm({ next, notice }: { next: string; notice?: React.ReactNode }) {
  const { notify } = useAuth();
  const navigate = useNavigate();
  const form = useAuthForm(signInSchema, async ({ email, password }) => {
    await authClient.signIn(email, password);
    await notify("SIGNED_IN");
    await navigate(next, { replace: true });
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-4" aria-label="Entrar">
      {notice}
      {form.formError ? <FormMessage kind="error">{form.formError}</FormMessage> : null}
      <Field label="E-mail" name="email" type="email" autoComplete="email" inputMode="email" required error={form.errors.email} />
      <Field label="Senha" name="password" type="password" autoComplete="current-password" required error={form.errors.password} />
      <button type="submit" disabled={form.pending} className={buttonClass("primary", "w-full")}>
        {form.pending ? "Entrando…" : "Entrar"}
      </button>
      <p className="text-center text-sm">
        <Link to="?modo=esqueci" replace className="font-medium text-emerald-800 underline-offset-4 hover:underline">
          Esqueci minha senha
        </Link>
      </p>
    </form>
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
