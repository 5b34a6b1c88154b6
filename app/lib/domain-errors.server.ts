import { data } from "react-router";
import { DomainError, type DomainErrorKind } from "#domain/errors.ts";
import { signInRedirect, type PageArgs } from "#app/lib/guards.server.ts";
import { messageForPeople } from "#app/lib/error-messages.ts";
import type { PageRefusal } from "#app/lib/page-refusal.ts";

/**
 * The pages' side of "the domain throws DomainError, the edge maps it" (the API's side is
 * server/http/errors.ts). A loader or action that calls the domain is wrapped in withDomainErrors,
 * so a refusal becomes the page it stands for, never the error screen (a 500):
 * not_found → the 404 page, forbidden → the 403 page, unauthorized → sign-in and back,
 * conflict / invalid / unprocessable → the refusal's Portuguese message, with its status.
 */

/** The status of each kind: the same as the API's (DOMAIN_ERROR_STATUS of server/http/errors.ts). */
export const PAGE_STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
} as const satisfies Record<DomainErrorKind, number>;

/** What a loader throws for `error`: a refusal's page (or the sign-in redirect); anything else as it is. */
export function asPageError(error: unknown, args: PageArgs): unknown {
  if (!(error instanceof DomainError)) return error;
  if (error.kind === "unauthorized") return signInRedirect(args);
  const body: PageRefusal = { refusal: { kind: error.kind, code: error.code, message: messageForPeople(error.code, error.message) } };
  return data(body, { status: PAGE_STATUS[error.kind] });
}

/**
 * A loader or action whose domain refusals become pages:
 * `export const loader = withDomainErrors(async (args: Route.LoaderArgs) => { … })`.
 */
export function withDomainErrors<Args extends PageArgs, Result>(handler: (args: Args) => Promise<Result>): (args: Args) => Promise<Result> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      throw asPageError(error, args);
    }
  };
}
