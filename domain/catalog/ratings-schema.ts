/** A product's ratings on the wire (decision 057): verified reviews, and apart the previous shop's figures or null. */
import { z } from "zod";

const ratingsSchema = z.object({ average: z.number(), count: z.number().int() });

export const productRatingsSchema = z.object({ verified: ratingsSchema, imported: ratingsSchema.nullable() });
