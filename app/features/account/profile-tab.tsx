import { useState } from "react";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { authClient } from "#app/features/auth/auth-client.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { useSchemaForm } from "#app/lib/use-schema-form.ts";
import { useAuth } from "#app/features/auth/auth-context.tsx";
import { changeEmailSchema, changePasswordSchema, PASSWORD_MIN_LENGTH, updateNameSchema } from "#domain/auth/auth-schemas.ts";
import type { AuthUser } from "#domain/auth/auth-types.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";

type Status = { kind: "error" | "success"; text: string } | null;

/** A profile form: the shared schema form, plus the success message `send` returns. */
function useProfileForm<S extends z.ZodType>(schema: S, send: (input: z.output<S>) => Promise<string>) {
  const [success, setSuccess] = useState<string | null>(null);
  const form = useSchemaForm(
    schema,
    async (input, element) => {
      setSuccess(await send(input));
      element.reset();
    },
    "Não foi possível salvar. Tente novamente.",
  );
  const status: Status = form.formError ? { kind: "error", text: form.formError } : success ? { kind: "success", text: success } : null;
  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    setSuccess(null);
    return form.onSubmit(event);
  }
  return { errors: form.errors, status, pending: form.pending, onSubmit };
}

const sectionClass = "space-y-4 rounded-xl border border-stone-200 p-4 sm:p-5";

/** Perfil: name, e-mail (changed through a link sent to the new address) and password. */
export function ProfileTab({ user }: { user: AuthUser }) {
  const { notify } = useAuth();
  const revalidator = useRevalidator();

  const nameForm = useProfileForm(updateNameSchema, async ({ name }) => {
    await authClient.updateName(name);
    await notify("USER_UPDATED");
    await revalidator.revalidate();
    return "Nome atualizado.";
  });
  const emailForm = useProfileForm(changeEmailSchema, async ({ newEmail }) => {
    await authClient.changeEmail(newEmail, "/cliente/perfil");
    return `Enviamos um link para ${newEmail}. O e-mail da conta muda quando você abrir esse link.`;
  });
  const passwordForm = useProfileForm(changePasswordSchema(user.email), async ({ currentPassword, newPassword }) => {
    await authClient.changePassword(currentPassword, newPassword);
    await notify("USER_UPDATED");
    return "Senha alterada. As outras sessões da sua conta foram encerradas.";
  });
  const [verification, setVerification] = useState<Status>(null);

  async function resendVerification() {
    try {
      await authClient.resendVerification(user.email, "/cliente/perfil");
      setVerification({ kind: "success", text: `Enviamos um novo link de confirmação para ${user.email}.` });
    } catch (error) {
      setVerification({
        kind: "error",
        text: error instanceof ApiCallError && error.message ? error.message : "Não foi possível enviar agora.",
      });
    }
  }

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={nameForm.onSubmit} className={sectionClass} aria-label="Nome">
        <h2 className="text-base font-semibold text-stone-950">Nome</h2>
        {nameForm.status ? <FormMessage kind={nameForm.status.kind}>{nameForm.status.text}</FormMessage> : null}
        <Field label="Nome" name="name" autoComplete="name" defaultValue={user.name} key={user.name} error={nameForm.errors.name} />
        <button type="submit" disabled={nameForm.pending} className={buttonClass("primary")}>
          Salvar nome
        </button>
      </form>

      <form noValidate onSubmit={emailForm.onSubmit} className={sectionClass} aria-label="E-mail">
        <h2 className="text-base font-semibold text-stone-950">E-mail</h2>
        <p className="text-sm text-stone-800">
          E-mail atual: <strong>{user.email}</strong> {user.emailVerified ? "(confirmado)" : "(não confirmado)"}
        </p>
        {!user.emailVerified ? (
          <div className="space-y-2">
            {verification ? <FormMessage kind={verification.kind}>{verification.text}</FormMessage> : null}
            <button type="button" onClick={() => void resendVerification()} className={buttonClass("secondary")}>
              Reenviar e-mail de confirmação
            </button>
          </div>
        ) : null}
        {emailForm.status ? <FormMessage kind={emailForm.status.kind}>{emailForm.status.text}</FormMessage> : null}
        <Field label="Novo e-mail" name="newEmail" type="email" autoComplete="email" error={emailForm.errors.newEmail} />
        <button type="submit" disabled={emailForm.pending} className={buttonClass("secondary")}>
          Trocar e-mail
        </button>
      </form>

      <form noValidate onSubmit={passwordForm.onSubmit} className={sectionClass} aria-label="Senha">
        <h2 className="text-base font-semibold text-stone-950">Senha</h2>
        {passwordForm.status ? <FormMessage kind={passwordForm.status.kind}>{passwordForm.status.text}</FormMessage> : null}
        <Field
          label="Senha atual"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={passwordForm.errors.currentPassword}
        />
        <Field
          label="Nova senha"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint={`Pelo menos ${PASSWORD_MIN_LENGTH} caracteres, sem o seu e-mail.`}
          error={passwordForm.errors.newPassword}
        />
        <Field
          label="Repita a nova senha"
          name="confirmation"
          type="password"
          autoComplete="new-password"
          error={passwordForm.errors.confirmation}
        />
        <button type="submit" disabled={passwordForm.pending} className={buttonClass("secondary")}>
          Trocar senha
        </button>
      </form>
    </div>
  );
}
