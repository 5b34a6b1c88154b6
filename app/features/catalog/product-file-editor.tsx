import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { focusRing } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { adminProductsApi } from "#app/features/catalog/admin-products-api.ts";

type FileView = { fileName: string | null; uploaded: boolean };
type Download = { orderId: string; orderNumber: number; firstAt: string; lastAt: string; times: number };

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" });

/**
 * A digital product's file (issue 28 item 4, decision 062): its state, sending or replacing the PDF
 * (checked by content on the server, 50 MB at most), and the orders that downloaded it.
 */
export function ProductFileEditor({ productId, initial, downloads }: { productId: string; initial: FileView; downloads: Download[] }) {
  const [file, setFile] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = { heading: useId(), input: useId(), hint: useId(), list: useId() };

  async function upload(chosen: File) {
    setBusy(true);
    setMessage(null);
    try {
      const saved = await adminProductsApi.uploadProductFile(productId, chosen);
      setFile(saved);
      setMessage({ kind: "success", text: `Arquivo "${chosen.name}" enviado. Quem comprou já baixa esta versão.` });
    } catch (error) {
      setMessage({ kind: "error", text: error instanceof ApiCallError ? error.message : "Não foi possível enviar. Tente novamente." });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <section aria-labelledby={ids.heading} className="space-y-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <h2 id={ids.heading} className="text-lg font-bold text-stone-950">
        Arquivo para download
      </h2>
      <p className="text-sm text-stone-800">
        {file.uploaded ? (
          <>
            Enviado: <span className="break-all font-semibold">{file.fileName}</span>. Enviar outro substitui este.
          </>
        ) : (
          <>Ainda não enviado: quem comprar recebe um PDF provisório até você enviar o arquivo final.</>
        )}
      </p>
      <div>
        <label htmlFor={ids.input} className="block text-sm font-semibold text-stone-900">
          {file.uploaded ? "Substituir o PDF" : "Enviar o PDF"}
        </label>
        <p id={ids.hint} className="text-xs text-stone-600">
          Somente PDF, até 50 MB. O tipo é conferido pelo conteúdo do arquivo.
        </p>
        <input
          ref={input}
          id={ids.input}
          type="file"
          accept="application/pdf,.pdf"
          aria-describedby={ids.hint}
          disabled={busy}
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (chosen) void upload(chosen);
          }}
          className={`mt-1 block w-full text-sm text-stone-800 ${focusRing}`}
        />
      </div>
      <div aria-live="polite" className="space-y-2">
        {busy ? <FormMessage kind="info">Enviando o arquivo…</FormMessage> : null}
        {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      </div>
      <h3 id={ids.list} className="font-semibold text-stone-950">
        Pedidos que baixaram
      </h3>
      {/* Read by the page's loader: a reload shows the latest. */}
      {downloads.length === 0 ? (
        <p className="text-sm text-stone-700">Nenhum download ainda.</p>
      ) : (
        <ul aria-labelledby={ids.list} className="divide-y divide-stone-200 rounded-lg border border-stone-200">
          {downloads.map((row) => (
            <li key={row.orderId} className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2 text-sm">
              <Link to={`/admin?order=${row.orderId}`} className={`rounded font-semibold text-emerald-900 underline ${focusRing}`}>
                Pedido #{row.orderNumber}
              </Link>
              <span className="text-stone-700">
                {row.times === 1 ? `Baixado em ${dateTime(row.lastAt)}` : `${row.times} vezes, a última em ${dateTime(row.lastAt)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
