/**
 * The background tasks (server/jobs, graphile-worker) by the names the owner reads on the health
 * screen (issue 28 item 10): what the task does, in Portuguese, never its code. Browser-safe; a test
 * beside the worker (server/jobs/job-labels.test.ts) keeps one label for every task it runs.
 */
export const JOB_LABELS: Record<string, string> = {
  "send-email": "Envio de e-mails",
  "pix-charge": "Criação de cobranças Pix",
  "card-refund": "Reembolso no cartão pelo Mercado Pago",
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
  "invoice-issue": "Emissão de notas fiscais",
  "invoice-cancel": "Cancelamento de notas fiscais",
  "invoice-poll": "Conferência das notas fiscais na Focus NFe",
  "health-watch": "Vigilância da saúde da loja",
  "melhorenvio-token-refresh": "Renovação do token do Melhor Envio",
};

/** A task added later without a label still reads in Portuguese. */
export const jobLabel = (task: string) => JOB_LABELS[task] ?? "Outra tarefa";

/**
 * How often each schedule runs (its pattern in server/jobs/jobs.ts, in seconds; a test there keeps
 * the two together): the health calls a schedule stopped only when it missed its own rhythm, so a
 * daily clean-up is not "stopped" half an hour after its run (and no owner's phone is woken for it).
 */
export const SCHEDULE_PERIOD_SECONDS: Record<string, number> = {
  "pix-expiry": 60,
  "pix-reminder": 60,
  "pix-reconcile": 60,
  "rating-reminder": 10 * 60,
  "abandoned-cart-reminder": 10 * 60,
  "deleted-account-orders-scrub": 10 * 60,
  "silent-push-devices": 24 * 3600,
  "label-tracking-poll": 30 * 60,
  "invoice-poll": 2 * 60,
  "health-watch": 5 * 60,
  "melhorenvio-token-refresh": 10 * 60,
};
