import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMERS_CSV_HEADERS, PRODUCTS_CSV_HEADERS } from "#domain/maintenance/catalog-csv.server.ts";
import { startDump } from "#platform/db/backup.ts";
import { PgToolMissingError } from "#platform/db/pg-tools.ts";
import { products } from "#platform/db/schema.ts";
import { auditEntries } from "#test/audit.ts";
import { Browser, createAuthTestContext, uniqueEmail, type AuthTestContext } from "#test/auth-helpers.ts";
import { checkOut, giveCart } from "#test/builders.ts";
import { ensurePgClient } from "#test/pg-client.ts";

/*
 * Issue 18 items 7 and 8 through the API: the admin downloads a backup of the whole database
 * (pg_dump's custom format, dated file name, audited) and the customers and products as CSV for
 * Excel pt-BR; visitors and customers get 401 and 403 (decision 026).
 */

let ctx: AuthTestContext;
let admin: Browser;
let customer: Browser;
const ADMIN_EMAIL = uniqueEmail("admin-backup-api");
const CUSTOMER_EMAIL = uniqueEmail("cliente-csv");

beforeAll(async () => {
  ensurePgClient();
  ctx = await createAuthTestContext();
  await ctx.makeAdmin(ADMIN_EMAIL);
  admin = await ctx.customer(ADMIN_EMAIL, new Browser("203.0.113.244"));
  customer = await ctx.customer(CUSTOMER_EMAIL, new Browser("203.0.113.245"));
  await giveCart(ctx.t.db, await ctx.userId(CUSTOMER_EMAIL), 4);
  await checkOut(ctx, customer);
}, 120_000);
afterAll(async () => ctx?.close());

const PATHS = ["/api/admin/backup", "/api/admin/customers.csv", "/api/admin/products.csv"];

it("answers 401 to a visitor and 403 to a customer", async () => {
  for (const pathname of PATHS) {
    expect((await ctx.request(pathname)).status, pathname).toBe(401);
    expect((await ctx.request(pathname, { browser: customer })).status, pathname).toBe(403);
  }
});

describe("the backup download", () => {
  it("is a pg_dump custom-format file named with the date, and the download is audited", async () => {
    const response = await ctx.request("/api/admin/backup", { browser: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    const disposition = response.headers.get("content-disposition") ?? "";
    const fileName = /filename="(loja-backup-(\d{4}-\d{2}-\d{2})-\d{4}\.dump)"/.exec(disposition);
    expect(fileName, disposition).not.toBeNull();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
    expect(fileName![2]).toBe(today);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 5).toString("latin1")).toBe("PGDMP");

    const [entry] = await auditEntries(ctx, admin, "database", fileName![1]!);
    expect(entry).toMatchObject({ action: "backup.download", actorEmail: ADMIN_EMAIL });
  });

  it("without a pg_dump of the server's version, says exactly what is missing", async () => {
    const empty = await fs.mkdtemp(path.join(os.tmpdir(), "sem-pg-dump-"));
    try {
      const error = await startDump(ctx.t.url, { binDir: empty }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PgToolMissingError);
      expect((error as Error).message).toMatch(/O pg_dump do PostgreSQL 1\d não foi encontrado/);
      expect((error as Error).message).toContain(empty);
      expect((error as Error).message).toContain("npm run pg-client");
    } finally {
      await fs.rm(empty, { recursive: true, force: true });
    }
  });
});

describe("the CSV exports", () => {
  async function csv(pathname: string): Promise<{ fileName: string; rows: string[][] }> {
    const response = await ctx.request(pathname, { browser: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const fileName = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "";
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)], "BOM for Excel").toEqual([0xef, 0xbb, 0xbf]);
    return { fileName, rows: parse(bytes.subarray(3).toString("utf8"), { delimiter: ";" }) as string[][] };
  }

  it("customers: pt-BR headers, every account with what it bought, audited (personal data)", async () => {
    const { fileName, rows } = await csv("/api/admin/customers.csv");
    expect(fileName).toMatch(/^clientes-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows[0]).toEqual(CUSTOMERS_CSV_HEADERS);
    const row = rows.find((cells) => cells[1] === CUSTOMER_EMAIL);
    expect(row).toBeDefined();
    const cell = (header: string) => row![CUSTOMERS_CSV_HEADERS.indexOf(header)];
    expect(cell("Nome")).toBe("Maria Teste");
    expect(cell("Administrador")).toBe("Não");
    expect(cell("E-mail confirmado")).toBe("Sim");
    expect(cell("Pedidos")).toBe("1");
    // Not paid yet: nothing bought.
    expect(cell("Pedidos pagos")).toBe("0");
    expect(cell("Total comprado (R$)")).toBe("0,00");
    expect(rows.find((cells) => cells[1] === ADMIN_EMAIL)?.[CUSTOMERS_CSV_HEADERS.indexOf("Administrador")]).toBe("Sim");
    expect((await auditEntries(ctx, admin, "export", fileName))[0]).toMatchObject({ action: "export.customers", actorEmail: ADMIN_EMAIL });
  });

  it("products: pt-BR headers, the whole catalogue with prices in reais", async () => {
    const { fileName, rows } = await csv("/api/admin/products.csv");
    expect(fileName).toMatch(/^produtos-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows[0]).toEqual(PRODUCTS_CSV_HEADERS);
    const catalogue = await ctx.t.db.select().from(products);
    expect(rows).toHaveLength(catalogue.length + 1);
    const kit = catalogue.find((product) => product.numericId === 4)!;
    const row = rows.find((cells) => cells[0] === "4")!;
    expect(row[1]).toBe(kit.name);
    expect(row[PRODUCTS_CSV_HEADERS.indexOf("Preço (R$)")]).toBe((kit.priceCents! / 100).toFixed(2).replace(".", ","));
  });
});
