import { describe, expect, it } from "vitest";
import { jsonForScript } from "#app/islands/island-data.ts";

describe("an island's data inside its <script> element", () => {
  it("cannot close the element or open a comment, whatever a text holds, and reads back unchanged", () => {
    const data = { name: 'Kit </script><script>alert("x")</script>', note: "<!-- a --> & 'b' \u2028" };
    const text = jsonForScript(data);
    expect(text).not.toMatch(/<\/script|<!--/i);
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual(data);
  });
});
