import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ISLANDS_MANIFEST, readIslandModules } from "#server/http/islands.ts";

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function clientBuild(manifest?: unknown): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "shop-islands-"));
  folders.push(folder);
  if (manifest !== undefined) {
    await mkdir(path.join(folder, path.dirname(ISLANDS_MANIFEST)), { recursive: true });
    await writeFile(path.join(folder, ISLANDS_MANIFEST), JSON.stringify(manifest));
  }
  return folder;
}

describe("the island pages' modules of a client build", () => {
  it("are the manifest's entries by name, as URLs with the modules they import; the chunks they load on demand are not entries", async () => {
    const folder = await clientBuild({
      "app/islands/product-island.tsx": {
        file: "assets/product-CspXxLs8.js",
        name: "product",
        src: "app/islands/product-island.tsx",
        isEntry: true,
        imports: ["assets/react-CMs5V4Sg.js", "assets/useQuery-CidsK8rX.js"],
      },
      "app/features/consent/age-gate-dialog.tsx": {
        file: "assets/age-gate-dialog-XvAbxtgy.js",
        name: "age-gate-dialog",
        isDynamicEntry: true,
      },
      "_modal-DNyJCeiY.js": { file: "assets/modal-DNyJCeiY.js", name: "modal" },
    });
    expect(readIslandModules(folder)).toEqual({
      product: { src: "/assets/product-CspXxLs8.js", imports: ["/assets/react-CMs5V4Sg.js", "/assets/useQuery-CidsK8rX.js"] },
    });
  });

  it("import nothing when the manifest names no imports", async () => {
    const folder = await clientBuild({
      "app/islands/product-island.tsx": {
        file: "assets/product-CspXxLs8.js",
        name: "product",
        src: "app/islands/product-island.tsx",
        isEntry: true,
      },
    });
    expect(readIslandModules(folder)).toEqual({ product: { src: "/assets/product-CspXxLs8.js", imports: [] } });
  });

  it("are none without an island build (the tests, a build from before islands), so every page runs React Router", async () => {
    expect(readIslandModules(await clientBuild())).toEqual({});
    expect(readIslandModules(undefined)).toEqual({});
  });
});
