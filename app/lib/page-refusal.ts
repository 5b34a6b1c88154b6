import { isRouteErrorResponse } from "react-router";
import type { DomainErrorKind } from "#domain/errors.ts";

/**
 * A domain refusal as a page receives it: what a loader or action throws (with the kind's status)
 * when the domain refuses (app/lib/domain-errors.server.ts), read by the error boundaries.
 */
export type PageRefusal = { refusal: { kind: DomainErrorKind; code: string; message: string } };

/** The refusal an error boundary was given, or null when the error is something else. */
export function pageRefusal(error: unknown): PageRefusal["refusal"] | null {
  if (!isRouteErrorResponse(error)) return null;
  const refusal = (error.data as Partial<PageRefusal> | null | undefined)?.refusal;
  return refusal && typeof refusal.message === "string" && typeof refusal.code === "string" ? refusal : null;
}
