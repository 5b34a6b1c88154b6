/**
 * The age gate on an island page (decision 086): the server rendered it (root.tsx's layout, outside
 * the element the island hydrates), and this small entry makes it work without React, so a first
 * visit does not load the component that drew it. The island loader asks for it with the island's
 * modules, unless <head>'s script marked this browser as having accepted (island-scripts.tsx).
 */
import { AGE_GATE_ID, runAgeGate } from "#app/features/consent/age-gate-behaviour.ts";
import { RESTRICTED_PATH } from "#app/features/consent/age-gate-paths.ts";
import { acceptAgeAndTerms, hasAcceptedTerms, refuseAgeAndTerms, subscribeToConsent } from "#app/features/consent/consent-storage.ts";

function startGate(dialog: HTMLDialogElement): void {
  const stop = runAgeGate(dialog, {
    accept() {
      leave();
      acceptAgeAndTerms();
    },
    decline() {
      leave();
      // Recorded before leaving, so the server refuses this browser's cart and checkout (decision 064).
      void refuseAgeAndTerms().then(() => window.location.assign(RESTRICTED_PATH));
    },
  });
  // Accepted in another tab: this one's gate goes too, as the React gate does on the router's pages.
  const unsubscribe = subscribeToConsent(() => {
    if (hasAcceptedTerms()) leave();
  });
  function leave() {
    unsubscribe();
    stop();
    dialog.remove();
  }
}

const dialog = document.getElementById(AGE_GATE_ID);
if (dialog instanceof HTMLDialogElement && !hasAcceptedTerms()) startGate(dialog);
