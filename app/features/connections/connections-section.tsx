import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { connectionsApi, connectionsKeys } from "#app/features/connections/connections-api.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { Field, FormMessage } from "#app/ui/field.tsx";
import { PROVIDER_NAMES, type Connections, type ConnectionView } from "#domain/connections/connection-schemas.ts";

type Feedback = { kind: "success" | "error" | "info"; text: string };

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : "Não foi possível concluir.");
const dateText = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" }) : "—";

const SOURCE_TEXT: Record<ConnectionView["source"], string> = {
  oauth: "Conectado pela autorização do Melhor Envio",
  token: "Conectado com um token colado aqui",
  environment: "Usando o token da configuração do servidor",
  none: "Não conectado",
};

/** An authorization code comes back once: a second effect run (React's development double run) must not send it again. */
const codesSent = new Set<string>();

/**
 * "Conexões" (issue 30 item 7, decision 075): the shop's accounts at Melhor Envio and Focus NFe,
 * on the settings screen. Melhor Envio sends the owner back here (with `code` and `state`) after
 * the authorization; this section finishes it and cleans the address.
 */
/** What Melhor Envio's return left in the address: a code to exchange, a refusal, or nothing. */
function authorizationReturn(search: string): { code: string; state: string } | { refused: true } | null {
  const params = new URLSearchParams(search);
  const state = params.get("state");
  const code = params.get("code");
  if (!state) return null;
  if (params.get("error")) return { refused: true };
  return code ? { code, state } : null;
}

