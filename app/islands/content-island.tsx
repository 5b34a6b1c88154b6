/**
 * The browser entry of the storefront's text pages loaded as documents (decision 035): the content
 * pages (/cursos, /guia-cultivo, /referencias, the kit prototype), the legal page (/privacidade,
 * /termos, /cookies), /restricao-idade and /busca. As the home and the product page, React hydrates
 * the server's HTML without React Router's runtime, so a first visit loads ≤ 100 KB of JavaScript.
 * One entry for all of them: their own views are small, and one file is one request.
 */
import "#app/lib/zod-browser.ts";
import { AgeRestrictionPage } from "#app/features/content/age-restriction-page.tsx";
import { ContentPage } from "#app/features/content/content-page.tsx";
import { CoursesPage } from "#app/features/content/courses-page.tsx";
import { LegalPage } from "#app/features/legal/legal-page.tsx";
import { SearchPage } from "#app/features/search/search-page.tsx";
import type { ContentIslandPage } from "#app/islands/island-data.ts";
import { hydrateIsland } from "#app/islands/hydrate-island.tsx";

hydrateIsland<ContentIslandPage>((data) => {
  switch (data.view) {
    case "content":
      return <ContentPage page={data.page} />;
    case "courses":
      return <CoursesPage page={data.page} products={data.products} />;
    case "legal":
      return <LegalPage sections={data.sections} current={data.current} />;
    case "age-restriction":
      return <AgeRestrictionPage />;
    case "search":
      return <SearchPage query={data.query} category={data.category} products={data.products} problem={data.problem} />;
  }
});
