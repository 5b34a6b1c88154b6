import { buffer, text } from "node:stream/consumers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { csvFileName, csvFormat, streamCsv, type CsvColumn } from "#domain/exports/csv-stream.server.ts";
import { setUpTestDatabase } from "#test/database.ts";

// The admin's CSV files open as columns in a pt-BR spreadsheet, and a typed formula never runs.
const t = setUpTestDatabase();

const columns: CsvColumn[] = [
  { header: "Nome", value: sql`name`, format: csvFormat.text },
  { header: "Quando", value: sql`at`, format: csvFormat.when },
  { header: "Ativo", value: sql`active`, format: csvFormat.yesNo },
];

describe("a CSV export", () => {
  it("starts with a BOM, separates with ; and ends lines with CRLF, dates in São Paulo's time, Sim/Não", async () => {
    const stream = await streamCsv(
      t.db,
      { sql: "select $1::text, $2::timestamptz, $3::boolean", params: ["Conceição; Silva", "2026-11-25T15:30:00Z", true] },
      columns,
    );
    const bytes = await buffer(stream);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8")).toBe('Nome;Quando;Ativo\r\n"Conceição; Silva";25/11/2026, 12:30;Sim\r\n');
  });

  it("prefixes a value that a spreadsheet would run as a formula", async () => {
    const stream = await streamCsv(t.db, { sql: "select $1::text, null::timestamptz, false", params: ['=HYPERLINK("x")'] }, columns);
    expect((await text(stream)).split("\r\n")[1]).toBe(`"'=HYPERLINK(""x"")";;Não`);
  });

  it("streams many rows, and gives its connection back to the pool when done", async () => {
    const stream = await streamCsv(
      t.db,
      { sql: "select 'linha ' || n, null::timestamptz, null::boolean from generate_series(1, 1000) n", params: [] },
      columns,
    );
    const lines = (await text(stream)).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(1001);
    expect(lines[1000]).toBe("linha 1000;;");
    await expect.poll(() => t.db.$client.totalCount - t.db.$client.idleCount).toBe(0);
  });

  it("is named after the export and the shop's day", () => {
    expect(csvFileName("clientes", new Date("2026-11-26T02:00:00Z"))).toBe("clientes-2026-11-25.csv");
  });
});
