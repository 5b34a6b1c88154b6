import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import type { AuthState } from "#domain/auth/auth-types.ts";
import type { PublicConfig } from "#platform/public-config.ts";
import { createQueryClient } from "#app/lib/query-client.ts";
import { Shell } from "#app/features/shell/shell.tsx";

/** The query cache and the shell around a page: the same tree under React Router and on an island page. */
export function ShopApp({ publicConfig, auth, children }: { publicConfig?: PublicConfig; auth?: AuthState; children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Shell publicConfig={publicConfig} auth={auth}>
        {children}
      </Shell>
    </QueryClientProvider>
  );
}
