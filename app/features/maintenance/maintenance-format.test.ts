import { describe, expect, it } from "vitest";
import { bytesText, countText, secondsText, whenText } from "#app/features/maintenance/maintenance-format.ts";

// The maintenance panel's figures and dates in pt-BR (issue 28 item 10).
describe("the panel's figures and dates", () => {
  it("writes counts, sizes and waits with pt-BR separators", () => {
    expect(countText(1234567)).toBe("1.234.567");
    expect(bytesText(1536)).toBe("1,5 KB");
    expect(secondsText(42.5)).toBe("42,5 s");
    expect(secondsText(5400)).toBe("1,5 h");
  });

  it("writes moments as São Paulo's day and time", () => {
    expect(whenText("2026-11-28T21:05:00Z")).toMatch(/^28\/11\/2026,? 18:05$/);
    expect(whenText(null)).toBe("—");
  });
});
