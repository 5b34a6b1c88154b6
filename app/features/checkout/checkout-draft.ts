import { z } from "zod";
import { safeStorage, STORAGE_KEYS } from "#app/lib/storage-keys.ts";
import type { AddressForm } from "#app/features/checkout/address-form.ts";
import type { CheckoutStepId } from "#app/features/checkout/checkout-progress.tsx";

/**
 * What the customer typed in /checkout, kept in this browser so that a reload (a cheap phone
 * dropping the tab while the bank app is open) or a discarded tab loses nothing (decision 063):
 * the step, the address and contact, the saved address chosen, the shipping method and "save
 * this address". Kept for ONE cart (its id): another cart, or another account's, starts afresh.
 * Never the CPF: it is not written anywhere in the browser; the customer types it again (or uses
 * the account's saved one). Removed when the order is placed and on sign-out; a week at most.
 */
export type CheckoutDraft = {
  cartId: string;
  step: CheckoutStepId;
  /** The address form without its CPF. */
  address: Omit<AddressForm, "cpf">;
  /** The saved address the form was filled from ("" for a new one). */
  savedAddressId: string;
  shippingMethod: string | null;
  saveAddress: boolean;
};

const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const text = z.string().max(200);

// What storage holds is read back through a schema: an old shape, a hand edit or a value written
// by another version is dropped, never shown half-parsed.
const storedDraftSchema = z.object({
  cartId: z.string().min(1).max(100),
  savedAt: z.number(),
  step: z.enum(["identificacao", "endereco", "envio", "revisao"]),
  address: z.object({
    recipientName: text,
    phone: text,
    cep: text,
    street: text,
    number: text,
    complement: text,
    neighborhood: text,
    city: text,
    state: text,
  }),
  savedAddressId: text,
  shippingMethod: text.nullable(),
  saveAddress: z.boolean(),
});

/** The draft of this cart, or null (none, another cart's, too old, unreadable). */
export function readCheckoutDraft(cartId: string): CheckoutDraft | null {
  const raw = safeStorage.get(STORAGE_KEYS.checkoutDraft);
  if (!raw) return null;
  let parsed;
  try {
    parsed = storedDraftSchema.safeParse(JSON.parse(raw));
  } catch {
    parsed = null;
  }
  if (!parsed?.success || parsed.data.cartId !== cartId || Date.now() - parsed.data.savedAt > MAX_AGE_MS) return null;
  const { savedAt: _savedAt, ...draft } = parsed.data;
  return draft;
}

/** Keeps the draft (one at a time: another cart's goes). The CPF is left out here, whatever the caller passes. */
export function saveCheckoutDraft(draft: CheckoutDraft & { address: Partial<Pick<AddressForm, "cpf">> }): void {
  const { cpf: _cpf, ...address } = draft.address;
  safeStorage.set(STORAGE_KEYS.checkoutDraft, JSON.stringify({ ...draft, address, savedAt: Date.now() }));
}

/** The order was placed, or the customer signed out: nothing typed stays behind. */
export function clearCheckoutDraft(): void {
  safeStorage.remove(STORAGE_KEYS.checkoutDraft);
}
