// Plain helpers to administer the test PostgreSQL server; usable from globalSetup and from tests.
import pg from "pg";

/** Quotes an identifier (database name) for SQL. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The same server URL with another database (keeps user, host or socket dir, and query options). */
export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/** Runs statements on one short-lived connection (CREATE/DROP DATABASE cannot run in a pool transaction). */
export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  ...statements: string[]
): Promise<pg.QueryResult<T>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let result: pg.QueryResult<T> | undefined;
    for (const statement of statements) result = await client.query<T>(statement);
    return result!;
  } finally {
    await client.end();
  }
}

/** Drops every database whose name starts with the prefix, closing whatever still connects to it. */
export async function dropDatabasesWithPrefix(serverUrl: string, prefix: string): Promise<void> {
  const { rows } = await adminQuery<{ datname: string }>(
    serverUrl,
    `select datname from pg_database where starts_with(datname, '${prefix.replaceAll("'", "''")}')`,
  );
  for (const { datname } of rows) {
    await adminQuery(
      serverUrl,
      `alter database ${ident(datname)} with is_template false allow_connections true`,
      `drop database if exists ${ident(datname)} with (force)`,
    );
  }
}
