import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import type { AuthState } from "#domain/auth/auth-types.ts";
import type { PublicConfig } from "#platform/public-config.ts";
import { createQueryClient } from "#app/lib/query-client.ts";
import type { PageTransitions } from "#app/features/shell/page-transitions.tsx";
import { Shell } from "#app/features/shell/shell.tsx";

/** The query cache and the shell around a page: the same tree under React Router and on an island page. */
export function ShopApp({
  publicConfig,
  auth,
  transitions,
  children,
}: {
  publicConfig?: PublicConfig;
  auth?: AuthState;
  /** React Router's root passes the page transitions; an island page has none (decision 038). */
  transitions?: typeof PageTransitions;
  children: React.ReactNode;
}) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Shell publicConfig={publicConfig} auth={auth} transitions={transitions}>
        {children}
      </Shell>
    </QueryClientProvider>
  );
}
