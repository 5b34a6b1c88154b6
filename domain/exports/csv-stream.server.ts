/**
 * The admin's CSV files (issue 17 item 2, issue 18 item 8), for a spreadsheet in Brazilian
 * Portuguese: `;` between fields and a UTF-8 BOM (Excel pt-BR opens it as columns, with accents),
 * CRLF line ends. A value starting with = + - @ or a tab (a name typed as "=HYPERLINK(…)") is
 * prefixed with ' so no spreadsheet runs it (csv-stringify's escape_formulas).
 *
 * Streamed: the rows come from a PostgreSQL cursor (pg-query-stream) a batch at a time and leave as
 * CSV as they come, so an export of every row never sits in memory.
 */
import { pipeline, type Readable, Transform } from "node:stream";
import { stringify } from "csv-stringify";
import QueryStream from "pg-query-stream";
import type { SQL } from "drizzle-orm";
import type { Database } from "#platform/db/client.ts";

/** One column of a CSV: its pt-BR header, what is read, how it is written. */
export type CsvColumn = { header: string; value: SQL; format: (value: unknown) => string };

const dateTime = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" });
/** Formats shared by the exports: dates in the shop's time zone, texts as they are. */
export const csvFormat = {
  when: (value: unknown) => (value instanceof Date ? dateTime.format(value) : ""),
  text: (value: unknown) => (typeof value === "string" ? value : ""),
  yesNo: (value: unknown) => (value === true ? "Sim" : value === false ? "Não" : ""),
};

/** "clientes-2026-11-25.csv": the export's name and the shop's date. */
export function csvFileName(name: string, now = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(now);
  return `${name}-${day}.csv`;
}

/**
 * The CSV of the query `{ sql, params }` whose result columns are `columns` in order (array rows).
 * The pooled connection is held for the stream's life and given back when it ends, fails or the
 * download is abandoned.
 */
export async function streamCsv(db: Database, query: { sql: string; params: unknown[] }, columns: CsvColumn[]): Promise<Readable> {
  const client = await db.$client.connect();
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    // A connection that failed mid-stream is dropped rather than handed to the next request.
    client.release(error);
  };
  const rows = client.query(new QueryStream(query.sql, query.params, { batchSize: 200, rowMode: "array" }));
  const toRecord = new Transform({
    objectMode: true,
    transform(row: unknown[], _encoding, done) {
      done(
        null,
        columns.map((column, index) => column.format(row[index])),
      );
    },
  });
  const csv = stringify({
    delimiter: ";",
    bom: true,
    header: true,
    columns: columns.map((column) => column.header),
    escape_formulas: true,
    record_delimiter: "windows",
  });
  return pipeline(rows, toRecord, csv, (error) => release(error ?? undefined));
}

/** The columns as a select list (c0, c1, …), in their order. */
export function selection(columns: CsvColumn[]): Record<string, SQL> {
  return Object.fromEntries(columns.map((column, index) => [`c${index}`, column.value]));
}
