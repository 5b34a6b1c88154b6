import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import type { AuthState } from "~/features/auth/auth-types";
import type { PublicConfig } from "~/lib/public-config";
import { createQueryClient } from "~/lib/query-client";
import { Shell } from "./shell";

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
