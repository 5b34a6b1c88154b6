import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { toast } from "#app/ui/toast.tsx";
import { safeStorage, STORAGE_KEYS } from "#app/lib/storage-keys.ts";
import { NetworkError } from "#app/lib/fetch-json.ts";
import { ANONYMOUS, type AuthEvent, type AuthState } from "#domain/auth/auth-types.ts";
import { joinConsentOnce } from "#app/features/consent/join-consent.ts";

/** Spec §4: after signing out, the browser goes home 100 ms later. */
export const LOGOUT_REDIRECT_MS = 100;
const LOGOUT_FADE_MS = 150;
/** How long a `suppressAuthToasts` flag keeps auth toasts quiet. */
export const SUPPRESS_AUTH_TOASTS_MS = 5000;
export const LOGOUT_ERROR_TITLE = "Erro ao sair";
export const LOGOUT_ERROR_FALLBACK = "Não foi possível fazer logout. Tente novamente.";
/** Other tabs of the shop hear about sign-in and sign-out here. */
const CHANNEL = "auth";
/** Other features (the cart) listen to this window event to refresh what depends on the user. */
export const AUTH_CHANGE_EVENT = "shop:auth-change";

/**
 * The API's auth calls, loaded on their first use (decision 038): a visitor's page makes none
 * until another tab signs in or this one is restored from the back-forward cache. Not loaded
 * (offline) is a call that got no answer. The server renders with the loader's session and never
 * calls them; there the import is left out, as in its bundle (which holds auth-client.ts for the
 * auth pages) it would split build/server/index.js into a chunk under build/server/assets.
 */
const loadAuthClient = () =>
  import.meta.env.SSR
    ? Promise.reject(new NetworkError())
    : import("#app/features/auth/auth-client.ts").then(
        (module) => module.authClient,
        () => {
          throw new NetworkError();
        },
      );

type AuthContextValue = AuthState & {
  /** Re-reads the session after a change made elsewhere (a form), then re-checks admin status. */
  notify(event: AuthEvent): Promise<void>;
  signOut(): Promise<void>;
};

const AuthContext = createContext<AuthContextValue>({
  ...ANONYMOUS,
  notify: async () => {},
  signOut: async () => {},
});

export const useAuth = () => useContext(AuthContext);

export function authToastsSuppressed(now = Date.now()): boolean {
  try {
    const flag = JSON.parse(safeStorage.get(STORAGE_KEYS.suppressAuthToasts) ?? "null") as { reason?: string; ts?: number } | null;
    return !!flag?.reason && typeof flag.ts === "number" && now - flag.ts >= 0 && now - flag.ts < SUPPRESS_AUTH_TOASTS_MS;
  } catch {
    return false;
  }
}

function announce(event: AuthEvent) {
  if (authToastsSuppressed()) return;
  if (event === "SIGNED_IN") toast.success("Você entrou na sua conta.");
  if (event === "SIGNED_OUT") toast("Sua sessão foi encerrada.");
}

function fadePage(): Animation | undefined {
  const main = typeof document === "undefined" ? null : document.getElementById("conteudo");
  if (!main || typeof main.animate !== "function") return undefined;
  return main.animate([{ opacity: 1 }, { opacity: 0.3 }], { duration: LOGOUT_FADE_MS, fill: "forwards", easing: "ease-out" });
}

/**
 * The session as the browser sees it (spec §4, §6). It starts from what the server rendered, is
 * read again at start (which renews the session when due, without an admin check), and follows
 * every change: this tab's forms call notify(), other tabs hear it on a BroadcastChannel.
 */
