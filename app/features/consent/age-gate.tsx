import { useState, useSyncExternalStore } from "react";
import { useLocation, useNavigate } from "react-router";
import { AgeGateDialog } from "#app/features/consent/age-gate-dialog.tsx";
import { acceptAgeAndTerms, hasAcceptedTerms, refuseAgeAndTerms, subscribeToConsent } from "#app/features/consent/consent-storage.ts";
import { RESTRICTED_PATH, showsAgeGate } from "#app/features/consent/age-gate-paths.ts";

/**
 * The age and terms gate (spec §4) on the first storefront page a visitor opens, whatever it is,
 * until accepted (decision 063 widens the spec's "home only": this shop sells to adults only, and
 * a shared product link must ask too). Not on the pages a person must read without accepting
 * (the refusal page, the legal texts, unsubscribing) nor on the owner's panels.
 *
 * Rendered by root.tsx's layout, beside the page rather than in the shell (decision 086): an island
 * page hydrates only the shell and its page, so its gate stays the server's HTML, run by
 * ./age-gate-island.ts; on React Router's pages this component runs it.
 */
export function AgeGate() {
  const { pathname } = useLocation();
  // Keyed by the path: a refusal's "declined" ends when the visitor moves to another page, which asks again.
  return showsAgeGate(pathname) ? <PageAgeGate key={pathname} /> : null;
}

/**
 * The server cannot see localStorage: it renders the gate, so that a first visitor sees it with
 * the page's first paint (decision 035: it is the home's largest text, Lighthouse's LCP), and a
 * script in <head> hides it before that paint for a visitor who accepted (root.tsx,
 * HIDE_ACCEPTED_GATE). Hydration starts from the same "not accepted"; the browser's own answer
 * then removes it for them.
 */
const acceptedOnServer = () => false;

function PageAgeGate() {
  const accepted = useSyncExternalStore(subscribeToConsent, hasAcceptedTerms, acceptedOnServer);
  const [declined, setDeclined] = useState(false);
  const navigate = useNavigate();

  async function decline() {
    setDeclined(true);
    // Recorded before leaving, so the server refuses this browser's cart and checkout (decision 064).
    await refuseAgeAndTerms();
    void navigate(RESTRICTED_PATH);
  }

  if (accepted || declined) return null;
  return <AgeGateDialog accept={acceptAgeAndTerms} decline={() => void decline()} />;
}
