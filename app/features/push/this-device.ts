/**
 * This browser's side of Web Push (issue 31): the service worker for a scope, the permission (asked
 * only from a tap: iOS refuses otherwise) and the subscription to the shop's VAPID key. Browser only.
 */

import { useSyncExternalStore } from "react";

export type Scope = "/admin" | "/cliente";

const noChanges = () => () => undefined;

/** A fact only the browser knows (permission, platform): `onServer` in the server's HTML and the first paint, then the browser's. */
export function useBrowserFact<T>(read: () => T, onServer: T): T {
  return useSyncExternalStore(noChanges, read, () => onServer);
}

/** What stands between this browser and pushes, in words the owner can act on; null when it can subscribe. */
export function pushBlocker(): string | null {
  if (typeof window === "undefined") return "Carregando…";
  if (isIos() && !isStandalone()) {
    return "No iPhone, as notificações funcionam no app da tela de início: toque em Compartilhar e depois em “Adicionar à Tela de Início”, abra o app por lá e ative aqui.";
  }
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return "Este navegador não recebe notificações. Use o Chrome no Android ou o app na tela de início do iPhone (iOS 16.4 ou mais novo).";
  }
  if (Notification.permission === "denied") {
    return "As notificações foram bloqueadas para esta loja. Libere nas configurações do navegador (ícone ao lado do endereço) e tente de novo.";
  }
  return null;
}

export function isIos(): boolean {
  const agent = navigator.userAgent;
  // iPadOS 13+ says it is a Mac; its touch points tell it apart.
  return /iPhone|iPad|iPod/.test(agent) || (agent.includes("Macintosh") && navigator.maxTouchPoints > 1);
}

export function isStandalone(): boolean {
  return window.matchMedia("(display-mode: standalone)").matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** The worker of `scope` (registered once; the storefront never loads this). */
export function registerWorker(scope: Scope): Promise<ServiceWorkerRegistration> | null {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  return navigator.serviceWorker.register("/sw.js", { scope });
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A short name for the device list ("Android · Chrome"), from what the browser says of itself. */
export function deviceLabel(): string {
  const agent = navigator.userAgent;
  const system = isIos()
    ? "iPhone/iPad"
    : /Android/.test(agent)
      ? "Android"
      : /Windows/.test(agent)
        ? "Windows"
        : /Mac/.test(agent)
          ? "Mac"
          : "Linux";
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /Chrome\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : "navegador";
  return `${system} · ${browser}`;
}

/**
 * From a tap: asks permission, subscribes this browser to `publicKey` and gives the subscription
 * as the shop stores it. Throws an Error with a Portuguese message when the owner says no.
 */
export async function subscribeThisDevice(scope: Scope, publicKey: string): Promise<BrowserSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted")
    throw new Error("Sem permissão, este aparelho não recebe notificações. Toque de novo e escolha “Permitir”.");
  const registration = await registerWorker(scope)!;
  await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return subscription.toJSON() as BrowserSubscription;
}

/** `PushSubscription.toJSON()` of a real subscription (the DOM's type leaves every field optional). */
export type BrowserSubscription = { endpoint: string; expirationTime?: number | null; keys: { p256dh: string; auth: string } };

/** Turning off on this device: the browser forgets the subscription too. */
export async function unsubscribeThisDevice(scope: Scope): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration(scope);
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}
