import { lazy, Suspense } from "react";
import { useAuth } from "#app/features/auth/auth-context.tsx";

// Only admins see these links: nobody else loads their code (decision 038).
const AdminNav = lazy(() => import("#app/features/auth/admin-nav.tsx"));

/**
 * Spec §6: what admins see in the header (admin-nav.tsx). The server decided (root loader and
 * is_admin); the pages themselves check again (requireAdmin), so this is only navigation.
 */
export function AdminLinks({ layout = "bar" }: { layout?: "bar" | "menu" }) {
  const { isAdmin } = useAuth();
  if (!isAdmin) return null;
  return (
    <Suspense fallback={null}>
      <AdminNav layout={layout} />
    </Suspense>
  );
}
