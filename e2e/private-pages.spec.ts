// Issue 16 item 7: an answer rendered for a signed-in customer (a page, or its `.data` for a client
// navigation) is kept by no cache, and a cache that keeps a visitor's page keys it by the cookie.
import { expect, openPage, test } from "./fixtures.ts";
import { uniqueEmail } from "./mail.ts";
import { signedInCustomer } from "./shop-steps.ts";

test("pages and their data answers for a signed-in customer are private, no-store and vary by cookie", async ({ page }) => {
  const visitorHome = await page.request.get("/");
  expect(visitorHome.headers()["cache-control"] ?? "").not.toContain("private");

  await signedInCustomer(page, uniqueEmail("privado"), "paginas-privadas-42");
  for (const path of ["/cliente", "/", "/cart", "/checkout", "/cliente.data", "/_root.data"]) {
    const answer = await page.request.get(path);
    expect(answer.headers()["cache-control"], path).toBe("private, no-store");
    expect(answer.headers()["vary"] ?? "", path).toMatch(/cookie/i);
  }
  // The page itself, as the browser loads it.
  const response = await openPage(page, "/cliente");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
});
