import { searchProducts } from "#domain/search/product-search.server.ts";
import { productCardOf } from "#domain/search/search-schemas.ts";
import { defineEndpoint } from "#server/http/api.ts";
import { searchContract } from "#server/contracts/search.ts";

/**
 * The product search of /busca as JSON (decision 032), for scripts and a future live search. The
 * page itself reads the domain directly in its loader and needs no API call.
 */
export const searchEndpoint = defineEndpoint({
  ...searchContract.search,
  async handler({ query, c }) {
    const services = c.get("services");
    const origin = new URL(services.config.PUBLIC_URL).origin;
    const products = await searchProducts(services.db, query.q, query.categoria, origin);
    return {
      query: query.q,
      category: query.categoria ?? null,
      products: products.map(productCardOf),
    };
  },
});
