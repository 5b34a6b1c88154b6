// Throwaway certificates made in the test (decision 037): a CA, a server certificate for 127.0.0.1
// and localhost, and client certificates, with @peculiar/x509 over Node's WebCrypto (no openssl).
// @peculiar/x509 resolves its services through tsyringe, which needs the Reflect metadata API.
import "reflect-metadata";
import { webcrypto } from "node:crypto";
import * as x509 from "@peculiar/x509";

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const ALGORITHM = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };

export type Pem = { cert: string; key: string };
export type TestPki = { ca: Pem; server: Pem; client(commonName: string): Promise<Pem> };

async function keyPem(key: CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey("pkcs8", key));
  return `-----BEGIN PRIVATE KEY-----\n${der.toString("base64").replace(/.{64}/g, "$&\n").trim()}\n-----END PRIVATE KEY-----\n`;
}

let serial = 1;
const nextSerial = () => (serial++).toString(16).padStart(2, "0");

export async function makeTestPki(name = "PSP de Teste"): Promise<TestPki> {
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(Date.now() + 24 * 3600_000);
  const caKeys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"])) as CryptoKeyPair;
  const caCert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: nextSerial(),
    name: `CN=${name} CA`,
    notBefore,
    notAfter,
    keys: caKeys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 1, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });

  async function issue(commonName: string, usage: string, alternativeNames: x509.JsonGeneralName[]): Promise<Pem> {
    const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"])) as CryptoKeyPair;
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: nextSerial(),
      subject: `CN=${commonName}`,
      issuer: caCert.subject,
      notBefore,
      notAfter,
      signingKey: caKeys.privateKey,
      publicKey: keys.publicKey,
      signingAlgorithm: ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyAgreement, true),
        new x509.ExtendedKeyUsageExtension([usage]),
        ...(alternativeNames.length > 0 ? [new x509.SubjectAlternativeNameExtension(alternativeNames)] : []),
        await x509.AuthorityKeyIdentifierExtension.create(caCert, false),
      ],
    });
    return { cert: cert.toString("pem"), key: await keyPem(keys.privateKey) };
  }

  return {
    ca: { cert: caCert.toString("pem"), key: await keyPem(caKeys.privateKey) },
    server: await issue("127.0.0.1", x509.ExtendedKeyUsage.serverAuth, [
      { type: "ip", value: "127.0.0.1" },
      { type: "dns", value: "localhost" },
    ]),
    client: (commonName) => issue(commonName, x509.ExtendedKeyUsage.clientAuth, []),
  };
}
