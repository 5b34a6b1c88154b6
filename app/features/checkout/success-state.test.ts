import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "#domain/orders/order-status.ts";
import { successHeading, successNextSteps, successState, successTitle } from "#app/features/checkout/success-state.ts";

describe("/success says where the order stands (issue 28 item 10)", () => {
  it("says the payment is confirmed once the order is paid, whatever came after", () => {
    for (const status of ["paid", "preparing", "shipped", "delivered"] as const) {
      const state = successState(status);
      expect(successHeading(state, 10001)).toBe("Pagamento confirmado: pedido #10001");
      expect(successTitle(state, "Loja Micologia")).toBe("Pagamento confirmado | Loja Micologia");
      // Nothing about waiting for the Pix or the order being cancelled for lack of payment.
      expect(successNextSteps(state, true).join(" ")).not.toMatch(/Assim que o Pix cair|Sem pagamento/);
      expect(successNextSteps(state, true)[0]).toContain("Recebemos o seu Pix");
    }
  });

  it("says the order was received while the Pix is awaited, and what happens without payment", () => {
    const state = successState("pending_payment");
    expect(successHeading(state, 10002)).toBe("Pedido #10002 recebido");
    expect(successTitle(state, "Loja Micologia")).toBe("Pedido recebido | Loja Micologia");
    expect(successNextSteps(state, false)).toEqual([
      "Assim que o Pix cair, confirmamos o pagamento e você recebe um aviso no sino e por e-mail.",
      "Entramos em contato pelo e-mail da sua conta para combinar o acesso ou o agendamento.",
      "Sem pagamento dentro do prazo, o pedido é cancelado e os itens voltam para o seu carrinho.",
    ]);
  });

  it("never calls a cancelled or refunded order received or paid", () => {
    expect(successHeading(successState("cancelled"), 3)).toBe("Pedido #3 cancelado");
    expect(successHeading(successState("refunded"), 4)).toBe("Pedido #4 reembolsado");
    expect(successHeading(successState("partially_refunded"), 5)).toBe("Pedido #5 reembolsado");
    for (const status of ORDER_STATUSES) expect(successState(status)).toMatch(/^(awaiting|paid|cancelled|refunded)$/);
  });
});
