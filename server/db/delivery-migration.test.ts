import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ACCESS_INSTRUCTIONS, DOWNLOAD_FILES } from "#domain/catalog/catalog-seed.ts";

describe("migration 0019", () => {
  it("gives shops seeded before it the catalogue's own texts and file", () => {
    const sql = readFileSync(new URL("../../platform/db/migrations/0019_reviews_digital_delivery.sql", import.meta.url), "utf8");
    for (const text of Object.values(ACCESS_INSTRUCTIONS)) expect(sql).toContain(`'${text}'`);
    for (const file of Object.values(DOWNLOAD_FILES)) expect(sql).toContain(`'${file}'`);
  });
});
