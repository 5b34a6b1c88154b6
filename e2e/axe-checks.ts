// axe-core checks shared by the accessibility suite and the journeys that must run on their own
// (decision 007): every screen passes WCAG 2.0/2.1/2.2 A and AA and axe's best practices.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, openPage, settle } from "./fixtures.ts";

/**
 * WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices (heading order, one main
 * landmark, content inside landmarks…): every screen passes them all, so a regression shows (decision 007).
 */
export const RULE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Runs axe on the page as it is now and fails with one readable line per violation and element:
 * rule, impact, CSS target and axe's help text (its page on dequeuniversity.com explains the fix).
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Transitions (the page fade, a dialog's zoom-in) would have axe read colours half-way through;
  // endless ones (a skeleton's pulse) never finish and are not waited for.
  // A state that settles a microtask after the last check (a button re-enabled once a list refreshed)
  // starts its transition then, so the page must stay still for a few frames in a row.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let stillFrames = 0;
        const look = () => {
          const moving = document
            .getAnimations()
            .some((animation) => animation.playState === "running" && animation.effect?.getComputedTiming().endTime !== Infinity);
          stillFrames = moving ? 0 : stillFrames + 1;
          if (stillFrames >= 3) resolve();
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(RULE_TAGS).analyze();
  const problems = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? "?"}) em ${node.target.join(" ")}: ${violation.help}` +
        (node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, " ")}` : "") +
        ` [${violation.helpUrl}]`,
    ),
  );
  expect(problems, `${screen}: violações de acessibilidade (axe, ${RULE_TAGS.join(", ")})`).toEqual([]);
}

/** Opens `path` as a first visit, waits for hydration and for the browser-only state to settle, and checks it. */
export async function checkScreen(page: Page, path: string, screen = path): Promise<void> {
  await openPage(page, path);
  await settle(page);
  await expectAccessible(page, screen);
}
