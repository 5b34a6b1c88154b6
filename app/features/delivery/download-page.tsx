import { Form, Link } from "react-router";
import { buttonClass } from "#app/ui/button-styles.ts";
import { orderLabel } from "#domain/orders/order-status.ts";

export type DownloadPageView = {
  orderId: string;
  downloadUrl: string;
  kind: "forbidden" | "waiting_payment" | "closed" | "expired" | "invalid" | "ready";
  orderNumber?: number;
  productName?: string;
};

const orderHref = (orderId: string) => `/cliente?order=${encodeURIComponent(orderId)}`;

/** Why a download link did not give the file, and what to do (decision 030). */
export function DownloadPage({ view }: { view: DownloadPageView }) {
  const what = view.productName && view.orderNumber ? `${view.productName}, do pedido ${orderLabel(view.orderNumber)}` : "este arquivo";
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-950">{TITLES[view.kind]}</h1>
      <div className="mt-6 space-y-4 rounded-2xl border border-stone-200 bg-white p-5 text-stone-800">
        {view.kind === "forbidden" ? (
          <>
            <p>Este link de download pertence a outra conta. Cada arquivo só abre na conta de quem fez a compra.</p>
            <p>Se a compra foi sua, saia e entre com a conta usada no pedido.</p>
            <Link to="/cliente" className={buttonClass("primary")}>
              Ir para minha conta
            </Link>
          </>
        ) : view.kind === "waiting_payment" ? (
          <>
            <p>O download de {what} é liberado assim que o pagamento for confirmado.</p>
            <Link to={orderHref(view.orderId)} className={buttonClass("primary")}>
              Ver o pedido
            </Link>
          </>
        ) : view.kind === "closed" ? (
          <>
            <p>O pedido de {what} foi cancelado ou reembolsado, por isso o download não está mais disponível.</p>
            <Link to={orderHref(view.orderId)} className={buttonClass("primary")}>
              Ver o pedido
            </Link>
          </>
        ) : view.kind === "ready" ? (
          <a href={view.downloadUrl} className={buttonClass("primary")}>
            Baixar {view.productName ?? "o arquivo"}
          </a>
        ) : (
          <>
            <p>
              {view.kind === "expired"
                ? `O link de download de ${what} expirou: cada link vale por 24 horas.`
                : `Este link de download de ${what} não é válido (ele pode ter sido copiado pela metade).`}{" "}
              Gere um novo link: o download começa em seguida.
            </p>
            {/* A plain form (no router fetch): the answer is the file itself. */}
            <Form method="post" reloadDocument className="flex flex-wrap gap-3">
              <button type="submit" className={buttonClass("primary")}>
                Gerar novo link
              </button>
              <Link to={orderHref(view.orderId)} className={buttonClass("secondary")}>
                Ver o pedido
              </Link>
            </Form>
          </>
        )}
      </div>
    </section>
  );
}

const TITLES: Record<DownloadPageView["kind"], string> = {
  forbidden: "Este download é de outra conta",
  waiting_payment: "Aguardando o pagamento",
  closed: "Download indisponível",
  expired: "Link de download expirado",
  invalid: "Link de download inválido",
  ready: "Seu download está pronto",
};
