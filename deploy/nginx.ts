// Debian's nginx as the load balancer of the deploy test (decision 053): its own configuration,
// logs and temporary files in a folder of its own, on loopback, as any user.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

export type Upstream = { port: number; down: boolean };

export type Nginx = {
  port: number;
  url(pathname: string): string;
  /** Rewrites the upstream list and reloads (SIGHUP): new connections follow it, open ones finish. */
  reload(upstreams: Upstream[]): Promise<void>;
  /** The error log so far (why a request failed, when one does). */
  errors(): string;
  stop(): Promise<void>;
};

/** A port the system says is free now (closed again at once, so the caller can listen on it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The balancer the README's "Deploying" section shows, for loopback. Open-source nginx has no
 * active health check: the deploy test polls each instance's /readyz and reloads nginx with the
 * instance marked `down`, the way a small health-check script or consul-template does in production.
 * One difference: it passes the client's X-Forwarded-For on as is, so the test's shoppers keep the
 * addresses they stand for (a real balancer sets `$remote_addr`).
 */
function configuration(dir: string, port: number, upstreams: Upstream[]): string {
  const servers = upstreams.map((u) => `    server 127.0.0.1:${u.port}${u.down ? " down" : ""};`).join("\n");
  const asRoot = process.getuid?.() === 0 ? "user root root;\n" : "";
  return `${asRoot}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
# A reload's old worker keeps open event streams at most this long, then they reconnect.
worker_shutdown_timeout 5s;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  upstream shop {
${servers}
  }
  # A reload closes the old workers' idle keep-alive connections; a browser sends a request again
  # when its reused connection closes before any answer, but the test's client (undici) does not
  # for a POST. One connection per request keeps that race, which is the client's, out of the count.
  keepalive_timeout 0;
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 12m;
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $http_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A refused connection (an instance stopped listening) tries the next instance, even for a POST:
      # nothing was sent to the first one.
      proxy_next_upstream error timeout;
      proxy_read_timeout 1h;
      proxy_buffering off;
    }
  }
}
`;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export async function startNginx(upstreams: Upstream[]): Promise<Nginx> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "loja-nginx-"));
  for (const name of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, "tmp", name), { recursive: true });
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(conf, configuration(dir, port, upstreams));
  const output: string[] = [];
  // -e: the error log from the first line on (the default /var/log/nginx needs root).
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log"), "-g", "daemon off;"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (const deadline = Date.now() + 10_000; !(await listening(port));) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start:\n${output.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    url: (pathname) => `http://127.0.0.1:${port}${pathname}`,
    async reload(next) {
      writeFileSync(conf, configuration(dir, port, next));
      child.kill("SIGHUP");
      // The master starts new workers within milliseconds; give it a moment before relying on it.
      await new Promise((resolve) => setTimeout(resolve, 300));
    },
    errors: () => readFileSync(path.join(dir, "error.log"), "utf8"),
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
