import { clientErrorEndpoint } from "../client-errors.ts";
import type { Endpoint } from "./api.ts";

/** Every JSON API operation of the shop; later features add theirs here. */
export const apiEndpoints: Endpoint[] = [clientErrorEndpoint];
