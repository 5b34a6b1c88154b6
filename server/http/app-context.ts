import { createContext } from "react-router";
import type { PublicConfig } from "../config.ts";
import type { AppServices } from "./app-env.ts";

/** What React Router loaders and actions receive from the HTTP shell. */
export type AppLoadContext = {
  services: AppServices;
  publicConfig: PublicConfig;
  nonce: string;
  requestId: string;
};

export const appContext = createContext<AppLoadContext>();
