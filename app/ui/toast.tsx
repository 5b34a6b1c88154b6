import { useSyncExternalStore } from "react";
import type * as SonnerModule from "sonner";

/**
 * The shop's toasts: sonner, loaded on the first toast instead of on every page (~9.5 KB gzipped
 * that most visits never use, decision 006). Features call `toast`, `toast.success` and
 * `toast.error` from here, never from "sonner", and the shell renders `<Toaster />` once.
 *
 * A toast fired before sonner has arrived waits for it (the calls run in order once it loads;
 * sonner's Toaster shows what was created before it subscribed). If sonner cannot be loaded at
 * all (offline before the first toast, exactly when "Você está sem internet" is due), the message
 * still shows in a plain fallback box, and the next toast tries to load sonner again.
 */

/** Spec §9: toasts stay 3 s, at most 5 at once. */
const TOAST_DURATION_MS = 3000;
const TOASTS_VISIBLE = 5;

type Sonner = typeof SonnerModule;
type ToastOptions = {
  description?: string;
  /** A link or button inside the toast (e.g. "Ver carrinho"); the fallback box leaves it out. */
  action?: React.ReactNode;
};
type Kind = "message" | "success" | "error";

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  loading ??= import("sonner").then(
    (module) => {
      sonner = module;
      listeners.forEach((listener) => listener());
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function send(module: Sonner, kind: Kind, message: string, options?: ToastOptions): void {
  if (kind === "message") module.toast(message, options);
  else module.toast[kind](message, options);
}

function show(kind: Kind, message: string, options?: ToastOptions): void {
  if (sonner) return send(sonner, kind, message, options);
  loadSonner().then(
    (module) => send(module, kind, message, options),
    () => showFallback(message, options?.description),
  );
}

export const toast = Object.assign((message: string, options?: ToastOptions) => show("message", message, options), {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const loadedSonner = () => sonner;
const notLoadedOnServer = () => null;

/** Mount once in the layout: nothing until the first toast, then sonner's Toaster. */
export function Toaster() {
  const module = useSyncExternalStore(subscribe, loadedSonner, notLoadedOnServer);
  if (!module) return null;
  const SonnerToaster = module.Toaster;
  return (
    <SonnerToaster
      duration={TOAST_DURATION_MS}
      visibleToasts={TOASTS_VISIBLE}
      // Bottom right (full width on a phone): the header's bell and cart stay usable, and Tab
      // scrolls a control clear of them (scroll-padding-bottom in app.css). At the top they
      // covered what Tab scrolls up to, just under the header (decision 007).
      position="bottom-right"
      // sonner labels its region in English by default.
      containerAriaLabel="Avisos"
    />
  );
}

/** The fallback's live region, created on its first use and kept. */
let fallbackRegion: HTMLElement | null = null;

/** A plain box where sonner's would be, for when sonner itself could not be loaded. */
function showFallback(message: string, description?: string): void {
  if (typeof document === "undefined") return;
  if (!fallbackRegion) {
    fallbackRegion = document.createElement("section");
    fallbackRegion.setAttribute("aria-label", "Avisos");
    fallbackRegion.setAttribute("aria-live", "polite");
    fallbackRegion.className = "fixed right-4 bottom-4 left-4 z-[999] flex flex-col gap-2 sm:right-6 sm:bottom-6 sm:left-auto sm:w-[356px]";
    document.body.append(fallbackRegion);
  }
  const region = fallbackRegion;
  const box = document.createElement("div");
  box.setAttribute("role", "status");
  box.className = "rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-900 shadow-lg";
  const title = document.createElement("p");
  title.className = "font-semibold";
  title.textContent = message;
  box.append(title);
  if (description) {
    const detail = document.createElement("p");
    detail.className = "mt-1 text-stone-700";
    detail.textContent = description;
    box.append(detail);
  }
  // Added a task later, so a region created just now is known to screen readers before it speaks.
  setTimeout(() => {
    region.append(box);
    while (region.children.length > TOASTS_VISIBLE) region.firstElementChild?.remove();
    setTimeout(() => box.remove(), TOAST_DURATION_MS);
  });
}
