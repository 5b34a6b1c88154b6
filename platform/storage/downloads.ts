/**
 * Files customers download after paying (decision 030): DATA_DIR/downloads/<name>, put there by the
 * shop's owner (several instances share DATA_DIR, as with the uploads). Knows no shop concept.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "#platform/config.ts";

/** Lower-case letters, digits, dashes and dots, one name, no folder: nothing that leaves the folder. */
const NAME = /^[a-z0-9][a-z0-9-]*(?:\.[a-z0-9]+)+$/;

export const downloadsFolder = (config: Pick<Config, "dataDir">) => path.join(config.dataDir, "downloads");

/** The file's bytes, or undefined when it is not there (or the name is not a plain file name). */
export async function readDownloadFile(config: Pick<Config, "dataDir">, name: string): Promise<Uint8Array | undefined> {
  if (!NAME.test(name) || name.length > 120) return undefined;
  try {
    return new Uint8Array(await readFile(path.join(downloadsFolder(config), name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
