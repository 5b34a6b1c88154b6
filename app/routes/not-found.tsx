import { data } from "react-router";
import { NotFound } from "#app/features/shell/not-found.tsx";
import { pageTitle } from "#app/lib/shop-name.ts";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle("Página não encontrada", matches) }];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundPage() {
  return <NotFound />;
}
