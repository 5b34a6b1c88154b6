import { useQuery } from "@tanstack/react-query";
import { labelKeys, labelsApi } from "#app/features/labels/labels-api.ts";
import { LoadFailure } from "#app/ui/load-failure.tsx";
import { formatBRL } from "#domain/pricing/money.ts";

/** The Melhor Envio wallet's balance, read before buying (issue 30 item 4). */
export function WalletBalance() {
  const wallet = useQuery({ queryKey: labelKeys.wallet, queryFn: labelsApi.wallet, staleTime: 30_000 });
  if (wallet.isPending) {
    return (
      <p role="status" className="text-sm text-stone-700">
        Consultando o saldo do Melhor Envio…
      </p>
    );
  }
  if (wallet.isError) {
    return <LoadFailure onRetry={() => void wallet.refetch()}>Não foi possível consultar o saldo do Melhor Envio.</LoadFailure>;
  }
  if (wallet.data.balanceCents === null) return <p className="text-sm text-stone-700">{wallet.data.message}</p>;
  return (
    <p className="text-sm text-stone-800">
      Saldo na carteira do Melhor Envio: <strong className="text-stone-950">{formatBRL(wallet.data.balanceCents)}</strong>
    </p>
  );
}
