// A local Web Push service (RFC 8030) over HTTPS with a certificate made in the test: it checks each
// message as FCM, Mozilla's and Apple's services do (VAPID JWT of RFC 8292 signed by the `k` key,
// `aud` = this origin, `exp` within 24 h, a `TTL`, `Content-Encoding: aes128gcm`, a body of at most
// 4096 bytes) and decrypts the body (RFC 8291 over RFC 8188) with the device's keys, written here
// from the RFCs and not with the sender's library, so a test reads what the phone would show.
// Each device it hands out is a browser's subscription: `toJSON()` is what `PushSubscription` gives.
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, randomUUID, verify, type ECDH } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { makeTestPki } from "#test/fakes/test-certificates.ts";

export type FakePushDevice = {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  toJSON(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
};

export type ReceivedPush = {
  device: string;
  /** The decrypted text, as the service worker's `event.data.text()` reads it. */
  text: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The JWT's `sub`: who the service may contact. */
  subject: string;
};

export type FakePushService = {
  origin: string;
  /** A PEM file of the fake's certificate authority (PUSH_CA_FILE for the shop). */
  caFile: string;
  /** A new browser subscription at this service. */
  subscribe(): FakePushDevice;
  /** Messages delivered (answered 201), in order. */
  received: ReceivedPush[];
  /** Every request per device, delivered or not (retries show here). */
  attempts: Map<string, number>;
  /** Why requests were refused by the checks (400/401/413), to assert none were. */
  refusals: string[];
  /** The next answers for a device ([429, 201]; [410]); a device without queued answers gets 201. */
  answer(deviceId: string, statuses: number[]): void;
  /** The device is gone for good: every request gets 410 from now on. */
  expire(deviceId: string): void;
  close(): Promise<void>;
};

const b64u = (bytes: Buffer) => bytes.toString("base64url");

export async function startFakePushService(): Promise<FakePushService> {
  const pki = await makeTestPki("Serviço de Push de Teste");
  const folder = mkdtempSync(path.join(tmpdir(), "push-fake-"));
  const caFile = path.join(folder, "ca.pem");
  writeFileSync(caFile, pki.ca.cert);
  const devices = new Map<string, { ecdh: ECDH; auth: Buffer; expired: boolean; answers: number[] }>();
  const received: ReceivedPush[] = [];
  const attempts = new Map<string, number>();
  const refusals: string[] = [];
  let origin = "";

  const server = https.createServer({ cert: pki.server.cert, key: pki.server.key }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const refuse = (status: number, why: string) => {
        refusals.push(`${status} ${why}`);
        response.writeHead(status, { "content-type": "text/plain" }).end(why);
      };
      const match = /^\/push\/([0-9a-f-]{36})$/.exec(request.url ?? "");
      const device = match ? devices.get(match[1]!) : undefined;
      if (request.method !== "POST" || !match || !device) return void response.writeHead(404).end();
      const id = match[1]!;
      attempts.set(id, (attempts.get(id) ?? 0) + 1);
      if (device.expired) return void response.writeHead(410).end("expired");
      const body = Buffer.concat(chunks);
      if (body.length > 4096) return refuse(413, "payload too large");
      const ttl = Number(request.headers["ttl"]);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, "missing TTL");
      if (request.headers["content-encoding"] !== "aes128gcm") return refuse(400, "not aes128gcm");
      const topic = (request.headers["topic"] as string | undefined) ?? null;
      if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return refuse(400, "bad topic");
      const subject = checkVapid(String(request.headers["authorization"] ?? ""), origin);
      if (typeof subject !== "string") return refuse(401, subject.error);
      let text: string;
      try {
        text = decrypt(body, device.ecdh, device.auth);
      } catch (error) {
        return refuse(400, `cannot decrypt: ${(error as Error).message}`);
      }
      const status = device.answers.shift() ?? 201;
      if (status === 410 || status === 404) device.expired = true;
      if (status === 201) {
        received.push({ device: id, text, ttl, urgency: (request.headers["urgency"] as string | undefined) ?? null, topic, subject });
        response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
      } else {
        response.writeHead(status, status === 429 ? { "retry-after": "1" } : {}).end(`answer ${status}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    caFile,
    received,
    attempts,
    refusals,
    subscribe() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      devices.set(id, { ecdh, auth, expired: false, answers: [] });
      const endpoint = `${origin}/push/${id}`;
      const keys = { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) };
      return { id, endpoint, keys, toJSON: () => ({ endpoint, expirationTime: null, keys }) };
    },
    answer(deviceId, statuses) {
      devices.get(deviceId)!.answers.push(...statuses);
    },
    expire(deviceId) {
      devices.get(deviceId)!.expired = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`; the JWT's subject, or why it is refused. */
function checkVapid(header: string, origin: string): string | { error: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) return { error: "no vapid authorization" };
  const [jwt, k] = [match[1]!, match[2]!];
  const point = Buffer.from(k, "base64url");
  if (point.length !== 65 || point[0] !== 4) return { error: "k is not a P-256 point" };
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
    format: "jwk",
  });
  const [head, claims, signature] = jwt.split(".");
  if (!head || !claims || !signature) return { error: "malformed JWT" };
  const header_ = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string };
  if (header_.alg !== "ES256") return { error: "JWT not ES256" };
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) return { error: "bad JWT signature" };
  const body = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== origin) return { error: `aud ${body.aud} is not ${origin}` };
  const now = Date.now() / 1000;
  if (typeof body.exp !== "number" || body.exp < now || body.exp > now + 24 * 3600) return { error: "exp outside the next 24 h" };
  if (typeof body.sub !== "string" || !/^(mailto:|https:)/.test(body.sub)) return { error: "sub is not mailto: or https:" };
  return body.sub;
}

/** RFC 8291 §3.4 key schedule over RFC 8188's aes128gcm record (one record). */
function decrypt(body: Buffer, device: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const senderKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const shared = device.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), device.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}
