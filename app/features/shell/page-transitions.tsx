import type { RefObject } from "react";
import { PageSkeleton } from "#app/features/shell/page-skeleton.tsx";
import { useFocusOnNavigation } from "#app/features/shell/use-focus-on-navigation.ts";
import { usePageFade } from "#app/features/shell/use-page-fade.ts";

export type PageTransitionsProps = {
  pageRef: RefObject<HTMLDivElement | null>;
  mainRef: RefObject<HTMLElement | null>;
  loadingOtherPage: boolean;
};

/**
 * A move between the router's pages (spec §2): the skeleton while the next page loads, then the
 * fade and the focus on the new page. Only React Router's root hands it to the shell: an island
 * page never moves (its links load documents), so it does not load this code (decision 038).
 */
export function PageTransitions({ pageRef, mainRef, loadingOtherPage }: PageTransitionsProps) {
  usePageFade(pageRef);
  useFocusOnNavigation(mainRef);
  return loadingOtherPage ? <PageSkeleton /> : null;
}
