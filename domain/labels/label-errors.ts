/** The labels' refusals (issue 30 item 4): what the owner reads, in Portuguese, with what to do. */
import { DomainError } from "#domain/errors.ts";

export const labelNotFound = () => new DomainError("not_found", "label_not_found", "Etiqueta não encontrada.");
export const labelRefused = (message: string) => new DomainError("unprocessable", "label_refused", message);
export const labelWebhookNotAuthentic = () =>
  new DomainError("unauthorized", "webhook_not_authentic", "Notificação recusada: assinatura inválida.");
export const nothingToPrint = () =>
  new DomainError(
    "not_found",
    "nothing_to_print",
    "Nenhuma etiqueta pronta para imprimir nesses pedidos: compre as etiquetas e espere ficarem prontas.",
  );
export const labelNotCancellable = () =>
  new DomainError(
    "conflict",
    "label_not_cancellable",
    "Esta etiqueta não pode mais ser cancelada: o pacote já foi postado. Fale com o suporte do Melhor Envio se precisar.",
  );

/** Refusals of buying, shared by the API and the job (the job records them on the label). */
export const NEEDS_PROFILE =
  "Preencha os dados de envio e impostos da loja (remetente, CPF/CNPJ, endereço) em Configurações antes de comprar etiquetas.";
export const NEEDS_NFE =
  "Esta loja envia com NF-e e a nota deste pedido ainda não foi autorizada: emita a NF-e (ou espere a autorização) e compre a etiqueta depois.";
export const NOT_SHIPPABLE_STATUS = "Só pedidos pagos e ainda não enviados recebem etiqueta.";
export const NOTHING_TO_SHIP = "Este pedido não tem nada a enviar (só serviços, cursos ou conteúdos digitais): não precisa de etiqueta.";
export const NO_ADDRESS = "Este pedido não tem endereço de entrega.";

/**
 * A step Melhor Envio left unanswered on every one of the job's tries: the label fails with this, and
 * "Tentar de novo" resumes it at the same step (each step asks Melhor Envio where the shipment stands
 * first, so nothing is paid twice).
 */
export const noAnswerAfter = (attempts: number) =>
  `Melhor Envio não respondeu depois de ${attempts} tentativas. Confira o status em melhorenvio.com.br e toque em Tentar de novo.`;
