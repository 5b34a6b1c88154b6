import type { IslandModule } from "#app/lib/app-context.server.ts";
import { ISLAND_DATA_ID, jsonForScript } from "#app/islands/island-data.ts";

/** A module's address as a string literal in the loader's source (no "</script>" can close it). */
const literal = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The island's loader: once the page's first contentful paint is on the screen, it asks for the
 * island's module and every module it imports at once (modulepreloads: no waterfall of imports),
 * then runs the module. Why after the first paint (decision 035): on a phone's slow link the
 * ~100 KB of scripts fetched from <head> shared it with the stylesheet, the HTML and the main
 * picture, and Lighthouse counted them in the time to the largest paint (1.6–1.8× a static copy's).
 * Why the paint entry and not the next frame (decision 039): a frame's paint reaches the screen
 * later than `requestAnimationFrame` + a task; on the home (the age gate over the whole page) the
 * scripts were asked for ~70 ms before the paint was shown, so Lighthouse's model put them all
 * before the first paint (FCP 1.2 s against 0.76 s for the static copy). The `paint` entry is
 * recorded when the paint is shown. Where a browser has no paint entries, or the page loads in a
 * background tab (Chrome records no first paint for a page hidden before it), the next frame and a
 * task, as before (no frame runs until the tab is shown), and again whenever the tab comes into
 * view; should a browser never record the entry, 5 s after `load` the page hydrates all the same.
 * React hydrates a moment later; the page reads the same before and after.
 * With the age gate on the page (`ageGate`), its plain script comes at the same moment (decision
 * 086), unless <head>'s script marked this browser as having accepted it: a returning visitor
 * never loads it.
 */
function loaderSource(island: IslandModule, ageGate: IslandModule | undefined): string {
  const modules = [island.src, ...island.imports];
  // The gate's imports are mostly the island's (React's file, the islands' shared one): asked for once.
  const gateModules = ageGate ? [ageGate.src, ...ageGate.imports].filter((href) => !modules.includes(href)) : [];
  const gate = ageGate
    ? `if(document.documentElement.dataset.ageGate!=="accepted"){preload(${literal(gateModules)});import(${literal(ageGate.src)})}`
    : "";
  return (
    `let asked=false;const preload=(hrefs)=>{for(const href of hrefs){` +
    `const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}};` +
    `const load=()=>{if(asked)return;asked=true;preload(${literal(modules)});import(${literal(island.src)});${gate}};` +
    `const soon=()=>requestAnimationFrame(()=>setTimeout(load,0));` +
    `if(document.visibilityState==="visible"&&PerformanceObserver.supportedEntryTypes?.includes("paint"))new PerformanceObserver((list,observer)=>{` +
    `if(list.getEntriesByName("first-contentful-paint").length===0)return;observer.disconnect();load()})` +
    `.observe({type:"paint",buffered:true});else soon();` +
    `document.addEventListener("visibilitychange",()=>{if(document.visibilityState==="visible")soon()});` +
    `addEventListener("load",()=>setTimeout(load,5000))`
  );
}

/** Rendered on the server in place of React Router's <Scripts/> on an island page: the island's data, then its loader. */
export function IslandScripts({
  island,
  ageGate,
  data,
  nonce,
}: {
  island: IslandModule;
  /** The age gate's script, on a page that shows the gate (app/features/consent/age-gate-island.ts). */
  ageGate?: IslandModule;
  data: unknown;
  nonce: string;
}) {
  return (
    <>
      <script type="application/json" id={ISLAND_DATA_ID} dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
      <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: loaderSource(island, ageGate) }} />
    </>
  );
}
