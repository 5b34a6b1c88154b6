import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { buttonClass } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { formatDateTime } from "#app/shared/format-date.ts";
import { emailKeys, emailsApi } from "#app/features/email-queue/email-queue-api.ts";
import type { EmailSummary } from "#domain/email-queue/email-queue-schemas.ts";
import { EMAIL_STATUS_LABELS, type EmailStatus } from "#domain/email-queue/email-status.ts";

const FILTERS: ReadonlyArray<[EmailStatus | "", string]> = [
  ["", "Todos"],
  ["failed", "Falharam"],
  ["queued", "Na fila"],
  ["sent", "Enviados"],
];

const BADGE: Record<EmailStatus, string> = {
  queued: "border-amber-300 bg-amber-50 text-amber-950",
  sent: "border-emerald-300 bg-emerald-50 text-emerald-950",
  failed: "border-red-300 bg-red-50 text-red-900",
};

function StatusBadge({ status }: { status: EmailStatus }) {
  return <span className={`rounded-full border px-2.5 py-0.5 text-xs font-semibold ${BADGE[status]}`}>{EMAIL_STATUS_LABELS[status]}</span>;
}

type Notice = { kind: "success" | "error"; text: string } | null;

/** The message's text, tries and last answer, read when the admin opens it. */
function EmailDetails({ id, panelId }: { id: string; panelId: string }) {
  const detail = useQuery({ queryKey: emailKeys.one(id), queryFn: () => emailsApi.get(id), staleTime: 0 });
  return (
    <div id={panelId} className="space-y-2 border-t border-stone-200 pt-3">
      {detail.isPending ? (
        <p role="status">Carregando o e-mail…</p>
      ) : detail.isError ? (
        <FormMessage kind="error">{detail.error.message}</FormMessage>
      ) : (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="font-semibold">Para</dt>
            <dd className="break-all">{detail.data.to}</dd>
            <dt className="font-semibold">Assunto</dt>
            <dd>{detail.data.subject}</dd>
            <dt className="font-semibold">Tentativas</dt>
            <dd>
              {detail.data.attempts} de {detail.data.maxAttempts}
            </dd>
            <dt className="font-semibold">Último erro</dt>
            <dd className="break-words">{detail.data.lastError ?? "nenhum"}</dd>
          </dl>
          <h4 className="font-semibold">Texto</h4>
          <pre
            className="max-h-80 overflow-auto rounded-lg bg-stone-100 p-3 font-sans text-sm break-words whitespace-pre-wrap"
            tabIndex={0}
          >
            {detail.data.text}
          </pre>
        </>
      )}
    </div>
  );
}

function EmailCard({ email, onNotice }: { email: EmailSummary; onNotice: (notice: Notice) => void }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const panelId = useId();
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => emailsApi.resend(email.id),
    onSuccess: (resent) => {
      onNotice({ kind: "success", text: `E-mail "${resent.subject}" de volta na fila.` });
      void queryClient.invalidateQueries({ queryKey: emailKeys.all });
    },
    onError: (error) => onNotice({ kind: "error", text: error.message }),
  });
  return (
    <li>
      <article aria-labelledby={headingId} className="space-y-2 rounded-2xl border border-stone-200 bg-white p-4 text-sm text-stone-800">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="text-base font-semibold break-words text-stone-950">
            {email.subject}
          </h3>
          <StatusBadge status={email.status} />
        </div>
        <p className="break-all">Para {email.to}</p>
        <p>
          {email.status === "sent" && email.sentAt
            ? `Enviado em ${formatDateTime(email.sentAt)}`
            : `Criado em ${formatDateTime(email.createdAt)}`}
          {email.attempts > 0 ? ` · ${email.attempts} de ${email.maxAttempts} tentativas` : ""}
        </p>
        {email.lastError && email.status !== "sent" ? (
          <p className="break-words text-red-900">
            <span className="font-semibold">Resposta do servidor:</span> {email.lastError}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass("secondary")}
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? "Fechar" : "Abrir"}
            <span className="sr-only"> o e-mail {email.subject}</span>
          </button>
          {email.status === "failed" ? (
            <button type="button" className={buttonClass("primary")} disabled={resend.isPending} onClick={() => resend.mutate()}>
              {resend.isPending ? "Reenviando…" : "Reenviar"}
              <span className="sr-only"> o e-mail {email.subject}</span>
            </button>
          ) : null}
        </div>
        {open ? <EmailDetails id={email.id} panelId={panelId} /> : null}
      </article>
    </li>
  );
}

/**
 * The maintenance panel's e-mail queue (issue 18 item 3): the last messages with where each stands,
 * a failed one's SMTP answer, the message opened, a failed one resent, and a test to oneself.
 */
export function EmailQueueSection() {
  const [status, setStatus] = useState<EmailStatus | "">("");
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<Notice>(null);
  const headingId = useId();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: emailKeys.list(status, page),
    queryFn: () => emailsApi.list(status, page),
    staleTime: 0,
    // While a message waits, its state changes by itself: look again every few seconds.
    refetchInterval: (query) => (query.state.data?.emails.some((email) => email.status === "queued") ? 3000 : false),
  });
  const test = useMutation({
    mutationFn: emailsApi.sendTest,
    onSuccess: (sent) => {
      setNotice({ kind: "success", text: `E-mail de teste na fila para ${sent.to}.` });
      void queryClient.invalidateQueries({ queryKey: emailKeys.all });
    },
    onError: (error) => setNotice({ kind: "error", text: error.message }),
  });

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold text-stone-950">
          Fila de e-mails
        </h2>
        <button type="button" className={buttonClass("secondary")} disabled={test.isPending} onClick={() => test.mutate()}>
          {test.isPending ? "Enviando…" : "Enviar e-mail de teste para mim"}
        </button>
      </div>
      {notice ? <FormMessage kind={notice.kind}>{notice.text}</FormMessage> : null}
      <div role="group" aria-label="Mostrar e-mails" className="flex flex-wrap gap-2">
        {FILTERS.map(([value, label]) => (
          <button
            key={value || "todos"}
            type="button"
            aria-pressed={status === value}
            className={buttonClass(status === value ? "primary" : "secondary")}
            onClick={() => {
              setStatus(value);
              setPage(1);
            }}
          >
            {label}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <p role="status">Carregando e-mails…</p>
      ) : list.isError ? (
        <FormMessage kind="error">{list.error.message || "Não foi possível carregar os e-mails."}</FormMessage>
      ) : list.data.emails.length === 0 ? (
        <p role="status" className="rounded-xl border border-stone-200 bg-white px-4 py-6 text-stone-700">
          {status === "failed" ? "Nenhum e-mail falhou." : "Nenhum e-mail por aqui."}
        </p>
      ) : (
        <ul aria-label="E-mails" className="space-y-3">
          {list.data.emails.map((email) => (
            <EmailCard key={email.id} email={email} onNotice={setNotice} />
          ))}
        </ul>
      )}
      {list.data && (page > 1 || list.data.hasMore) ? (
        <nav aria-label="Páginas de e-mails" className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass("secondary")} disabled={page === 1} onClick={() => setPage(page - 1)}>
            Mais novos
          </button>
          <button type="button" className={buttonClass("secondary")} disabled={!list.data.hasMore} onClick={() => setPage(page + 1)}>
            Mais antigos
          </button>
        </nav>
      ) : null}
    </section>
  );
}
