import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AdminSectionFrame } from "#app/features/admin/admin-shell.tsx";
import { CardInstallmentsEditor } from "#app/features/settings/card-installments-editor.tsx";
import { FulfilmentSection } from "#app/features/settings/fulfilment-section.tsx";
import { GoLiveList } from "#app/features/settings/go-live-list.tsx";
import { LogoEditor } from "#app/features/settings/logo-editor.tsx";
import { settingsApi, settingsKeys } from "#app/features/settings/settings-api.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import type { ShopSettingsView } from "#domain/settings/settings-schemas.ts";

type Feedback = { kind: "success" | "error"; text: string };

/** The form's strings; the SMTP port as typed, the password empty (= keep the saved one). */
function formOf(settings: ShopSettingsView) {
  return {
    shopName: settings.shopName,
    legalName: settings.legalName,
    cnpj: settings.cnpj,
    address: settings.address,
    email: settings.email,
    pixKey: settings.pixKey,
    pixMerchantName: settings.pixMerchantName,
    pixMerchantCity: settings.pixMerchantCity,
    supportWhatsapp: settings.supportWhatsapp,
    mailFrom: settings.mailFrom,
    mailReplyTo: settings.mailReplyTo ?? "",
    smtpHost: settings.smtp.host ?? "",
    smtpPort: String(settings.smtp.port),
    smtpSecure: settings.smtp.secure,
    smtpUser: settings.smtp.user ?? "",
    smtpPassword: "",
  };
}
type Form = ReturnType<typeof formOf>;

