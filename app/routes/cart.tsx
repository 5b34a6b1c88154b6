import { CartPage } from "#app/features/cart/cart-page.tsx";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = () => [{ title: "Carrinho | Loja Micologia" }, { name: "robots", content: "noindex" }];

export default function Page() {
  return <CartPage />;
}
