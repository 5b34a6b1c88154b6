/**
 * Where the shop's parcels leave from: the sender CEP of the shop's shipping and tax data, which
 * the settings module keeps (issue 30 item 2). Settings sits above shipping (its address follows
 * shipping's CEP rule, decision 046), so shipping cannot import it: settings registers its reader
 * here when it loads, as it does for the mailer's settings (platform/mail). Until then, and while
 * the owner has not filled the data in, there is no origin and quotes come from the table.
 */
import type { Config } from "#platform/config.ts";
import type { Database } from "#platform/db/client.ts";

type OriginServices = { db: Database; config: Config };
type OriginReader = (services: OriginServices) => Promise<string | null>;

let originReader: OriginReader | null = null;

export function registerShippingOriginReader(reader: OriginReader): void {
  originReader = reader;
}

/** The sender CEP (8 digits), or null when the shop has none yet. */
export async function shippingOriginCep(services: OriginServices): Promise<string | null> {
  return originReader ? originReader(services) : null;
}
