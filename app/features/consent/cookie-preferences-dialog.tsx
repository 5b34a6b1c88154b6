import { Dialog, Switch } from "radix-ui";
import { useId, useState } from "react";
import { toast } from "#app/ui/toast.tsx";
import { buttonClass, focusRing } from "#app/ui/button-styles.ts";
import { ModalFrame } from "#app/ui/modal.tsx";
import { readCookiePreferences, saveCookiePreferences } from "#app/features/consent/cookie-preferences-storage.ts";

/**
 * The cookie preference dialog (spec §3), loaded by ./cookie-preferences when it is first opened.
 * Mounted only while open, so the switches start from what is stored right now.
 */
export default function CookiePreferencesDialog({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <CookiePreferencesForm onDone={() => onOpenChange(false)} />
    </Dialog.Root>
  );
}

function CookiePreferencesForm({ onDone }: { onDone: () => void }) {
  const [choices, setChoices] = useState(readCookiePreferences);

  function save(event: React.FormEvent) {
    event.preventDefault();
    saveCookiePreferences(choices);
    toast.success("Preferências salvas");
    onDone();
  }

  return (
    <ModalFrame>
      <Dialog.Title className="text-xl font-bold text-stone-950">Preferências de cookies</Dialog.Title>
      <Dialog.Description className="mt-2 text-sm text-stone-700">
        Escolha quais cookies opcionais podemos usar. Os necessários mantêm o site funcionando e não podem ser desligados.
      </Dialog.Description>
      <form onSubmit={save} className="mt-4">
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
          <CookieSwitch
            label="Cookies necessários"
            description="Carrinho, sessão, segurança e suas escolhas de consentimento. Sempre ativos."
            checked
            disabled
          />
          <CookieSwitch
            label="Cookies de análise"
            description="Medem visitas e uso das páginas para melhorar o site."
            checked={choices.analytics}
            onCheckedChange={(analytics) => setChoices((current) => ({ ...current, analytics }))}
          />
          <CookieSwitch
            label="Cookies de marketing"
            description="Permitem mostrar ofertas e campanhas relevantes para você."
            checked={choices.marketing}
            onCheckedChange={(marketing) => setChoices((current) => ({ ...current, marketing }))}
          />
        </ul>
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Dialog.Close className={buttonClass("secondary")}>Cancelar</Dialog.Close>
          <button type="submit" className={buttonClass("primary")}>
            Salvar preferências
          </button>
        </div>
      </form>
    </ModalFrame>
  );
}

type CookieSwitchProps = {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

function CookieSwitch({ label, description, checked, disabled, onCheckedChange }: CookieSwitchProps) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 p-4">
      <div>
        <label htmlFor={`${id}-switch`} className="font-medium text-stone-950">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-1 text-sm text-stone-600">
          {description}
        </p>
      </div>
      <Switch.Root
        id={`${id}-switch`}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-description`}
        className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-stone-400 transition-colors data-[disabled]:cursor-not-allowed data-[disabled]:opacity-70 data-[state=checked]:bg-emerald-700 ${focusRing}`}
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </li>
  );
}
