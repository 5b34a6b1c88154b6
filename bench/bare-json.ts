// Reference server for `npm run bench`: bare Node http answering a fixed 1 KB JSON document.
import http from "node:http";

const body = Buffer.from(JSON.stringify({ ok: true, padding: "x".repeat(1024 - 29) }));
const server = http.createServer((_request, response) => {
  response.writeHead(200, { "content-type": "application/json", "content-length": body.length });
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 }));
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
