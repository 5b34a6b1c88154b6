import { Tabs } from "radix-ui";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import {
  ForgotPasswordForm,
  ResendVerificationForm,
  ResetPasswordForm,
  SignInForm,
  SignInLinkConfirm,
  SignInLinkForm,
  SignUpForm,
} from "#app/features/auth/auth-forms.tsx";
import { useAuth } from "#app/features/auth/auth-context.tsx";
import { userLabel } from "#app/features/auth/user-label.ts";

export type AuthMode = "entrar" | "criar" | "esqueci" | "redefinir" | "link";

export type AuthPageProps = {
  mode: AuthMode;
  /** Where to go after signing in: always one of the shop's own paths (safeNext). */
  next: string;
  token: string | null;
  /** Back from the confirmation link (or, with mode "link", a sign-in link): true when it worked, an error code when it did not. */
  verified: boolean;
  verifyError: string | null;
};

const tabClass = `flex-1 rounded-lg px-3 py-2 text-sm font-semibold text-stone-700 data-[state=active]:bg-white data-[state=active]:text-emerald-900 data-[state=active]:shadow ${focusRing}`;

/** /auth: sign in, create an account, forgotten password, new password (spec §2 "Login page"). */
export function AuthPage({ mode, next, token, verified, verifyError }: AuthPageProps) {
  const { user } = useAuth();
  const [, setSearchParams] = useSearchParams();
  const [passwordChanged, setPasswordChanged] = useState(false);

  function switchTo(value: string) {
    setSearchParams(
      (params) => {
        params.set("modo", value);
        params.delete("token");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  let body: React.ReactNode;
  if (user && !passwordChanged && mode !== "redefinir") {
    body = (
      <div className="space-y-4">
        {verified ? <FormMessage kind="success">E-mail confirmado! Sua conta está pronta.</FormMessage> : null}
        <p className="text-stone-800">
          Você está conectado como <strong>{userLabel(user.email)}</strong> ({user.email}).
        </p>
        <Link to={next === "/" ? "/cliente" : next} className={buttonClass("primary", "w-full")}>
          {next === "/" ? "Ir para minha conta" : "Continuar"}
        </Link>
      </div>
    );
  } else if (mode === "redefinir" && token && !passwordChanged) {
    body = <ResetPasswordForm token={token} onDone={() => setPasswordChanged(true)} />;
  } else if (mode === "link" && token) {
    body = <SignInLinkConfirm token={token} next={next} />;
  } else if (mode === "link") {
    const notice = verifyError ? (
      <FormMessage kind="error">Este link de acesso é inválido, já foi usado ou expirou. Peça um novo abaixo.</FormMessage>
    ) : null;
    body = <SignInLinkForm next={next} notice={notice} />;
  } else if (mode === "esqueci" || (mode === "redefinir" && !token)) {
    body = <ForgotPasswordForm />;
  } else {
    const notice = passwordChanged ? (
      <FormMessage kind="success">Senha alterada. Entre com a nova senha.</FormMessage>
    ) : verifyError ? (
      <FormMessage kind="error">
        O link de confirmação é inválido ou expirou. Peça um novo abaixo, ou entre se já confirmou seu e-mail.
      </FormMessage>
    ) : null;
    body = (
      <Tabs.Root value={mode === "criar" ? "criar" : "entrar"} onValueChange={switchTo}>
        <Tabs.List aria-label="Entrar ou criar conta" className="mb-6 flex gap-1 rounded-xl bg-stone-100 p-1">
          <Tabs.Trigger value="entrar" className={tabClass}>
            Entrar
          </Tabs.Trigger>
          <Tabs.Trigger value="criar" className={tabClass}>
            Criar conta
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="entrar" className="space-y-6">
          <SignInForm next={next} notice={notice} />
          {verifyError ? <ResendVerificationForm next={next} /> : null}
        </Tabs.Content>
        <Tabs.Content value="criar">
          <SignUpForm next={next} />
        </Tabs.Content>
      </Tabs.Root>
    );
  }

  return (
    <section className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-stone-950">{user && mode !== "redefinir" ? "Sua conta" : "Entrar"}</h1>
      <p className="mt-2 mb-8 text-sm text-stone-700">Acompanhe seus pedidos, endereços e indicações.</p>
      <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">{body}</div>
    </section>
  );
}
