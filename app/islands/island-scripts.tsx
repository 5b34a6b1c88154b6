import { ISLAND_DATA_ID, jsonForScript } from "#app/islands/island-data.ts";

/**
 * The island's loader: once the page has painted (a frame, then a task), it asks for the island's
 * module and every module it imports at once (modulepreloads: no waterfall of imports), then runs
 * the module. Why after the first paint (decision 035): on a phone's slow link the ~100 KB of
 * scripts fetched from <head> shared it with the stylesheet, the HTML and the main picture, and
 * Lighthouse counted them in the time to the largest paint (1.6–1.8× a static copy's). React
 * hydrates one frame later; the page reads the same before and after.
 */
function loaderSource(src: string, imports: readonly string[]): string {
  const modules = JSON.stringify([src, ...imports]).replace(/</g, "\\u003c");
  return (
    `requestAnimationFrame(()=>setTimeout(()=>{for(const href of ${modules}){` +
    `const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}` +
    `import(${JSON.stringify(src).replace(/</g, "\\u003c")})},0))`
  );
}

/** Rendered on the server in place of React Router's <Scripts/> on an island page: the island's data, then its loader. */
export function IslandScripts({ src, imports, data, nonce }: { src: string; imports: readonly string[]; data: unknown; nonce: string }) {
  return (
    <>
      <script type="application/json" id={ISLAND_DATA_ID} dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
      <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: loaderSource(src, imports) }} />
    </>
  );
}
