import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DiskStorage, isValidStorageKey } from "#platform/storage/file-storage.ts";

let root: string;
let storage: DiskStorage;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "loja-arquivos-"));
  storage = new DiskStorage(path.join(root, "uploads"));
  // A secret beside the storage's folder, as DATA_DIR/auth-secret sits beside DATA_DIR/uploads.
  await writeFile(path.join(root, "auth-secret.png"), "segredo");
});
afterAll(async () => rm(root, { recursive: true, force: true }));

describe("the disk file storage", () => {
  it("keeps a file under its key with its type, and forgets it on delete (twice is fine)", async () => {
    await storage.put("products/abc-800.webp", new Uint8Array([1, 2, 3]), "image/webp");
    expect(await storage.get("products/abc-800.webp")).toEqual({ body: Buffer.from([1, 2, 3]), contentType: "image/webp" });
    // Written aside and renamed: nothing half-written is left next to it.
    expect(await readdir(path.join(root, "uploads", "products"))).toEqual(["abc-800.webp"]);
    await storage.delete("products/abc-800.webp");
    await storage.delete("products/abc-800.webp");
    expect(await storage.get("products/abc-800.webp")).toBeUndefined();
  });

  it("never reads outside its folder, nor a name it would not write", async () => {
    for (const key of [
      "../auth-secret.png",
      "products/../../auth-secret.png",
      "/etc/passwd",
      "products/",
      ".hidden.png",
      "Products/A.png",
    ]) {
      expect(isValidStorageKey(key), key).toBe(false);
      expect(await storage.get(key), key).toBeUndefined();
    }
    await expect(storage.put("../fora.png", new Uint8Array([1]), "image/png")).rejects.toThrow();
    // A name without a type the shop serves is not served either.
    await storage.put("products/nota.txt", new Uint8Array([1]), "text/plain");
    expect(await storage.get("products/nota.txt")).toBeUndefined();
  });
});
