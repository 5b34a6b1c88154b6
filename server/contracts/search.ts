import { searchInputSchema, searchResultSchema } from "#domain/search/search-schemas.ts";
import { defineContract } from "#server/contracts/define-contract.ts";
import { searchRoutes } from "#server/contracts/search.routes.ts";

export const searchContract = defineContract(searchRoutes, {
  search: {
    operationId: "searchProducts",
    summary: "Busca produtos por nome, categoria ou descrição, sem diferenciar acentos e maiúsculas, os mais relevantes primeiro",
    tag: "catálogo",
    query: searchInputSchema,
    response: searchResultSchema,
  },
});
