// The access rules for route modules (which may not import server/ themselves).
import { currentUser, isAdmin, type PageArgs } from "../../../server/auth/access.ts";
import { appContext } from "../../../server/http/app-context.ts";
import { ANONYMOUS, type AuthState } from "./auth-types";

export { currentUser, requireAdmin, requireUser } from "../../../server/auth/access.ts";

/**
 * What the root loader hands the browser about the session: the user (never a token) and admin
 * status. When the database cannot answer, the page still renders, as a visitor's.
 */
export async function sessionState(args: PageArgs): Promise<AuthState> {
  try {
    const user = await currentUser(args);
    return { user, isAdmin: await isAdmin(args, user) };
  } catch (error) {
    args.context.get(appContext).services.logger.warn({ err: error }, "could not read the session; rendering as a visitor");
    return ANONYMOUS;
  }
}
