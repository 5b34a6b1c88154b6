import { preloadModule } from "react-dom";
import { ISLAND_DATA_ID, jsonForScript } from "#app/islands/island-data.ts";

/**
 * Rendered on the server in place of React Router's <Scripts/> on an island page: the island's
 * data, then its module. The module and the ones it imports (React's chunk, shared with the router's
 * pages, and the other shared chunks) are fetched early through modulepreloads in <head>.
 */
export function IslandScripts({ src, imports, data, nonce }: { src: string; imports: readonly string[]; data: unknown; nonce: string }) {
  preloadModule(src, { as: "script", nonce });
  for (const imported of imports) preloadModule(imported, { as: "script", nonce });
  return (
    <>
      <script type="application/json" id={ISLAND_DATA_ID} dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
      <script type="module" src={src} nonce={nonce} />
    </>
  );
}