export function AuthProvider({ initial, children }: { initial: AuthState; children: React.ReactNode }) {
  const [state, setState] = useState<AuthState>(initial);
  // A new server answer (a revalidated root loader) replaces what the browser held.
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setState(initial);
  }
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidateRef.current = revalidator.revalidate;
  }, [revalidator.revalidate]);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);
  const channelRef = useRef<BroadcastChannel | null>(null);

  const apply = useCallback(async (event: AuthEvent, options: { broadcast: boolean }) => {
    let user = null;
    try {
      user = event === "SIGNED_OUT" ? null : await (await loadAuthClient()).getSession();
    } catch {
      user = event === "SIGNED_OUT" ? null : stateRef.current.user;
    }
    // Admin status is the server's answer, asked again on every event but a token refresh; a
    // failure is "no" (spec §6, §8).
    let isAdmin = false;
    if (event === "TOKEN_REFRESHED") isAdmin = stateRef.current.isAdmin;
    else if (user)
      isAdmin = await loadAuthClient().then(
        (client) => client.isAdmin(user.email),
        () => false,
      );
    setState({ user, isAdmin });
    window.dispatchEvent(new CustomEvent(AUTH_CHANGE_EVENT, { detail: { event } }));
    if (options.broadcast) channelRef.current?.postMessage({ event });
  }, []);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(CHANNEL);
    channelRef.current = channel;
    channel.onmessage = (message: MessageEvent<{ event?: AuthEvent }>) => {
      const event = message.data?.event;
      if (!event) return;
      announce(event);
      // The page itself may depend on the session (/cliente): load it again, guards included.
      void apply(event, { broadcast: false }).then(() => revalidateRef.current());
    };
    return () => {
      channel.close();
      channelRef.current = null;
    };
  }, [apply]);

  // Spec §4: the session is read at start. The server read it to render the page; a signed-in
  // browser reads it again, which renews the session when due (a token refresh: admin status is not
  // asked again). A session that changed meanwhile (ended elsewhere, or a page restored from the
  // back-forward cache) counts as a change.
  useEffect(() => {
    let cancelled = false;
    const read = () =>
      loadAuthClient()
        .then((client) => client.getSession())
        .then(
          (user) => {
            if (cancelled) return;
            const before = stateRef.current.user;
            if (before?.id === user?.id && before?.email === user?.email) return;
            const event: AuthEvent = !user ? "SIGNED_OUT" : before ? "USER_UPDATED" : "SIGNED_IN";
            if (event === "SIGNED_OUT") announce(event);
            void apply(event, { broadcast: false });
          },
          () => {},
        );
    // A visitor's page was rendered without a session cookie: there is nothing to renew.
    if (stateRef.current.user) void read();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void read();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => {
      cancelled = true;
      window.removeEventListener("pageshow", onPageShow);
    };
  }, [apply]);

  // The 18+ gate was answered before the account existed: on the account's first signed-in page in
  // this browser (after the e-mailed confirmation or sign-in link too), its events join the account.
  const userId = state.user?.id;
  useEffect(() => {
    if (userId) joinConsentOnce(userId);
  }, [userId]);

  const notify = useCallback(
    async (event: AuthEvent) => {
      announce(event);
      await apply(event, { broadcast: true });
    },
    [apply],
  );

  const signOut = useCallback(async () => {
    // Spec §4: flag that auth toasts are suppressed, clear the local user and admin state, fade
    // the page, sign out, and go home 100 ms later.
    safeStorage.set(STORAGE_KEYS.suppressAuthToasts, JSON.stringify({ reason: "logout", ts: Date.now() }));
    const previous = stateRef.current;
    setState(ANONYMOUS);
    const fade = fadePage();
    try {
      await (await loadAuthClient()).signOut();
    } catch (error) {
      // Still signed in: show the truth again, and say why (spec §8).
      fade?.cancel();
      setState(previous);
      // No answer at all (NetworkError): the spec's default description.
      const message = error instanceof Error && !(error instanceof NetworkError) ? error.message : "";
      toast.error(LOGOUT_ERROR_TITLE, { description: message || LOGOUT_ERROR_FALLBACK });
      return;
    }
    // What was typed in the checkout (an address, a phone) does not outlive the session on a shared phone (decision 063).
    safeStorage.remove(STORAGE_KEYS.checkoutDraft);
    window.dispatchEvent(new CustomEvent(AUTH_CHANGE_EVENT, { detail: { event: "SIGNED_OUT" } }));
    channelRef.current?.postMessage({ event: "SIGNED_OUT" });
    await new Promise((resolve) => setTimeout(resolve, LOGOUT_REDIRECT_MS));
    await navigate("/");
    fade?.cancel();
  }, [navigate]);

  const value = useMemo(() => ({ ...state, notify, signOut }), [state, notify, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
