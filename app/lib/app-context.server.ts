import type { RouterContextProvider } from "react-router";
import { appContext, type AppLoadContext } from "../../server/http/app-context.ts";

export function getAppContext(context: Readonly<RouterContextProvider>): AppLoadContext {
  return context.get(appContext);
}
