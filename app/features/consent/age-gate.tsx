import { useState, useSyncExternalStore } from "react";
import { useLocation, useNavigate } from "react-router";
import { AgeGateDialog } from "#app/features/consent/age-gate-dialog.tsx";
import { acceptAgeAndTerms, hasAcceptedTerms, subscribeToConsent } from "#app/features/consent/consent-storage.ts";

const RESTRICTED_PATH = "/restricao-idade";

/** Spec §4: the age and terms gate lives on the home route only. */
export function AgeGate() {
  const { pathname } = useLocation();
  // Mounted per visit of "/": leaving resets "declined", so coming back shows the gate again.
  return pathname === "/" ? <HomeAgeGate /> : null;
}

/**
 * The server cannot see localStorage: it renders the gate, so that a first visitor sees it with
 * the page's first paint (decision 035: it is the home's largest text, Lighthouse's LCP), and a
 * script in <head> hides it before that paint for a visitor who accepted (root.tsx,
 * HIDE_ACCEPTED_GATE). Hydration starts from the same "not accepted"; the browser's own answer
 * then removes it for them.
 */
const acceptedOnServer = () => false;

function HomeAgeGate() {
  const accepted = useSyncExternalStore(subscribeToConsent, hasAcceptedTerms, acceptedOnServer);
  const [declined, setDeclined] = useState(false);
  const navigate = useNavigate();

  function decline() {
    setDeclined(true);
    void navigate(RESTRICTED_PATH);
  }

  if (accepted || declined) return null;
  return <AgeGateDialog onAccept={acceptAgeAndTerms} onDecline={decline} />;
}
