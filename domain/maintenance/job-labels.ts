/**
 * The background tasks (server/jobs, graphile-worker) by the names the owner reads on the health
 * screen (issue 28 item 10): what the task does, in Portuguese, never its code. Browser-safe; a test
 * beside the worker (server/jobs/job-labels.test.ts) keeps one label for every task it runs.
 */
export const JOB_LABELS: Record<string, string> = {
  "send-email": "Envio de e-mails",
  "pix-charge": "Criação de cobranças Pix",
  "pix-expiry": "Cancelamento de Pix vencidos",
  "pix-reminder": "Lembrete de Pix perto de vencer",
  "rating-reminder": "Pedido de avaliação após a entrega",
  "abandoned-cart-reminder": "Lembrete de carrinho abandonado",
  "pix-reconcile": "Conferência dos Pix com o provedor",
  "deleted-account-orders-scrub": "Limpeza de dados de contas excluídas",
  "send-push": "Envio de notificações aos aparelhos",
  "silent-push-devices": "Remoção de aparelhos sem uso há semanas",
  "label-step": "Compra de etiquetas no Melhor Envio",
  "label-tracking-poll": "Consulta do rastreio das etiquetas",
  "melhorenvio-token-refresh": "Renovação do token do Melhor Envio",
};

/** A task added later without a label still reads in Portuguese. */
export const jobLabel = (task: string) => JOB_LABELS[task] ?? "Outra tarefa";
