import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { pushApi, pushKeys } from "#app/features/push/push-api.ts";
import { deviceLabel, pushBlocker, subscribeThisDevice, useBrowserFact } from "#app/features/push/this-device.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { buttonClass } from "#app/ui/button-styles.ts";
import { FormMessage } from "#app/ui/field.tsx";
import { OWNER_PUSH_EVENT_LABELS, OWNER_PUSH_EVENTS, type OwnerPushEvent } from "#domain/push/push-events.ts";
import type { PushDevice } from "#domain/push/push-schemas.ts";

type Feedback = { kind: "success" | "error"; text: string };

const messageOf = (error: unknown) =>
  error instanceof ApiCallError || error instanceof Error ? error.message || "Não foi possível concluir." : "Não foi possível concluir.";

/**
 * "Notificações neste aparelho" (issue 31 item 2): turn pushes on from a tap, send a test, and each
 * of the owner's devices with its events and a "Remover". Lives in /admin/configuracoes.
 */
export function OwnerPushSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: pushKeys.owner, queryFn: pushApi.ownerDevices, staleTime: 0 });
  const blocker = useBrowserFact(pushBlocker, "Carregando…");
  const [pending, setPending] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  async function run(work: () => Promise<string>) {
    setPending(true);
    setFeedback(null);
    try {
      setFeedback({ kind: "success", text: await work() });
    } catch (error) {
      setFeedback({ kind: "error", text: messageOf(error) });
    } finally {
      setPending(false);
      await queryClient.invalidateQueries({ queryKey: pushKeys.owner });
    }
  }

  const activate = () =>
    run(async () => {
      const { publicKey } = await pushApi.publicKey();
      const subscription = await subscribeThisDevice("/admin", publicKey);
      await pushApi.addOwnerDevice({ ...subscription, deviceLabel: deviceLabel() });
      return "Pronto: este aparelho vai receber as notificações da loja.";
    });

  const sendTest = () =>
    run(async () => {
      const { devices: count } = await pushApi.testOwnerPush();
      return count === 1 ? "Notificação de teste enviada a 1 aparelho." : `Notificação de teste enviada a ${count} aparelhos.`;
    });

  const list = devices.data?.devices ?? [];
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-xl border border-stone-200 p-4 sm:p-5">
      <h3 id={id} className="text-lg font-bold text-stone-950">
        Notificações no celular
      </h3>
      <p className="text-sm text-stone-700">Cada pedido pago faz o celular tocar, com o número e o valor; um toque abre o pedido.</p>
      {blocker ? (
        <p className="text-sm text-stone-800">{blocker}</p>
      ) : (
        <div className="flex flex-wrap gap-3">
          <button type="button" className={buttonClass("primary")} onClick={activate} disabled={pending}>
            Ativar notificações neste aparelho
          </button>
          {list.length > 0 ? (
            <button type="button" className={buttonClass("secondary")} onClick={sendTest} disabled={pending}>
              Enviar notificação de teste
            </button>
          ) : null}
        </div>
      )}
      <div aria-live="polite">{feedback ? <FormMessage kind={feedback.kind}>{feedback.text}</FormMessage> : null}</div>
      {devices.isError ? <FormMessage kind="error">{devices.error.message}</FormMessage> : null}
      {list.length > 0 ? (
        <ul className="space-y-3" aria-label="Aparelhos que recebem notificações">
          {list.map((device) => (
            <DeviceRow key={device.id} device={device} onDone={(text) => run(async () => text)} />
          ))}
        </ul>
      ) : devices.data ? (
        <p className="text-sm text-stone-700">Nenhum aparelho recebe notificações ainda.</p>
      ) : null}
    </section>
  );
}

function DeviceRow({ device, onDone }: { device: PushDevice; onDone: (text: string) => Promise<void> }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const chosen = new Set(device.events);

  async function toggle(event: OwnerPushEvent, on: boolean) {
    setError(null);
    const events = OWNER_PUSH_EVENTS.filter((name) => (name === event ? on : chosen.has(name)));
    try {
      await pushApi.setOwnerDeviceEvents(device.id, events);
      await queryClient.invalidateQueries({ queryKey: pushKeys.owner });
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  async function remove() {
    setError(null);
    try {
      await pushApi.removeOwnerDevice(device.id);
      await onDone(`${device.deviceLabel} não recebe mais notificações.`);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  return (
    <li className="space-y-2 rounded-lg border border-stone-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={id} className="font-semibold text-stone-950">
          {device.deviceLabel}
        </p>
        <button type="button" className={buttonClass("secondary", "min-h-11")} onClick={remove} aria-describedby={id}>
          Remover
        </button>
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm text-stone-700">Avisar quando:</legend>
        {OWNER_PUSH_EVENTS.map((event) => (
          <label key={event} className="flex min-h-11 items-center gap-2 text-sm text-stone-900">
            <input
              type="checkbox"
              className="size-5"
              checked={chosen.has(event)}
              onChange={(change) => void toggle(event, change.target.checked)}
            />
            {OWNER_PUSH_EVENT_LABELS[event]}
          </label>
        ))}
      </fieldset>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
    </li>
  );
}
