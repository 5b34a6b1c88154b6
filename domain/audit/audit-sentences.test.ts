import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_DESCRIBERS, actionLabel, describeAudit, type AuditFacts } from "#domain/audit/audit-sentences.ts";

// Intl writes "R$" with a no-break space; the tests read it as a person does.
const read = (facts: Partial<AuditFacts> & Pick<AuditFacts, "action" | "entityType">) => {
  const { subject, sentences } = describeAudit({
    entityId: "9b3c1f7e-0000-4000-8000-000000000000",
    entityLabel: null,
    before: null,
    after: null,
    ...facts,
  });
  return { subject, sentences: sentences.map((text) => text.replace(/\u00a0/g, " ")) };
};

/** What no sentence may show: JSON, a UUID's prefix, a boolean, a field's code name. */
function expectForPeople(sentences: string[]) {
  for (const text of sentences) {
    expect(text).not.toMatch(/[{}[\]]|"\w+":|\btrue\b|\bfalse\b|9b3c1f7e|[a-z][A-Z]|_/);
  }
}

describe("the audit log in sentences", () => {
  it("orders: number and statuses in Portuguese, tracking, refund", () => {
    const moved = read({
      action: "order.move_status",
      entityType: "order",
      entityLabel: "10001",
      before: { status: "paid", trackingCode: null, cancelReason: null, refundCents: null },
      after: { status: "shipped", trackingCode: "AA123456785BR", cancelReason: null, refundCents: null, note: "Correios" },
    });
    expect(moved.subject).toBe("Pedido #10001");
    expect(moved.sentences).toEqual([
      "Pedido #10001: pago → enviado",
      "Pedido #10001: rastreio AA123456785BR",
      "Pedido #10001: observação “Correios”",
    ]);
    const refunded = read({
      action: "order.refund",
      entityType: "order",
      entityLabel: "10002",
      before: { status: "delivered", refundCents: null },
      after: { status: "partially_refunded", refundCents: 1890 },
    });
    expect(refunded.sentences).toEqual(["Pedido #10002: entregue → parcialmente reembolsado", "Pedido #10002: reembolso de R$ 18,90"]);
    expectForPeople([...moved.sentences, ...refunded.sentences]);
  });

  it("products: name, price in R$, switches as words, long texts only named", () => {
    const { subject, sentences } = read({
      action: "product.update",
      entityType: "product",
      entityLabel: "Golden Teacher",
      before: { priceCents: 4000, purchasable: true, description: "antes", stock: 1200, importedRatingShown: true },
      after: { priceCents: 4500, purchasable: false, description: "depois", stock: 1150, importedRatingShown: false },
    });
    expect(subject).toBe("Produto Golden Teacher");
    expect(sentences).toEqual([
      "Produto Golden Teacher: preço R$ 40,00 → R$ 45,00",
      "Produto Golden Teacher: fora de venda",
      "Produto Golden Teacher: descrição alterada",
      "Produto Golden Teacher: estoque 1.200 → 1.150",
      "Produto Golden Teacher: nota da loja anterior ocultada",
    ]);
    const photo = read({
      action: "product.image_add",
      entityType: "product",
      entityLabel: "Golden Teacher",
      before: { images: [], mainImage: null },
      after: { images: ["/uploads/a.webp"], mainImage: "/uploads/a.webp" },
    });
    expect(photo.sentences).toEqual(["Produto Golden Teacher: foto adicionada (1 foto)"]);
    expectForPeople([...sentences, ...photo.sentences]);
  });

  it("the shipping table: each rate that changed, by method and CEP range; new and removed ranges and weight bands", () => {
    const rate = { region: "SP capital", cepFrom: "01000000", cepTo: "19999999", method: "pac", deliveryDays: 5 };
    const { subject, sentences } = read({
      action: "shipping_rate.update",
      entityType: "shipping_rate",
      entityId: "tabela",
      before: {
        rates: [
          { ...rate, priceCents: 1890 },
          { region: "Norte", cepFrom: "66000000", cepTo: "69999999", method: "sedex", priceCents: 9000, deliveryDays: 9 },
        ],
        weightBands: [{ method: "pac", maxWeightGrams: 1000, surchargeCents: 500, extraDays: 0 }],
      },
      after: {
        rates: [
          { ...rate, priceCents: 1990 },
          { region: "Sul", cepFrom: "80000000", cepTo: "99999999", method: "sedex", priceCents: 3500, deliveryDays: 4 },
        ],
        weightBands: [{ method: "pac", maxWeightGrams: 1000, surchargeCents: 600, extraDays: 1 }],
      },
    });
    expect(subject).toBe("Tabela de frete");
    expect(sentences).toEqual([
      "Frete PAC para CEP 01000-000 a 19999-999: R$ 18,90 → R$ 19,90",
      "Frete SEDEX para CEP 80000-000 a 99999-999: R$ 35,00 em 4 dias úteis (faixa nova)",
      "Frete SEDEX para CEP 66000-000 a 69999-999: faixa removida",
      "Frete PAC até 1.000 g: acréscimo de R$ 5,00 e 0 dias úteis a mais → acréscimo de R$ 6,00 e 1 dia útil a mais",
    ]);
    expectForPeople(sentences);
  });

  it("coupons: created with their terms, deactivated and reactivated by code", () => {
    const created = read({
      action: "coupon.create",
      entityType: "coupon",
      after: { code: "BEMVINDO", kind: "percent", value: 10, minSubtotalCents: 5000, active: true },
    });
    expect(created.sentences).toEqual(["Cupom BEMVINDO criado: 10% de desconto, compras a partir de R$ 50,00"]);
    const off = read({
      action: "coupon.deactivate",
      entityType: "coupon",
      entityLabel: "BEMVINDO",
      before: { active: true },
      after: { active: false },
    });
    expect(off).toEqual({ subject: "Cupom BEMVINDO", sentences: ["Cupom BEMVINDO desativado"] });
    const on = read({
      action: "coupon.activate",
      entityType: "coupon",
      entityLabel: "FRETE",
      before: { active: false },
      after: { active: true },
    });
    expect(on.sentences).toEqual(["Cupom FRETE reativado"]);
    expectForPeople([...created.sentences, ...off.sentences, ...on.sentences]);
  });

  it("the shop's settings: each field by its name, the SMTP's parts, the password never shown", () => {
    const smtp = { host: null, port: 587, secure: false, user: null, hasPassword: false };
    const { sentences } = read({
      action: "settings.update",
      entityType: "settings",
      entityId: "loja",
      before: { pixKey: "pix@example.com", supportWhatsapp: "5511999999999", smtp },
      after: {
        pixKey: "12345678000195",
        supportWhatsapp: "5511999999999",
        smtp: { ...smtp, host: "smtp.loja.com.br", secure: true, hasPassword: true },
        smtpPasswordChanged: true,
      },
    });
    expect(sentences).toEqual([
      "Configurações da loja: chave Pix “pix@example.com” → “12345678000195”",
      "Configurações da loja: servidor SMTP (vazio) → “smtp.loja.com.br”; conexão segura do SMTP ligada",
      "Configurações da loja: senha do SMTP alterada",
    ]);
    expectForPeople(sentences);
  });

  it("maintenance, admins, reviews, e-mails, errors, clean-ups, backups and exports", () => {
    const sentences = [
      read({
        action: "maintenance.enable",
        entityType: "maintenance",
        before: { enabled: false, message: "a" },
        after: { enabled: true, message: "a" },
      }),
      read({ action: "admin.add", entityType: "admin", entityId: "ana@loja.com", before: { admin: false }, after: { admin: true } }),
      read({
        action: "admin.create",
        entityType: "admin",
        entityId: "bia@loja.com",
        before: { account: false, admin: false },
        after: { account: true, admin: true },
      }),
      read({ action: "admin.remove", entityType: "admin", entityId: "ana@loja.com", before: { admin: true }, after: { admin: false } }),
      read({
        action: "review.hide",
        entityType: "review",
        entityLabel: "Golden Teacher",
        before: { status: "approved" },
        after: { status: "hidden", productId: "p", stars: 4 },
      }),
      read({ action: "email.resend", entityType: "email", before: { status: "failed", attempts: 15 }, after: { status: "queued" } }),
      read({ action: "email.test", entityType: "email", after: { status: "queued" } }),
      read({ action: "errors.clear", entityType: "errors", entityId: "erros", after: { olderThanDays: 30, server: 3, client: 1 } }),
      read({ action: "cleanup.stale-carts", entityType: "cleanup", entityId: "stale-carts", after: { removed: 12, days: 30 } }),
      read({
        action: "cleanup.expired-pix",
        entityType: "cleanup",
        entityId: "expired-pix",
        after: { removed: 2, orders: [10001, 10002] },
      }),
      read({ action: "backup.download", entityType: "database", entityId: "loja-2026-11-28.dump" }),
      read({ action: "export.customers", entityType: "export", entityId: "clientes-2026-11-28.csv" }),
    ].flatMap((entry) => entry.sentences);
    expect(sentences).toEqual([
      "Modo de manutenção ligado",
      "ana@loja.com agora é administrador",
      "Conta bia@loja.com criada",
      "bia@loja.com agora é administrador",
      "ana@loja.com deixou de ser administrador",
      "Avaliação de 4 estrelas de Golden Teacher: ocultada",
      "E-mail que falhou depois de 15 tentativas posto de novo na fila de envio",
      "E-mail de teste posto na fila de envio",
      "Erros apagados (vistos pela última vez há mais de 30 dias): 3 do servidor e 1 do navegador",
      "12 carrinhos parados apagados (sem uso há mais de 30 dias)",
      "2 pedidos com Pix vencido cancelados: #10001, #10002",
      "Backup do banco de dados baixado (loja-2026-11-28.dump)",
      "Planilha baixada (clientes-2026-11-28.csv)",
    ]);
  });

  it("says which provider was connected, how and as whom, never the token (issue 30 item 7)", () => {
    const entry = (action: string, after: unknown) =>
      read({ action, entityType: "connection", entityId: "melhorenvio", entityLabel: "Melhor Envio", after });
    const sentences = [
      entry("connection.connect", { method: "oauth", account: "envios@loja.com", expiresAt: "2026-12-29T00:00:00.000Z" }),
      entry("connection.token", { method: "token", account: null }),
      entry("connection.disconnect", { method: null }),
    ].flatMap((described) => described.sentences);
    expect(sentences).toEqual([
      "Melhor Envio conectado pela autorização (conta envios@loja.com)",
      "Melhor Envio conectado com um token colado",
      "Melhor Envio desconectado",
    ]);
    expect(actionLabel("connection.connect")).toBe("Conectou uma conta");
    expectForPeople(sentences);
  });

  it("an unknown kind or field still reads in Portuguese, without its code name", () => {
    const { subject, sentences } = read({
      action: "gift.update",
      entityType: "gift_card",
      before: { balanceCents: 100, enabled: true },
      after: { balanceCents: 200, enabled: false },
    });
    expect(subject).toBe("Registro");
    expect(sentences).toEqual(["Registro: outro dado alterado: 100 → 200", "Registro: outro dado alterado: sim → não"]);
    expect(actionLabel("gift.update")).toBe("Fez uma alteração");
    expectForPeople(sentences);
  });

  it("has a describer and action labels for every entity kind and action the code audits today", () => {
    const sources = ["domain", "server"].flatMap((root) =>
      readdirSync(root, { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
        .map((file) => readFileSync(join(root, file), "utf8")),
    );
    const audits = sources.filter((source) => source.includes("recordAudit("));
    const kinds = new Set(audits.flatMap((source) => [...source.matchAll(/entityType: "([\w-]+)"/g)].map((match) => match[1]!)));
    const actions = new Set(audits.flatMap((source) => [...source.matchAll(/"((?:[a-z_]+)\.[a-z_-]+)"/g)].map((match) => match[1]!)));
    expect(kinds.size).toBeGreaterThanOrEqual(12);
    for (const kind of kinds) expect(AUDIT_DESCRIBERS, `describer for ${kind}`).toHaveProperty([kind]);
    const coded = [...actions].filter((action) =>
      /^(order|product|shipping_rate|admin|coupon|review|settings|maintenance|errors|email|backup|export|connection|invoice|label)\./.test(
        action,
      ),
    );
    for (const action of coded) expect(actionLabel(action), `label for ${action}`).not.toBe("Fez uma alteração");
  });
});
