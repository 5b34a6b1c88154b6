import { Check, Copy } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { buttonClass } from "#app/ui/button-styles.ts";

type PixPaymentProps = {
  code: string;
  /** Inline SVG made by the server (pix-qr.server.ts) from `code`. */
  qrSvg: string | null;
  expiresAt: string;
  /** Called once when the countdown reaches zero (the page reloads the order). */
  onExpired?: () => void;
};

function remaining(expiresAt: string, now: number): number {
  const end = Date.parse(expiresAt);
  return Number.isFinite(end) ? Math.max(0, Math.floor((end - now) / 1000)) : 0;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** Pix QR code, the copy-and-paste code with a copy button, and a countdown to expiry. */
export function PixPayment({ code, qrSvg, expiresAt, onExpired }: PixPaymentProps) {
  const codeId = useId();
  const [now, setNow] = useState<number | null>(null);
  const [copied, setCopied] = useState<"ok" | "failed" | null>(null);
  const seconds = now === null ? null : remaining(expiresAt, now);

  useEffect(() => {
    // The server rendered no time (it would not match the browser's clock); the first tick sets it.
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  useEffect(() => {
    if (seconds === 0) onExpired?.();
  }, [seconds, onExpired]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied("ok");
    } catch {
      // Without clipboard permission the text is selected, so a long press copies it.
      const field = document.getElementById(codeId) as HTMLTextAreaElement | null;
      field?.select();
      setCopied("failed");
    }
  }

  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-5">
      <h2 className="text-lg font-bold text-stone-950">Pague com Pix</h2>
      <div className="mt-4 flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        {qrSvg ? (
          <div
            role="img"
            aria-label="QR Code do Pix"
            className="size-56 shrink-0 [&>svg]:size-full"
            // Our own SVG, generated on the server from the order's BR Code.
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
        ) : null}
        <div className="w-full min-w-0 space-y-3">
          <p className="text-sm text-stone-700">
            Abra o app do seu banco, escolha Pix e leia o QR Code, ou use o código &ldquo;copia e cola&rdquo;:
          </p>
          <label htmlFor={codeId} className="block text-sm font-medium text-stone-900">
            Pix copia e cola
          </label>
          <textarea
            id={codeId}
            readOnly
            value={code}
            rows={4}
            className="block w-full resize-none rounded-lg border border-stone-300 bg-stone-50 p-2 font-mono text-xs break-all text-stone-900"
          />
          <button type="button" onClick={copy} className={buttonClass("primary", "w-full sm:w-auto")}>
            {copied === "ok" ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
            {copied === "ok" ? "Código copiado" : "Copiar código Pix"}
          </button>
          <p role="status" className="text-sm text-stone-700">
            {copied === "failed" ? "Não foi possível copiar automaticamente: o código está selecionado, copie-o manualmente." : null}
          </p>
          <p className="text-sm font-semibold text-stone-900">
            {seconds === null ? null : seconds > 0 ? (
              <>
                Expira em{" "}
                <span role="timer" aria-live="off">
                  {clock(seconds)}
                </span>
              </>
            ) : (
              <span role="alert">O prazo para pagar terminou.</span>
            )}
          </p>
        </div>
      </div>
    </div>
  );
}
