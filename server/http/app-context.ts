import { createContext } from "react-router";
import type { PublicConfig } from "../config.ts";
import type { AppServices } from "./app-env.ts";
import type { IslandModules } from "./islands.ts";

/** What React Router loaders and actions receive from the HTTP shell. */
export type AppLoadContext = {
  services: AppServices;
  publicConfig: PublicConfig;
  nonce: string;
  requestId: string;
  /** The island pages' modules of the client build (decision 009); empty without one. */
  islands: IslandModules;
};

export const appContext = createContext<AppLoadContext>();
