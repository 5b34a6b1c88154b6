import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { settingsApi, settingsKeys } from "#app/features/settings/settings-api.ts";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import type { ShopSettingsView } from "#domain/settings/settings-schemas.ts";

/**
 * The shop's logo (decision 062): a picture from the phone, checked by its content on the server
 * and shown in the header and the e-mails; "Usar o logotipo padrão" goes back to the built-in one.
 */
export function LogoEditor({ settings }: { settings: ShopSettingsView }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = { heading: useId(), input: useId(), hint: useId() };

  async function run(change: () => Promise<ShopSettingsView>, done: string) {
    setBusy(true);
    setFeedback(null);
    try {
      queryClient.setQueryData(settingsKeys.settings, await change());
      setFeedback({ kind: "success", text: done });
    } catch (error) {
      setFeedback({ kind: "error", text: error instanceof Error ? error.message : "Não foi possível concluir. Tente novamente." });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  const logo = settings.logo;
  return (
    <section aria-labelledby={ids.heading} className="space-y-3 rounded-2xl border border-stone-200 bg-white p-4">
      <h3 id={ids.heading} className="text-base font-semibold text-stone-950">
        Logotipo
      </h3>
      {logo ? (
        <img
          src={logo.url}
          alt={`Logotipo atual: ${settings.shopName}`}
          width={Math.round(logo.width / 2)}
          height={Math.round(logo.height / 2)}
          className="h-8 w-auto max-w-full"
        />
      ) : (
        <p className="text-sm text-stone-700">Usando o logotipo padrão da loja.</p>
      )}
      <div>
        <label htmlFor={ids.input} className="block text-sm font-semibold text-stone-900">
          {logo ? "Trocar o logotipo" : "Enviar logotipo"}
        </label>
        <p id={ids.hint} className="text-xs text-stone-600">
          PNG, JPEG ou WebP, até 10 MB (o tipo é lido do conteúdo). Aparece no cabeçalho e no topo dos e-mails, com 32 px de altura.
        </p>
        <input
          ref={input}
          id={ids.input}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-describedby={ids.hint}
          disabled={busy}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void run(() => settingsApi.uploadLogo(file), "Logotipo enviado: já aparece no cabeçalho e nos e-mails.");
          }}
          className={`mt-1 block w-full text-sm text-stone-800 ${focusRing}`}
        />
      </div>
      {logo ? (
        <button
          type="button"
          disabled={busy}
          className={buttonClass("secondary")}
          onClick={() => void run(() => settingsApi.removeLogo(), "Voltou o logotipo padrão.")}
        >
          Usar o logotipo padrão
        </button>
      ) : null}
      <div aria-live="polite">
        {busy ? <FormMessage kind="info">Enviando…</FormMessage> : null}
        {feedback ? <FormMessage kind={feedback.kind}>{feedback.text}</FormMessage> : null}
      </div>
    </section>
  );
}
