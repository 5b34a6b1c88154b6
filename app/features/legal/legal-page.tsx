import { useOpenCookiePreferences } from "#app/features/consent/cookie-preferences.tsx";
import { buttonClass } from "#app/ui/button-styles.ts";
import type { LegalSection } from "#app/features/legal/legal-section.ts";

type LegalPageProps = { sections: LegalSection[]; current: string };

/**
 * /privacidade, /termos and /cookies: one page, each address highlighting its own section.
 * No jump to that section: spec §2 wants every route change at the saved position or the top.
 */
export function LegalPage({ sections, current }: LegalPageProps) {
  const openCookiePreferences = useOpenCookiePreferences();

  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-stone-950">Privacidade, termos e cookies</h1>
      <p className="mt-3 text-stone-700">Como tratamos seus dados, as regras de uso da loja e as suas escolhas de cookies.</p>
      {sections.map((section) => {
        const isCurrent = section.id === current;
        return (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-titulo`}
            data-current={isCurrent || undefined}
            className="mt-8 rounded-2xl border border-transparent p-4 data-current:border-emerald-300 data-current:bg-emerald-50/60 sm:p-6"
          >
            <h2 id={`${section.id}-titulo`} className="text-2xl font-bold text-stone-950">
              {section.title}
            </h2>
            {/* Markdown from the repository (content/legal.md), rendered on the server. */}
            <div className="legal-prose" dangerouslySetInnerHTML={{ __html: section.html }} />
            {section.id === "cookies" ? (
              <button type="button" onClick={openCookiePreferences} className={buttonClass("primary", "mt-6")}>
                Revisar escolhas de cookies
              </button>
            ) : null}
          </section>
        );
      })}
    </article>
  );
}
