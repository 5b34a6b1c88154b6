import { z } from "zod";
import { validationError } from "#server/http/errors.ts";

/**
 * Path parameters (`params` of an endpoint, server/http/api.ts). A malformed value answers the 400
 * `validation_error` unless its schema was made with `pathParam`, which names the answer: a malformed
 * id names nothing, so it answers exactly as an id that does not exist does.
 */

type InvalidAnswer = (issue: z.core.$ZodIssue) => Error;
const invalidAnswers = new WeakMap<z.ZodType, InvalidAnswer>();

/** `schema` as a path parameter whose malformed value throws `answer(first issue)`. */
export function pathParam<S extends z.ZodType>(schema: S, answer: InvalidAnswer): S {
  invalidAnswers.set(schema, answer);
  return schema;
}

/**
 * The one rule for ids in paths: a UUID of any version, in either case (what PostgreSQL's uuid type
 * reads), handed to the handler in lower case. Anything else gets `notFound()`: each resource keeps
 * its own 404 (cart items `item_not_found`, orders, addresses and notifications `not_found`).
 */
export const uuidParam = (notFound: () => Error) =>
  pathParam(
    z.guid().transform((id) => id.toLowerCase()),
    () => notFound(),
  );

/** The validated path parameters, or the answer of the first one that is malformed. */
export function parseParams<P extends z.ZodObject>(schema: P, raw: Record<string, string>): z.output<P> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = issue.path[0];
  const answer = typeof name === "string" ? invalidAnswers.get(schema.shape[name] as z.ZodType) : undefined;
  throw answer ? answer(issue) : validationError(result.error);
}
