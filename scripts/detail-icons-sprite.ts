// The product details' icons as one SVG sprite (decision 035), app/features/catalog/detail-icons.svg:
// drawn from lucide-react's own icon data, written by `node scripts/detail-icons-sprite.ts` and kept
// in step with lucide by detail-icons-sprite.test.ts. The page then draws each icon with a `<use>`
// of the sprite instead of bundling twelve icon modules (~2.5 KB of JavaScript on the product page).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

type IconData = { name: string; node: Array<[string, Record<string, string>]> };

/** lucide's icon module by the catalogue's detail icon names (DetailIcon), and `check` for an unknown one. */
const LUCIDE_ICONS: Record<string, string> = {
  package: "package",
  thermometer: "thermometer",
  shield: "shield-check",
  truck: "truck",
  video: "video",
  calendar: "calendar",
  file: "file-text",
  users: "users",
  clock: "clock",
  book: "book-open",
  download: "download",
  microscope: "microscope",
  check: "check",
};

/** An icon's drawing, as lucide-react's per-icon module exports it. */
async function lucideDrawing(icon: string): Promise<IconData> {
  const module = (await import(`lucide-react/dist/esm/icons/${icon}.mjs`)) as { __iconData: IconData };
  return module.__iconData;
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The sprite: one `<symbol>` per icon, its id the detail icon's name. */
export async function detailIconsSprite(): Promise<string> {
  const drawings = await Promise.all(Object.entries(LUCIDE_ICONS).map(async ([id, icon]) => [id, await lucideDrawing(icon)] as const));
  const symbols = drawings.map(([id, data]) => {
    const shapes = data.node
      .map(
        ([tag, attributes]) =>
          `<${tag}${Object.entries(attributes)
            .filter(([name]) => name !== "key")
            .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
            .join("")}/>`,
      )
      .join("");
    return `<symbol id="${id}" viewBox="0 0 24 24">${shapes}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

export const SPRITE_FILE = fileURLToPath(new URL("../app/features/catalog/detail-icons.svg", import.meta.url));

if (import.meta.url === `file://${process.argv[1]}`) writeFileSync(SPRITE_FILE, await detailIconsSprite());
