import { preloadModule } from "react-dom";
import { ISLAND_DATA_ID, jsonForScript } from "./island-data";

/**
 * Rendered on the server in place of React Router's <Scripts/> on an island page: the island's
 * data, then its module (fetched early through a modulepreload in <head>).
 */
export function IslandScripts({ src, data, nonce }: { src: string; data: unknown; nonce: string }) {
  preloadModule(src, { as: "script", nonce });
  return (
    <>
      <script type="application/json" id={ISLAND_DATA_ID} dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
      <script type="module" src={src} nonce={nonce} />
    </>
  );
}
