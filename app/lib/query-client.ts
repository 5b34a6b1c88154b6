import { QueryClient } from "@tanstack/react-query";

const MINUTE = 60_000;

/** Spec §9: queries stale after 5 minutes, kept 30 minutes, retried once, no refetch on focus. */
export const QUERY_DEFAULTS = {
  staleTime: 5 * MINUTE,
  gcTime: 30 * MINUTE,
  retry: 1,
  refetchOnWindowFocus: false,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { ...QUERY_DEFAULTS } } });
}
