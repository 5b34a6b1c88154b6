import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The route table of spec §2, in its order. Each module is loaded on demand (code splitting). */
export default [
  index("routes/home.tsx"),
  route("auth", "routes/auth.tsx"),
  // The panels' sections have readable addresses (/cliente/enderecos, /admin/pedidos,
  // /maintenance-panel/saude; decision 047): one route each, so its loader guards every section
  // and moving between sections keeps the page (and the keyboard's place in it).
  route("cliente/:aba?", "routes/cliente.tsx"),
  route("admin/:secao?", "routes/admin.tsx"),
  route("maintenance-panel/:secao?", "routes/maintenance-panel.tsx"),
  route("customizar-produto", "routes/customizar-produto.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx", { id: "checkout" }),
  route("checkout-flow", "routes/checkout.tsx", { id: "checkout-flow" }),
  route("success", "routes/success.tsx"),
  route("prototipo/kit-cultivo-gt", "routes/prototipo-kit-cultivo-gt.tsx"),
  route("referencias", "routes/referencias.tsx"),
  route("guia-cultivo", "routes/guia-cultivo.tsx"),
  route("cursos", "routes/cursos.tsx"),
  route("restricao-idade", "routes/restricao-idade.tsx"),
  route("privacidade", "routes/legal.tsx", { id: "privacidade" }),
  route("termos", "routes/legal.tsx", { id: "termos" }),
  route("cookies", "routes/legal.tsx", { id: "cookies" }),
  route("produto/:slug", "routes/produto.tsx"),
  // The reminder e-mails' unsubscribe link (issue 19 item 5).
  route("descadastrar", "routes/descadastrar.tsx"),
  // Product search (issue 20, decision 032).
  route("busca", "routes/busca.tsx"),
  // A signed download link's page: the file itself is served before React Router when the link and
  // the account are right; this page says why not, and makes a new link (decision 030).
  route("download/:orderId/:productId", "routes/download.tsx"),
  // Redirects of spec §2 (permanent on the server, never a history entry in the browser).
  route("delivery-address", "routes/redirect.tsx", { id: "redirect-delivery-address" }),
  route("unified-checkout", "routes/redirect.tsx", { id: "redirect-unified-checkout" }),
  route("direitos", "routes/redirect.tsx", { id: "redirect-direitos" }),
  // For search engines (resource routes: XML and plain text, no page).
  route("sitemap.xml", "routes/sitemap.tsx"),
  route("robots.txt", "routes/robots.tsx"),
  // Fails on purpose when EXPOSE_TEST_ROUTES=true (browser tests of the error screen); 404 otherwise.
  route("__teste/erro", "routes/test-error.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
