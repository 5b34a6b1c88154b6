import type { z } from "zod";
import { invalidParamAnswer } from "#server/contracts/define-contract.ts";
import { validationError } from "#server/http/errors.ts";

/**
 * Path parameters (`params` of an endpoint, server/http/api.ts). A malformed value answers the 400
 * `validation_error` unless its schema was made with `pathParam` (server/contracts/define-contract.ts, where the
 * contracts that declare them can reach it from the browser too), which names the answer.
 */
export { pathParam, uuidParam } from "#server/contracts/define-contract.ts";

/** The validated path parameters, or the answer of the first one that is malformed. */
export function parseParams<P extends z.ZodObject>(schema: P, raw: Record<string, string>): z.output<P> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = issue.path[0];
  const answer = typeof name === "string" ? invalidParamAnswer(schema.shape[name] as z.ZodType) : undefined;
  throw answer ? answer(issue) : validationError(result.error);
}
