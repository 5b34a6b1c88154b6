import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useId, useState } from "react";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { apiClient } from "#app/lib/api-client.ts";
import type { deliveryContract } from "#server/contracts/delivery.ts";
import { deliveryRoutes } from "#server/contracts/delivery.routes.ts";
import { formatDateTime } from "#app/shared/format-date.ts";
import type { DeliveryItem, OrderDeliveries as Deliveries } from "#domain/delivery/delivery-schemas.ts";

const deliveries = apiClient<typeof deliveryContract>(deliveryRoutes, {
  fallbackMessage: "Não foi possível concluir. Tente novamente.",
});

const deliveriesKey = (orderId: string) => ["order-deliveries", orderId] as const;

function DownloadItem({ orderId, item }: { orderId: string; item: DeliveryItem & { download: NonNullable<DeliveryItem["download"]> } }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  async function renew() {
    setPending(true);
    setMessage(null);
    try {
      const link = await deliveries.call("renewDownloadLink", { params: { id: orderId, productId: item.productId } });
      queryClient.setQueryData<Deliveries>(
        deliveriesKey(orderId),
        (old) =>
          old && { ...old, items: old.items.map((other) => (other.productId === item.productId ? { ...other, download: link } : other)) },
      );
      setMessage({ kind: "success", text: `Novo link gerado: vale até ${formatDateTime(link.expiresAt)}.` });
    } catch (error) {
      setMessage({
        kind: "error",
        text: error instanceof ApiCallError && error.message ? error.message : "Não foi possível gerar um novo link.",
      });
    } finally {
      setPending(false);
    }
  }
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        {/* A document link: the answer is the file (server/http/downloads.ts), not a page of the router. */}
        <a href={item.download.url} download className={buttonClass("primary")} data-discover="false">
          <Download aria-hidden="true" className="size-4" />
          Baixar {item.productName} (PDF)
        </a>
        <button type="button" onClick={() => void renew()} disabled={pending} className={buttonClass("secondary")}>
          {pending ? "Gerando…" : "Gerar novo link"}
        </button>
      </div>
      <p className="text-xs text-stone-600">Link pessoal, só abre na sua conta; vale até {formatDateTime(item.download.expiresAt)}.</p>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
    </div>
  );
}

/**
 * The order's digital delivery in the panel (decision 030): the e-book's download with a fresh
 * signed link and its renewal, and the owner's instructions for courses, the workshop and services.
 * Nothing shows for an order without such items.
 */
export function OrderDeliveries({ orderId }: { orderId: string }) {
  const headingId = useId();
  const query = useQuery({
    queryKey: deliveriesKey(orderId),
    queryFn: () => deliveries.call("orderDeliveries", { params: { id: orderId } }),
    staleTime: 0,
  });
  if (query.isPending)
    return (
      <p role="status" className="text-sm text-stone-700">
        Carregando downloads e instruções…
      </p>
    );
  if (query.isError)
    return <FormMessage kind="error">{query.error.message || "Não foi possível carregar os downloads e instruções."}</FormMessage>;
  const { state, items } = query.data;
  if (items.length === 0 || state === "closed") return null;
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-stone-200 bg-white p-5">
      <h3 id={headingId} className="text-base font-bold text-stone-950">
        Acesso e downloads
      </h3>
      {state === "waiting_payment" ? (
        <p className="text-sm text-stone-800">Os downloads e as instruções de acesso aparecem aqui assim que o pagamento for confirmado.</p>
      ) : (
        <ul className="space-y-4">
          {items.map((item) => (
            <li key={item.productId} className="space-y-2 text-sm text-stone-800">
              <p className="font-semibold text-stone-950">{item.productName}</p>
              {item.download ? <DownloadItem orderId={orderId} item={{ ...item, download: item.download }} /> : null}
              {item.instructions ? <p className="whitespace-pre-line">{item.instructions}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
