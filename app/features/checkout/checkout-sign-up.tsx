import { useAuth } from "#app/features/auth/auth-context.tsx";
import { authClient } from "#app/features/auth/auth-client.ts";
import { signUpSchema } from "#domain/auth/auth-schemas.ts";
import { useSchemaForm } from "#app/lib/use-schema-form.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";

/** Sign-up inside the checkout: the account is created and signed in at once (the e-mail is confirmed later). */
export function CheckoutSignUp() {
  const { notify } = useAuth();
  const { errors, formError, pending, onSubmit } = useSchemaForm(
    signUpSchema,
    async (input) => {
      await authClient.signUp({ ...input, callbackURL: "/auth?verificado=1" });
      await authClient.signIn(input.email, input.password);
      await notify("SIGNED_IN");
    },
    "Não foi possível criar a conta agora. Tente novamente.",
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Criar conta" className="space-y-4">
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <Field label="Nome" name="name" autoComplete="name" error={errors.name} />
      <Field label="E-mail" name="email" type="email" autoComplete="email" inputMode="email" error={errors.email} />
      <Field
        label="Senha"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="Pelo menos 8 caracteres, sem o seu e-mail."
        error={errors.password}
      />
      <button type="submit" disabled={pending} className={buttonClass("primary", "w-full")}>
        {pending ? "Criando conta…" : "Criar conta e continuar"}
      </button>
    </form>
  );
}
