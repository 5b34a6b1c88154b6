import { describe, expect, it } from "vitest";
import { csvMoney, parseReais, paymentStateOf, whatsappLink } from "#domain/orders/admin-order-rules.ts";

describe("the admin's order rules", () => {
  it("opens WhatsApp on the order's phone with the order and its status in Portuguese", () => {
    const link = whatsappLink({
      number: 10042,
      status: "shipped",
      customerName: "Maria Silva",
      phone: "11912345678",
      trackingCode: "AA123456785BR",
    });
    const url = new URL(link!);
    expect(url.origin + url.pathname).toBe("https://wa.me/5511912345678");
    expect(url.searchParams.get("text")).toBe(
      "Olá, Maria! Sobre o seu pedido #10042: ele está \u201cEnviado\u201d. Código de rastreio: AA123456785BR.",
    );
    expect(
      new URL(whatsappLink({ number: 1, status: "pending_payment", customerName: "", phone: "1133334444" })!).searchParams.get("text"),
    ).toBe("Olá! Sobre o seu pedido #1: ele está \u201cAguardando pagamento\u201d.");
    expect(whatsappLink({ number: 1, status: "paid", customerName: "Ana", phone: null })).toBeNull();
  });

  it("reads money as the owner types it, and writes it as Excel pt-BR reads a number", () => {
    for (const [typed, cents] of [
      ["35,90", 3590],
      ["R$ 1.234,56", 123456],
      ["1.234", 123400],
      ["35", 3500],
      ["35.5", 3550],
      ["0,01", 1],
    ] as const) {
      expect(parseReais(typed), typed).toBe(cents);
    }
    for (const typed of ["", "abc", "1,234,5", "-5", "12,345"]) expect(parseReais(typed), typed).toBeNull();
    expect(csvMoney(123456)).toBe("1234,56");
    expect(csvMoney(5)).toBe("0,05");
    expect(csvMoney(null)).toBe("");
  });

  it("says where the money stands", () => {
    expect(paymentStateOf({ status: "pending_payment", paidAt: null, refund: null })).toBe("awaiting");
    expect(paymentStateOf({ status: "shipped", paidAt: "2026-01-01", refund: null })).toBe("paid");
    expect(paymentStateOf({ status: "cancelled", paidAt: null, refund: null })).toBe("unpaid");
    expect(paymentStateOf({ status: "cancelled", paidAt: "2026-01-01", refund: { amountCents: 1 } })).toBe("refunded");
  });
});
