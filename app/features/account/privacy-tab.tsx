import { Download, Trash2 } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "#app/ui/toast.tsx";
import { useAuth } from "#app/features/auth/auth-context.tsx";
import { safeStorage, STORAGE_KEYS } from "#app/lib/storage-keys.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { ModalFrame } from "#app/ui/modal.tsx";
import { useSchemaForm } from "#app/lib/use-schema-form.ts";
import { accountClient } from "#app/features/account/account-api.ts";
import { DELETE_CONFIRMATION, deleteAccountSchema } from "#domain/account/account-schemas.ts";
import { ReminderEmails } from "#app/features/account/reminder-emails.tsx";
import { CustomerPushToggle } from "#app/features/push/customer-push-toggle.tsx";

function DeleteAccountDialog() {
  const { notify } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { errors, formError, pending, onSubmit } = useSchemaForm(
    deleteAccountSchema,
    async (input) => {
      await accountClient.call("deleteAccount", { body: input });
      // Signed out everywhere by the server; this tab (and the others) forget the user quietly.
      safeStorage.set(STORAGE_KEYS.suppressAuthToasts, JSON.stringify({ reason: "account_deleted", ts: Date.now() }));
      await notify("SIGNED_OUT");
      setOpen(false);
      toast.success("Sua conta foi excluída.");
      await navigate("/");
    },
    "Não foi possível excluir a conta.",
  );

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={buttonClass("secondary", "border-red-300 text-red-800 hover:bg-red-50")}>
        <Trash2 aria-hidden="true" className="size-4" />
        Excluir minha conta
      </Dialog.Trigger>
      <ModalFrame aria-describedby={undefined}>
        <Dialog.Title className="text-xl font-bold text-stone-950">Excluir minha conta</Dialog.Title>
        <div className="mt-3 space-y-2 text-sm text-stone-800">
          <p>Isto apaga seus dados pessoais: cadastro, senha, endereços, notificações, carrinhos e link de indicação.</p>
          <p>
            Seus pedidos, quando houver, ficam guardados sem seus dados pessoais pelo prazo que a lei exige. Todas as sessões são
            encerradas.
          </p>
          <p>
            Um pedido ainda não entregue guarda seu nome, e-mail, telefone, CPF e endereço só até ser entregue ou cancelado, para que
            possamos entregá-lo e falar com você sobre ele (LGPD, art. 7, V). Depois, esses dados também são apagados.
          </p>
          <p className="font-semibold">Não é possível desfazer.</p>
        </div>
        <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4" aria-label="Confirmar exclusão">
          {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
          <Field label="Sua senha" name="password" type="password" autoComplete="current-password" error={errors.password} />
          <Field
            label={`Digite ${DELETE_CONFIRMATION} para confirmar`}
            name="confirmation"
            autoComplete="off"
            autoCapitalize="characters"
            error={errors.confirmation}
          />
          <div className="flex flex-wrap justify-end gap-3">
            <Dialog.Close className={buttonClass("secondary")}>Cancelar</Dialog.Close>
            <button type="submit" disabled={pending} className={buttonClass("primary", "bg-red-800 hover:bg-red-900")}>
              {pending ? "Excluindo…" : "Excluir definitivamente"}
            </button>
          </div>
        </form>
      </ModalFrame>
    </Dialog.Root>
  );
}

/** Privacidade (LGPD): a copy of everything we keep, the reminder e-mails choice, and deleting the account. */
export function PrivacyTab() {
  return (
    <div className="space-y-6">
      <section className="space-y-3 rounded-xl border border-stone-200 p-4 sm:p-5" aria-labelledby="privacidade-dados">
        <h2 id="privacidade-dados" className="text-base font-semibold text-stone-950">
          Baixar meus dados
        </h2>
        <p className="text-sm text-stone-700">Um arquivo JSON com tudo o que a loja guarda sobre você.</p>
        <a href={accountClient.href("exportAccount")} download className={buttonClass("secondary")}>
          <Download aria-hidden="true" className="size-4" />
          Baixar meus dados (JSON)
        </a>
      </section>
      <ReminderEmails />
      <CustomerPushToggle />
      <section className="space-y-3 rounded-xl border border-red-200 p-4 sm:p-5" aria-labelledby="privacidade-excluir">
        <h2 id="privacidade-excluir" className="text-base font-semibold text-stone-950">
          Excluir minha conta
        </h2>
        <p className="text-sm text-stone-700">Remove seus dados pessoais e encerra todas as sessões.</p>
        <DeleteAccountDialog />
      </section>
    </div>
  );
}
