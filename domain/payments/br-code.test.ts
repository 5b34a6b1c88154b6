import { describe, expect, it } from "vitest";
import { buildBrCode, crc16CcittFalse, formatBrCodeAmount, toBrCodeText } from "#domain/payments/br-code.ts";

/*
 * An independent reader of the BR Code, written from the BCB manual ("Manual de Padrões para
 * Iniciação do Pix", EMV QRCPS-MPM) without looking at the builder: TLV walking with length checks,
 * and a table-driven CRC16 (a different algorithm from the builder's bit loop).
 */
const CRC_TABLE = (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let value = n << 8;
    for (let k = 0; k < 8; k++) value = value & 0x8000 ? (value << 1) ^ 0x1021 : value << 1;
    table[n] = value & 0xffff;
  }
  return table;
})();

function tableCrc(text: string): number {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7e) throw new Error("non-ASCII character");
    crc = ((crc << 8) & 0xffff) ^ CRC_TABLE[((crc >> 8) ^ code) & 0xff]!;
  }
  return crc;
}

type Tlv = Map<string, string>;

function readTlv(text: string): Tlv {
  const fields: Tlv = new Map();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) throw new Error(`bad TLV header at ${at}`);
    const length = Number(lengthText);
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`field ${id} truncated`);
    if (fields.has(id)) throw new Error(`field ${id} repeated`);
    fields.set(id, value);
    at += 4 + length;
  }
  return fields;
}

type Decoded = {
  key: string;
  description?: string;
  amount?: string;
  name: string;
  city: string;
  txid: string;
};

function decodeBrCode(code: string): Decoded {
  const fields = readTlv(code);
  const ids = [...fields.keys()];
  if (ids[0] !== "00" || fields.get("00") !== "01") throw new Error("payload format indicator must come first and be 01");
  if (ids.at(-1) !== "63") throw new Error("CRC must be the last field");
  const crc = fields.get("63")!;
  if (!/^[0-9A-F]{4}$/.test(crc)) throw new Error("CRC must be 4 upper-case hex digits");
  if (tableCrc(code.slice(0, -4)) !== parseInt(crc, 16)) throw new Error("CRC mismatch");
  const account = readTlv(fields.get("26") ?? "");
  if (account.get("00")?.toLowerCase() !== "br.gov.bcb.pix") throw new Error("not a Pix account");
  if (fields.get("52") !== "0000" || fields.get("53") !== "986" || fields.get("58") !== "BR") throw new Error("fixed fields wrong");
  const amount = fields.get("54");
  if (amount !== undefined && !/^\d{1,10}\.\d{2}$/.test(amount)) throw new Error("amount format");
  const name = fields.get("59")!;
  const city = fields.get("60")!;
  if (!name || name.length > 25 || !city || city.length > 15) throw new Error("name/city");
  const additional = readTlv(fields.get("62") ?? "");
  const txid = additional.get("05");
  if (!txid || !(txid === "***" || /^[A-Za-z0-9]{1,25}$/.test(txid))) throw new Error("txid");
  return { key: account.get("01")!, description: account.get("02"), amount, name, city, txid };
}

// The example of the BCB's BR Code manual (static Pix, random key, no amount).
const MANUAL_SAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";
// Codes issued by Brazilian banks (published on public sites), to check the CRC against real issuers.
const BANK_SAMPLES = [
  "00020126360014BR.GOV.BCB.PIX0114554107470001005204000053039865802BR592555.410.747 LILIAN ALVES P6009SAO PAULO62140510PttIGkLPRH63048B6B",
  "00020126740014br.gov.bcb.pix0114228402150001530234Comunidade Evangelica Semear Bauru5204000053039865802BR5925COMUNIDADE EVANGELICA SEM6005BAURU62290525AoWEmu48P2fjmZ0fAXkFdY4Aq630405AD",
];

describe("BR Code (Pix copia e cola)", () => {
  it("reproduces the BCB manual's example exactly, CRC 1D3D", () => {
    const code = buildBrCode({
      key: "123e4567-e12b-12d1-a456-426655440000",
      merchantName: "Fulano de Tal",
      merchantCity: "BRASILIA",
    });
    expect(code).toBe(MANUAL_SAMPLE);
    expect(crc16CcittFalse(MANUAL_SAMPLE.slice(0, -4))).toBe("1D3D");
  });

  it("the independent decoder accepts the manual's and banks' codes and rejects a changed character", () => {
    expect(decodeBrCode(MANUAL_SAMPLE)).toMatchObject({ key: "123e4567-e12b-12d1-a456-426655440000", txid: "***" });
    for (const sample of BANK_SAMPLES) {
      expect(() => decodeBrCode(sample)).not.toThrow();
      expect(crc16CcittFalse(sample.slice(0, -4))).toBe(sample.slice(-4));
    }
    const tampered = MANUAL_SAMPLE.replace("Fulano", "Fulana");
    expect(() => decodeBrCode(tampered)).toThrow("CRC mismatch");
  });

  it("an order's code carries the amount, txid, name and city, and decodes with the independent reader", () => {
    const code = buildBrCode({
      key: "pix@lojamicologia.com.br",
      merchantName: "Loja Micologia Comércio de Amostras Ltda",
      merchantCity: "São Paulo",
      amountCents: 123_456,
      txid: "PEDIDO10001",
      description: "Pedido 10001",
    });
    expect(decodeBrCode(code)).toEqual({
      key: "pix@lojamicologia.com.br",
      description: "Pedido 10001",
      amount: "1234.56",
      name: "Loja Micologia Comercio d",
      city: "Sao Paulo",
      txid: "PEDIDO10001",
    });
  });

  it("formats amounts with a dot and two decimals, and refuses non-positive or fractional cents", () => {
    expect(formatBrCodeAmount(1)).toBe("0.01");
    expect(formatBrCodeAmount(4000)).toBe("40.00");
    expect(formatBrCodeAmount(100_000_05)).toBe("100000.05");
    expect(() => formatBrCodeAmount(0)).toThrow(RangeError);
    expect(() => formatBrCodeAmount(10.5)).toThrow(RangeError);
  });

  it("refuses invalid txids and keeps text printable ASCII", () => {
    expect(() => buildBrCode({ key: "k", merchantName: "A", merchantCity: "B", txid: "PEDIDO-1" })).toThrow(RangeError);
    expect(() => buildBrCode({ key: "k", merchantName: "A", merchantCity: "B", txid: "A".repeat(26) })).toThrow(RangeError);
    expect(toBrCodeText("  Açaí  Ção ™ ", 25)).toBe("Acai Cao");
  });

  it("drops the description when the key leaves no room in the 99-character account field", () => {
    const key = `${"a".repeat(64)}@example.com`;
    const code = buildBrCode({ key, merchantName: "Loja", merchantCity: "Recife", amountCents: 500, txid: "X1", description: "Pedido 1" });
    expect(decodeBrCode(code).key).toBe(key);
  });
});