function SettingsForm({ settings }: { settings: ShopSettingsView }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(() => formOf(settings));
  const [pending, setPending] = useState<"save" | "test" | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const set = (name: keyof Form) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [name]: event.target.type === "checkbox" ? event.target.checked : event.target.value }));
  const text = (
    name: Exclude<keyof Form, "smtpSecure">,
    label: string,
    extra: React.InputHTMLAttributes<HTMLInputElement> & { hint?: string } = {},
  ) => <Field label={label} name={name} value={form[name]} onChange={set(name)} {...extra} />;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setPending("save");
    setFeedback(null);
    try {
      const saved = await settingsApi.save({
        shopName: form.shopName,
        legalName: form.legalName,
        cnpj: form.cnpj,
        address: form.address,
        email: form.email.trim(),
        pixKey: form.pixKey,
        pixMerchantName: form.pixMerchantName,
        pixMerchantCity: form.pixMerchantCity,
        supportWhatsapp: form.supportWhatsapp,
        mailFrom: form.mailFrom,
        mailReplyTo: form.mailReplyTo.trim() || null,
        smtp: {
          host: form.smtpHost,
          port: Number(form.smtpPort),
          secure: form.smtpSecure,
          user: form.smtpUser,
          ...(form.smtpPassword ? { password: form.smtpPassword } : {}),
        },
      });
      queryClient.setQueryData(settingsKeys.settings, saved);
      setForm(formOf(saved));
      setFeedback({ kind: "success", text: "Configurações salvas: já valem em toda a loja." });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.goLive });
    } catch (error) {
      setFeedback({ kind: "error", text: error instanceof Error ? error.message : "Não foi possível salvar." });
    } finally {
      setPending(null);
    }
  }

  async function testEmail() {
    setPending("test");
    setFeedback(null);
    try {
      const result = await settingsApi.testEmail();
      setFeedback({ kind: "success", text: result.message });
      await queryClient.invalidateQueries({ queryKey: settingsKeys.goLive });
    } catch (error) {
      setFeedback({ kind: "error", text: error instanceof Error ? error.message : "Não foi possível enviar." });
    } finally {
      setPending(null);
    }
  }

  const fieldset = "space-y-3 rounded-2xl border border-stone-200 bg-white p-4";
  const legend = "px-1 text-base font-semibold text-stone-950";
  return (
    <form noValidate onSubmit={(event) => void save(event)} className="space-y-4">
      <fieldset className={fieldset}>
        <legend className={legend}>Loja e identificação</legend>
        {text("shopName", "Nome da loja", { maxLength: 60 })}
        {text("legalName", "Razão social", { maxLength: 150 })}
        {text("cnpj", "CNPJ", { inputMode: "numeric", hint: "Com os dígitos verificadores; aparece no rodapé e nas páginas legais." })}
        {text("address", "Endereço completo", { hint: "Rua, número, bairro, cidade - UF, CEP (Decreto 7.962)." })}
        {text("email", "E-mail de contato", { type: "email", autoComplete: "email" })}
      </fieldset>
      <fieldset className={fieldset}>
        <legend className={legend}>Pix</legend>
        {text("pixKey", "Chave Pix", { hint: "CPF, CNPJ, e-mail, celular com DDD ou chave aleatória. Vai em todo código Pix." })}
        {text("pixMerchantName", "Nome de quem recebe", { maxLength: 25, hint: "Até 25 letras; o banco mostra a quem paga." })}
        {text("pixMerchantCity", "Cidade de quem recebe", { maxLength: 15 })}
      </fieldset>
      <fieldset className={fieldset}>
        <legend className={legend}>Atendimento</legend>
        {text("supportWhatsapp", "WhatsApp de atendimento", { type: "tel", inputMode: "tel", hint: "Com DDD, ex.: (11) 91234-5678." })}
      </fieldset>
      <fieldset className={fieldset}>
        <legend className={legend}>E-mails</legend>
        {text("mailFrom", "Remetente", { hint: "Ex.: Minha Loja <loja@minhaloja.com.br>" })}
        {text("mailReplyTo", "Responder para", { type: "email", hint: "Onde chegam as respostas dos clientes (alguém que leia)." })}
        {text("smtpHost", "Servidor SMTP", { hint: "Em branco: os e-mails ficam numa pasta do servidor e não chegam a ninguém." })}
        {text("smtpPort", "Porta SMTP", { inputMode: "numeric", hint: "587 (STARTTLS) ou 465 (TLS)." })}
        <label className="flex min-h-11 items-center gap-3 text-sm text-stone-900">
          <input type="checkbox" name="smtpSecure" checked={form.smtpSecure} onChange={set("smtpSecure")} className="size-5" />
          TLS desde o início (porta 465)
        </label>
        {text("smtpUser", "Usuário SMTP", { autoComplete: "off" })}
        {text("smtpPassword", "Senha SMTP", {
          type: "password",
          autoComplete: "new-password",
          hint: settings.smtp.hasPassword ? "Há uma senha salva: em branco, ela é mantida." : "Nenhuma senha salva.",
        })}
      </fieldset>
      {feedback ? <FormMessage kind={feedback.kind}>{feedback.text}</FormMessage> : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={pending !== null} className={buttonClass("primary")}>
          {pending === "save" ? "Salvando…" : "Salvar configurações"}
        </button>
        <button type="button" disabled={pending !== null} className={buttonClass("secondary")} onClick={() => void testEmail()}>
          {pending === "test" ? "Enviando…" : "Enviar e-mail de teste"}
        </button>
      </div>
    </form>
  );
}

/** /admin/configuracoes (issue 28 item 1, decision 055): the owner's settings and the go-live check. */
export function SettingsSection() {
  const query = useQuery({ queryKey: settingsKeys.settings, queryFn: settingsApi.settings, staleTime: 0 });
  return (
    <AdminSectionFrame title="Configurações da loja">
      <p className="text-sm text-stone-700">
        O que os clientes veem no rodapé, no código Pix e nos e-mails. Salvo aqui, vale em toda a loja em poucos segundos e fica na
        auditoria.
      </p>
      {query.data ? (
        <>
          <LogoEditor settings={query.data} />
          <SettingsForm settings={query.data} />
          <CardInstallmentsEditor />
        </>
      ) : query.isError ? (
        <FormMessage kind="error">{query.error.message}</FormMessage>
      ) : (
        <p role="status">Carregando…</p>
      )}
      <FulfilmentSection />
      <section aria-labelledby="verificacao-abertura" className="space-y-3">
        <h3 id="verificacao-abertura" className="text-lg font-bold text-stone-950">
          Verificação para abrir a loja
        </h3>
        <GoLiveList />
      </section>
    </AdminSectionFrame>
  );
}
