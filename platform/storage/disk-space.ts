import fs from "node:fs/promises";
import path from "node:path";

export type DiskReading = { freeBytes: number; totalBytes: number };

/**
 * Free and total space of the file system holding `dir` (free as an unprivileged user may use it).
 * A folder not made yet is on its nearest existing parent's file system; null when none can be read.
 */
export async function readDiskSpace(dir: string): Promise<DiskReading | null> {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    try {
      const stats = await fs.statfs(current);
      return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
    } catch {
      if (path.dirname(current) === current) return null;
    }
  }
}
