import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { AdminSectionFrame } from "#app/features/admin/admin-shell.tsx";
import { FormMessage } from "#app/ui/field.tsx";
import { LoadFailure } from "#app/ui/load-failure.tsx";
import { HealthLevelBadge } from "#app/features/maintenance/health-level.tsx";
import { failureText, maintenanceApi, maintenanceKeys } from "#app/features/maintenance/maintenance-api.ts";
import { bytesText, countText, secondsText, whenText } from "#app/features/maintenance/maintenance-format.ts";
import type { Health, HealthLevel } from "#domain/maintenance/maintenance-schemas.ts";
import { jobLabel } from "#domain/maintenance/job-labels.ts";
import { PROVIDER_NAMES, type ConnectionHealth } from "#domain/connections/connection-schemas.ts";

/**
 * How often the health is read again while the section is open (decision 024: polling, not the
 * realtime bus: health is a reading of several sources, not an event anyone publishes).
 */
export const HEALTH_REFRESH_MS = 10_000;

const OVERALL: Record<HealthLevel, string> = {
  green: "Tudo funcionando.",
  amber: "Algo pede atenção.",
  red: "Há um problema.",
};

function Card({ title, level, reason, children }: { title: string; level: HealthLevel; reason: string | null; children: React.ReactNode }) {
  const id = useId();
  return (
    <li>
      <article aria-labelledby={id} className="h-full space-y-3 rounded-2xl border border-stone-200 bg-white p-4 text-sm text-stone-800">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={id} className="text-base font-semibold text-stone-950">
            {title}
          </h3>
          <HealthLevelBadge level={level} />
        </div>
        {reason ? <p className="font-medium text-stone-950">{reason}</p> : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">{children}</dl>
      </article>
    </li>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-stone-600">{term}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

function HealthCards({ health }: { health: Health }) {
  const { database, jobs, email, disk, build } = health;
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      <Card title="Banco de dados" level={database.level} reason={database.reason}>
        <Row term="Responde">{database.reachable ? "sim" : "não"}</Row>
        <Row term="Latência">{database.latencyMs === null ? "—" : `${countText(Math.round(database.latencyMs))} ms`}</Row>
        <Row term="Tamanho">{bytesText(database.sizeBytes)}</Row>
        <Row term="Conexões">{`${database.pool.inUse} de ${database.pool.max} em uso${database.pool.waiting ? `, ${database.pool.waiting} esperando` : ""}`}</Row>
        <Row term="PostgreSQL">{database.version ?? "—"}</Row>
        <Row term="Tipo">{database.mode === "embedded" ? "embutido (DATA_DIR)" : "externo (DATABASE_URL)"}</Row>
      </Card>
      <Card title="Tarefas" level={jobs.level} reason={jobs.reason}>
        <Row term="Na fila">{countText(jobs.queued)}</Row>
        <Row term="Rodando">{countText(jobs.running)}</Row>
        <Row term="Falharam">{countText(jobs.failed)}</Row>
        <Row term="Mais antiga esperando">{secondsText(jobs.oldestWaitingSeconds)}</Row>
        {jobs.schedules.map((schedule) => (
          <Row key={schedule.task} term={`Última execução: ${jobLabel(schedule.task)}`}>
            {whenText(schedule.lastRunAt)}
          </Row>
        ))}
      </Card>
      <Card title="E-mail" level={email.level} reason={email.reason}>
        <Row term="Envio">{email.transport === "smtp" ? `SMTP (${email.smtpHost ?? ""})` : "pasta outbox (sem SMTP)"}</Row>
        <Row term="Último enviado">{email.lastSentAt ? whenText(email.lastSentAt) : "não registrado"}</Row>
        <Row term="Falhas em 24 h">{countText(email.failuresLast24h)}</Row>
        <Row term="Tentando de novo">{countText(email.retrying)}</Row>
      </Card>
      <Card title="Disco" level={disk.level} reason={disk.reason}>
        <Row term="Pasta">{disk.path}</Row>
        <Row term="Livre">{`${bytesText(disk.freeBytes)} de ${bytesText(disk.totalBytes)}`}</Row>
      </Card>
      {health.connections.map((connection) => (
        <ConnectionCard key={connection.provider} connection={connection} />
      ))}
      <li className="md:col-span-2">
        <p className="rounded-2xl border border-stone-200 bg-white p-4 text-sm text-stone-800">
          Versão <strong>{build.version}</strong> · no ar desde {whenText(build.startedAt)} · Node {build.node}
        </p>
      </li>
    </ul>
  );
}

const SOURCE_WORDS: Record<ConnectionHealth["source"], string> = {
  oauth: "autorização (OAuth)",
  token: "token colado no admin",
  environment: "variável de ambiente",
  none: "não conectado",
};

/** Melhor Envio and Focus NFe (issue 30 item 7): where the token comes from, whose, until when. */
function ConnectionCard({ connection }: { connection: ConnectionHealth }) {
  const account = [connection.accountName, connection.accountEmail].filter(Boolean).join(" · ");
  return (
    <Card title={PROVIDER_NAMES[connection.provider]} level={connection.level} reason={connection.reason}>
      <Row term="Em uso">{connection.inUse ? "sim" : "não"}</Row>
      <Row term="Conexão">{SOURCE_WORDS[connection.source]}</Row>
      <Row term="Conta">{account || "—"}</Row>
      <Row term="Token vence">{connection.expiresAt ? whenText(connection.expiresAt) : "—"}</Row>
      <Row term="Última renovação">{connection.lastRefreshAt ? whenText(connection.lastRefreshAt) : "—"}</Row>
      <Row term="Último erro">{connection.lastError ? `${connection.lastError} (${whenText(connection.lastErrorAt)})` : "nenhum"}</Row>
    </Card>
  );
}

export function HealthSection() {
  const query = useQuery({
    queryKey: maintenanceKeys.health,
    queryFn: maintenanceApi.health,
    refetchInterval: HEALTH_REFRESH_MS,
    staleTime: 0,
  });
  return (
    <AdminSectionFrame title="Saúde">
      {query.data ? (
        <>
          {/* Only the overall state is announced (when it changes), not every refresh's time. */}
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="flex flex-wrap items-center gap-3 text-stone-900">
              <HealthLevelBadge level={query.data.level} />
              {OVERALL[query.data.level]}
            </p>
            <p className="text-sm text-stone-600">Lido às {whenText(query.data.checkedAt)}; atualiza a cada 10 s.</p>
          </div>
          <HealthCards health={query.data} />
        </>
      ) : query.isError ? (
        <LoadFailure onRetry={() => void query.refetch()}>{failureText(query.error)}</LoadFailure>
      ) : (
        <p role="status" className="text-stone-700">
          Lendo a saúde da loja…
        </p>
      )}
      {query.data && query.isError ? <FormMessage kind="error">Não foi possível atualizar: {failureText(query.error)}</FormMessage> : null}
    </AdminSectionFrame>
  );
}
