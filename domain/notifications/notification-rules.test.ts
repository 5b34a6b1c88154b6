import { describe, expect, it } from "vitest";
import { acceptsRealtimeInsert, badgeText, countUnread, relativeTimePtBR } from "#domain/notifications/notification-rules.ts";

const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, 0) + seconds * 1000).toISOString();
const n = (order: string | null, type: "order_created" | "order_status_changed", seconds: number, read = false) => ({
  order_id: order,
  type,
  created_at: at(seconds),
  read,
});

describe("unread count (spec §7/§9: duplicates of one order and type within 60 s count once)", () => {
  it("counts duplicates within 60 s once, and again after 60 s", () => {
    expect(countUnread([n("a", "order_created", 0), n("a", "order_created", 30), n("a", "order_created", 60)])).toBe(1);
    expect(countUnread([n("a", "order_created", 0), n("a", "order_created", 61)])).toBe(2);
    // The window runs from the last counted one: 0 counts, 50 is a duplicate, 100 counts (100 s after 0).
    expect(countUnread([n("a", "order_created", 100), n("a", "order_created", 0), n("a", "order_created", 50)])).toBe(2);
  });
  it("keeps different orders, types, read items and order-less items apart", () => {
    expect(countUnread([n("a", "order_created", 0), n("b", "order_created", 1), n("a", "order_status_changed", 2)])).toBe(3);
    expect(countUnread([n("a", "order_created", 0, true), n("a", "order_created", 10)])).toBe(1);
    expect(countUnread([n(null, "order_created", 0), n(null, "order_created", 1)])).toBe(2);
    expect(countUnread([])).toBe(0);
  });
});

describe("badge and realtime", () => {
  it("shows 9+ above 9 and nothing at 0", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(9)).toBe("9");
    expect(badgeText(10)).toBe("9+");
  });
  it("ignores admin_new_order for non-admins", () => {
    expect(acceptsRealtimeInsert({ type: "admin_new_order" }, false)).toBe(false);
    expect(acceptsRealtimeInsert({ type: "admin_new_order" }, true)).toBe(true);
    expect(acceptsRealtimeInsert({ type: "order_created" }, false)).toBe(true);
  });
});

describe("relative time in pt-BR", () => {
  const now = Date.parse(at(0));
  it("formats minutes, hours and days", () => {
    expect(relativeTimePtBR(at(-10), now)).toBe("agora");
    expect(relativeTimePtBR(at(-5 * 60), now)).toBe("há 5 minutos");
    expect(relativeTimePtBR(at(-3 * 3600), now)).toBe("há 3 horas");
    expect(relativeTimePtBR(at(-24 * 3600), now)).toBe("ontem");
  });
  it("shows 'agora' when formatting fails", () => {
    expect(relativeTimePtBR("não é data", now)).toBe("agora");
  });
});
