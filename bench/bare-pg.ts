// Reference server for `npm run bench`: bare Node http + `pg` doing one primary-key select per request.
import http from "node:http";
import pg from "pg";

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("BENCH_DATABASE_URL is not set");
// The shop's pool size (server/db/client.ts), so both sides may hold the same number of connections.
const pool = new pg.Pool({ connectionString: url, max: 10 });
const ID = "550e8400-e29b-41d4-a716-446655440002";

const server = http.createServer((_request, response) => {
  pool.query({ name: "product-by-id", text: "select id, name from products where id = $1", values: [ID] }).then(
    (result) => {
      const body = JSON.stringify(result.rows[0] ?? null);
      response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      response.end(body);
    },
    () => {
      response.writeHead(500);
      response.end();
    },
  );
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 }));
});
process.on("SIGTERM", () => server.close(() => void pool.end().then(() => process.exit(0))));
