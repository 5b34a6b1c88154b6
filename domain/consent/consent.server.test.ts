import { describe, expect, it } from "vitest";
import { consentEvents } from "#platform/db/schema.ts";
import { forgetAccountConsent, listAccountConsent, recordConsent } from "#domain/consent/consent.server.ts";
import { AGE_GATE_CHOICES, CURRENT_CONSENT_VERSION } from "#domain/consent/consent-rules.ts";
import { makeCustomer } from "#test/builders.ts";
import { setUpTestDatabase } from "#test/database.ts";

// Consent as proof (LGPD art. 8): every choice is a row the shop can show, and an account's
// deletion leaves only what names nobody.
const t = setUpTestDatabase();

describe("consent events", () => {
  it("keep each choice of a signed-in customer with the text's version, oldest first in their export", async () => {
    const customer = await makeCustomer(t.db);
    const browserId = crypto.randomUUID();
    expect(await recordConsent(t.db, { version: CURRENT_CONSENT_VERSION, browserId, choices: [...AGE_GATE_CHOICES] }, customer.id)).toBe(2);
    await recordConsent(
      t.db,
      { version: CURRENT_CONSENT_VERSION, browserId, choices: [{ purpose: "analytics", granted: false }] },
      customer.id,
    );
    const events = (await listAccountConsent(t.db, customer.id)).map((event) => [
      event.purpose,
      event.granted,
      event.version,
      event.browserId,
    ]);
    // The age gate's two choices are one request (the same instant, in either order); the later choice comes after them.
    expect(events.slice(0, 2).sort()).toEqual([
      ["age", true, CURRENT_CONSENT_VERSION, browserId],
      ["terms", true, CURRENT_CONSENT_VERSION, browserId],
    ]);
    expect(events[2]).toEqual(["analytics", false, CURRENT_CONSENT_VERSION, browserId]);
  });

  it("on deletion, lose the account: a browser's consent stays under its random id, one with no browser goes", async () => {
    const customer = await makeCustomer(t.db);
    const browserId = crypto.randomUUID();
    await recordConsent(t.db, { version: CURRENT_CONSENT_VERSION, browserId, choices: [...AGE_GATE_CHOICES] }, customer.id);
    // The reminder e-mails' yes is given in the account, with no browser's id (domain/recovery).
    await t.db
      .insert(consentEvents)
      .values({ purpose: "marketing_email", granted: true, version: CURRENT_CONSENT_VERSION, userId: customer.id });
    await forgetAccountConsent(t.db, customer.id);
    expect(await listAccountConsent(t.db, customer.id)).toEqual([]);
    const kept = await t.db.query.consentEvents.findMany({ where: (events, { eq }) => eq(events.browserId, browserId) });
    expect(kept.map((event) => [event.purpose, event.userId])).toEqual([
      ["age", null],
      ["terms", null],
    ]);
  });
});
