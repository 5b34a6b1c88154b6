import { z } from "zod";

/** One Pix of a BCB-standard callback (`{ "pix": [...] }`, or the bare array some PSPs post). */
const callbackPixSchema = z.looseObject({
  endToEndId: z.string().max(100),
  txid: z.string().max(100).optional(),
  valor: z.string().max(20).optional(),
  horario: z.string().max(60).optional(),
});

/** The body of the Pix API's webhook callback (the payments contract's `pixWebhook`). */
export const bcbCallbackSchema = z.union([
  z.looseObject({ pix: z.array(callbackPixSchema).max(500) }),
  z.array(callbackPixSchema).max(500),
]);
