import { CartPage } from "~/features/cart/cart-page";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = () => [{ title: "Carrinho | Loja Micologia" }, { name: "robots", content: "noindex" }];

export default function Page() {
  return <CartPage />;
}
