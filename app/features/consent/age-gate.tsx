import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { useLocation, useNavigate } from "react-router";
import { acceptAgeAndTerms, hasAcceptedTerms, subscribeToConsent } from "#app/features/consent/consent-storage.ts";

const RESTRICTED_PATH = "/restricao-idade";

// The dialog (Radix Dialog and the terms) is fetched only for a visitor who has not accepted yet:
// returning visitors, and every page but "/", never load it (decision 006).
const loadDialog = () => import("#app/features/consent/age-gate-dialog.tsx");
const AgeGateDialog = lazy(loadDialog);

// A first visit to "/" needs it right after hydration: start fetching it now, while React loads
// and hydrates, so the gate follows the page as closely as when it was in the main bundle.
if (typeof window !== "undefined" && window.location.pathname === "/" && !hasAcceptedTerms()) {
  // A failure is left to the lazy component, which asks again when the gate renders.
  loadDialog().catch(() => {});
}

/** Spec §4: the age and terms gate lives on the home route only. */
export function AgeGate() {
  const { pathname } = useLocation();
  // Mounted per visit of "/": leaving resets "declined", so coming back shows the gate again.
  return pathname === "/" ? <HomeAgeGate /> : null;
}

/** The server cannot see localStorage: it renders "accepted" (no gate) and the browser decides after hydration. */
const acceptedOnServer = () => true;

function HomeAgeGate() {
  const accepted = useSyncExternalStore(subscribeToConsent, hasAcceptedTerms, acceptedOnServer);
  const [declined, setDeclined] = useState(false);
  const navigate = useNavigate();

  function decline() {
    setDeclined(true);
    void navigate(RESTRICTED_PATH);
  }

  if (accepted || declined) return null;
  // Nothing while the dialog's code arrives, as nothing showed before hydration either.
  return (
    <Suspense fallback={null}>
      <AgeGateDialog onAccept={acceptAgeAndTerms} onDecline={decline} />
    </Suspense>
  );
}
