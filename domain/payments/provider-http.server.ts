import {
  providerRequest as serviceRequest,
  ServiceUnavailableError,
  type ProviderAnswer,
  type ProviderRequest as ServiceRequest,
} from "#platform/http/provider-request.ts";
import { ProviderUnavailableError } from "#domain/payments/payment-provider.server.ts";

/**
 * One JSON call to a payment provider (platform/http/provider-request.ts): anything but an answer in
 * time is a ProviderUnavailableError, so the caller changes nothing and the poller tries again later.
 */
export type ProviderRequest = Omit<ServiceRequest, "provider"> & { provider: "mercadopago" | "bcb" };
export type { ProviderAnswer };

export async function providerRequest(request: ProviderRequest): Promise<ProviderAnswer> {
  try {
    return await serviceRequest({ ...request, provider: `pix_${request.provider}` });
  } catch (error) {
    if (error instanceof ServiceUnavailableError) throw new ProviderUnavailableError(error.message, { cause: error.cause });
    throw error;
  }
}

/** An answer other than 2xx, as an error that says what the provider said. */
export function providerRefused(answer: ProviderAnswer, what: string): ProviderUnavailableError {
  return new ProviderUnavailableError(`${what}: HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
}