export function ConnectionsSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: connectionsKeys.all, queryFn: connectionsApi.read, staleTime: 0 });
  const location = useLocation();
  const navigate = useNavigate();
  const section = useRef<HTMLElement>(null);
  // Read once, as the page opens: the address is cleaned right after.
  const [returned] = useState(() => authorizationReturn(location.search));
  const [feedback, setFeedback] = useState<Feedback | null>(() =>
    !returned
      ? null
      : "refused" in returned
        ? { kind: "info", text: "A autorização foi recusada no Melhor Envio: nada mudou." }
        : { kind: "info", text: "Terminando a conexão com o Melhor Envio…" },
  );
  const finishing = useMutation({
    mutationFn: ({ code, state }: { code: string; state: string }) => connectionsApi.finishMelhorEnvio(code, state),
    onSuccess: (connections) => {
      queryClient.setQueryData(connectionsKeys.all, connections);
      const account = connections.melhorEnvio.accountEmail ?? connections.melhorEnvio.accountName;
      setFeedback({ kind: "success", text: `Melhor Envio conectado${account ? ` (conta ${account})` : ""}.` });
    },
    onError: (error) => setFeedback({ kind: "error", text: messageOf(error) }),
  });
  const finish = finishing.mutate;

  useEffect(() => {
    if (!returned) return;
    section.current?.scrollIntoView({ block: "start" });
    void navigate(`${location.pathname}#conexoes`, { replace: true, preventScrollReset: true });
    if ("code" in returned && !codesSent.has(returned.code)) {
      codesSent.add(returned.code);
      finish(returned);
    }
    // Once per return from Melhor Envio, not on every later navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returned]);

  const done = (connections: Connections, text: string) => {
    queryClient.setQueryData(connectionsKeys.all, connections);
    setFeedback({ kind: "success", text });
  };

  return (
    <section
      ref={section}
      id="conexoes"
      aria-labelledby={id}
      className="scroll-mt-4 space-y-4 rounded-xl border border-stone-200 p-4 sm:p-5"
    >
      <h3 id={id} className="text-lg font-bold text-stone-950">
        Conexões
      </h3>
      <p className="text-sm text-stone-700">
        As contas da loja no Melhor Envio (frete, etiquetas e rastreio) e na Focus NFe (notas fiscais). Os tokens ficam guardados cifrados e
        nunca aparecem de novo.
      </p>
      <div aria-live="polite">{feedback ? <FormMessage kind={feedback.kind}>{feedback.text}</FormMessage> : null}</div>
      {query.data ? (
        <ul className="space-y-4">
          <ProviderCard view={query.data.melhorEnvio} onDone={done} onFailure={(text) => setFeedback({ kind: "error", text })} />
          <ProviderCard view={query.data.focusNfe} onDone={done} onFailure={(text) => setFeedback({ kind: "error", text })} />
        </ul>
      ) : query.isError ? (
        <div className="space-y-3">
          <FormMessage kind="error">Não foi possível ler as conexões: {messageOf(query.error)}</FormMessage>
          <button type="button" className={buttonClass("secondary")} onClick={() => void query.refetch()}>
            Tentar de novo
          </button>
        </div>
      ) : (
        <p role="status" className="text-sm text-stone-700">
          Lendo as conexões…
        </p>
      )}
    </section>
  );
}

function ProviderCard({
  view,
  onDone,
  onFailure,
}: {
  view: ConnectionView;
  onDone: (connections: Connections, text: string) => void;
  onFailure: (text: string) => void;
}) {
  const id = useId();
  const name = PROVIDER_NAMES[view.provider];
  const melhorEnvio = view.provider === "melhorenvio";
  const [token, setToken] = useState("");
  const [pending, setPending] = useState(false);
  const stored = view.source === "oauth" || view.source === "token";

  async function run(work: () => Promise<void>) {
    setPending(true);
    try {
      await work();
    } catch (error) {
      onFailure(messageOf(error));
    } finally {
      setPending(false);
    }
  }

  const connect = () =>
    run(async () => {
      const { authorizeUrl } = await connectionsApi.startMelhorEnvio();
      window.location.assign(authorizeUrl);
    });

  const paste = (event: React.FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const connections = await (melhorEnvio ? connectionsApi.pasteMelhorEnvio(token) : connectionsApi.pasteFocusNfe(token));
      setToken("");
      onDone(connections, `Token do ${name} salvo.`);
    });
  };

  const disconnect = () => {
    if (!window.confirm(`Desconectar o ${name}? A loja deixa de usar o token salvo.`)) return;
    void run(async () => {
      const connections = await (melhorEnvio ? connectionsApi.disconnectMelhorEnvio() : connectionsApi.disconnectFocusNfe());
      onDone(connections, `${name} desconectado.`);
    });
  };

  const account = [view.accountName, view.accountEmail].filter(Boolean).join(" · ");
  return (
    <li>
      <article aria-labelledby={id} className="space-y-3 rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-800">
        <h4 id={id} className="text-base font-semibold text-stone-950">
          {name}
        </h4>
        <p className="font-medium text-stone-950">{SOURCE_TEXT[view.source]}</p>
        {view.source === "none" ? (
          <p>
            {view.inUse
              ? `A loja está configurada para usar o ${name}, mas nenhuma conta está conectada.`
              : `A loja não usa o ${name} agora (${melhorEnvio ? "SHIPPING_PROVIDER" : "INVOICE_PROVIDER"}); você pode conectar a conta antes.`}
          </p>
        ) : null}
        {view.unreadable ? (
          <FormMessage kind="error">O token salvo não abre mais (o segredo da loja mudou): conecte de novo.</FormMessage>
        ) : null}
        {view.lastRefreshError ? <FormMessage kind="error">A renovação automática falhou: {view.lastRefreshError}</FormMessage> : null}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {stored ? (
            <>
              <dt className="text-stone-600">Conta</dt>
              <dd className="break-words">{account || "não informada"}</dd>
              <dt className="text-stone-600">Vence em</dt>
              <dd>{view.expiresAt ? dateText(view.expiresAt) : "sem data"}</dd>
            </>
          ) : null}
          {view.source === "oauth" ? (
            <>
              <dt className="text-stone-600">Última renovação</dt>
              <dd>{view.lastRefreshAt ? dateText(view.lastRefreshAt) : "ainda não renovado"}</dd>
            </>
          ) : null}
          <dt className="text-stone-600">Último erro</dt>
          <dd className="break-words">{view.lastError ? `${view.lastError} (${dateText(view.lastErrorAt)})` : "nenhum"}</dd>
        </dl>
        <div className="flex flex-wrap gap-3">
          {melhorEnvio && view.oauthAvailable ? (
            <button type="button" className={buttonClass("primary", "min-h-11")} onClick={() => void connect()} disabled={pending}>
              {view.source === "oauth" ? "Conectar de novo" : "Conectar Melhor Envio"}
            </button>
          ) : null}
          {stored ? (
            <button
              type="button"
              className={buttonClass("secondary", "min-h-11")}
              onClick={disconnect}
              disabled={pending}
              aria-describedby={id}
            >
              Desconectar
            </button>
          ) : null}
        </div>
        {melhorEnvio && !view.oauthAvailable ? (
          <p className="text-xs text-stone-600">
            Para conectar pela autorização, configure no servidor o aplicativo do Melhor Envio (MELHOR_ENVIO_CLIENT_ID e
            MELHOR_ENVIO_CLIENT_SECRET). Ou cole abaixo um token pessoal.
          </p>
        ) : null}
        <form noValidate onSubmit={paste} className="space-y-2">
          <Field
            label={melhorEnvio ? "Token pessoal do Melhor Envio" : "Token da empresa na Focus NFe"}
            name={`${view.provider}-token`}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(event) => setToken(event.target.value)}
            hint={
              melhorEnvio
                ? "No Melhor Envio: Gerenciar › Tokens › Novo token, com as permissões de frete, etiquetas e rastreio."
                : "No painel da Focus NFe: Minhas empresas › a empresa › Tokens (o de produção)."
            }
          />
          <button type="submit" className={buttonClass("secondary", "min-h-11")} disabled={pending || token.trim() === ""}>
            Salvar token
          </button>
        </form>
      </article>
    </li>
  );
}
