import { data } from "react-router";
import { NotFound } from "#app/features/shell/not-found.tsx";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Página não encontrada | Loja" }];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundPage() {
  return <NotFound />;
}
