import { useId } from "react";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Popover, type PopoverTriggerProps } from "#app/ui/popover.tsx";
import { SUPPORT_QR_SRC, whatsappChatUrl } from "#app/features/support/support-links.ts";

const QR_SIZE_PX = 176;

/**
 * The Atendimento popover with its panel (spec §2, PRODUCT "Support"): a QR code and a chat link.
 * Loaded on the footer button's first use (support-popover.tsx, decision 038).
 */
export default function SupportPanel({
  whatsappNumber,
  ...trigger
}: PopoverTriggerProps & { whatsappNumber: string; defaultOpen: boolean }) {
  const titleId = useId();
  const hintId = useId();
  return (
    <Popover
      {...trigger}
      side="top"
      arrow
      labelledBy={titleId}
      className="z-40 w-72 rounded-2xl border border-stone-200 bg-white p-5 text-center shadow-xl"
    >
      <h2 id={titleId} className="text-lg font-bold text-stone-950">
        Atendimento
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Fale com a gente pelo WhatsApp: aponte a câmera do celular para o código ou toque no botão.
      </p>
      {/* Rendered only while open, so the QR code is fetched when asked for. */}
      <img
        src={SUPPORT_QR_SRC}
        alt="QR code para falar com o atendimento no WhatsApp"
        width={QR_SIZE_PX}
        height={QR_SIZE_PX}
        className="mx-auto mt-4 rounded-lg border border-stone-200"
      />
      <a
        href={whatsappChatUrl(whatsappNumber)}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={hintId}
        className={buttonClass("primary", "mt-4 w-full")}
      >
        Iniciar conversa
      </a>
      <p id={hintId} className="mt-2 text-xs text-stone-600">
        Abre o WhatsApp em uma nova aba.
      </p>
    </Popover>
  );
}
