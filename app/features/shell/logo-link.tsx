import { Link } from "react-router";
import { focusRing } from "#app/ui/button-styles.ts";
import { Logo } from "#app/features/shell/logo.tsx";
import { useShopBrand } from "#app/shared/shop-brand.tsx";

export function LogoLink({ className = "" }: { className?: string }) {
  const { name } = useShopBrand();
  return (
    <Link to="/" aria-label={`${name} – página inicial`} className={`rounded-md ${focusRing} ${className}`}>
      <Logo />
    </Link>
  );
}
