import { useEffect, useId, useState } from "react";
import { pushApi } from "#app/features/push/push-api.ts";
import { deviceLabel, pushBlocker, subscribeThisDevice, unsubscribeThisDevice, useBrowserFact } from "#app/features/push/this-device.ts";
import { ApiCallError } from "#app/lib/fetch-json.ts";
import { FormMessage } from "#app/ui/field.tsx";

type State = { kind: "loading" } | { kind: "ready"; deviceId: string | null };

/**
 * A customer's order news on this device (issue 31 item 3): off until they turn it on; one tap turns
 * it off. The texts are the bell's own (payment confirmed, status changed, tracking, rating reminder).
 */
export function CustomerPushToggle() {
  const id = useId();
  const blocker = useBrowserFact(pushBlocker, "Carregando…");
  const [state, setState] = useState<State>({ kind: "loading" });
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);

  useEffect(() => {
    if (pushBlocker()) return;
    let current = true;
    // This browser is "on" when its worker holds a subscription the account also lists.
    void Promise.all([navigator.serviceWorker.getRegistration("/cliente"), pushApi.customerDevices()]).then(
      async ([registration, answer]) => {
        const endpoint = (await registration?.pushManager.getSubscription())?.endpoint;
        const mine = answer.devices.find((device) => device.endpoint === endpoint);
        if (current) setState({ kind: "ready", deviceId: mine?.id ?? null });
      },
      () => current && setState({ kind: "ready", deviceId: null }),
    );
    return () => {
      current = false;
    };
  }, []);

  async function change(on: boolean) {
    if (state.kind !== "ready") return;
    setSaving(true);
    setMessage(null);
    try {
      if (on) {
        const { publicKey } = await pushApi.publicKey();
        const subscription = await subscribeThisDevice("/cliente", publicKey);
        const device = await pushApi.addCustomerDevice({ ...subscription, deviceLabel: deviceLabel() });
        setState({ kind: "ready", deviceId: device.id });
        setMessage({ kind: "success", text: "Pronto: este aparelho vai avisar quando seus pedidos mudarem." });
      } else {
        if (state.deviceId) await pushApi.removeCustomerDevice(state.deviceId);
        await unsubscribeThisDevice("/cliente");
        setState({ kind: "ready", deviceId: null });
        setMessage({ kind: "success", text: "Pronto: este aparelho não vai mais avisar." });
      }
    } catch (error) {
      setMessage({
        kind: "error",
        text: error instanceof ApiCallError || error instanceof Error ? error.message : "Não foi possível salvar agora.",
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="space-y-3 rounded-xl border border-stone-200 p-4 sm:p-5" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`} className="text-base font-semibold text-stone-950">
        Notificações dos pedidos neste aparelho
      </h2>
      {blocker ? <p className="text-sm text-stone-700">{blocker}</p> : null}
      {!blocker && state.kind === "loading" ? <p className="text-sm text-stone-700">Carregando…</p> : null}
      {!blocker && state.kind === "ready" ? (
        <label className="flex min-h-11 items-center gap-3 text-sm text-stone-900">
          <input
            type="checkbox"
            className="size-5"
            checked={state.deviceId !== null}
            disabled={saving}
            onChange={(event) => void change(event.target.checked)}
          />
          Avisar neste aparelho quando o pagamento for confirmado, o pedido mudar ou ganhar rastreio
        </label>
      ) : null}
      <div aria-live="polite">{message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}</div>
    </section>
  );
}
