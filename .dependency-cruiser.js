// The import rules of the four layers (docs/requirements.md "Layout"), checked
// on resolved paths by `npm run lint`. Each rule's comment is the message a violation prints: what
// is forbidden and why. scripts/layer-rules.test.ts proves that a violation fails with that name.

/**
 * The domain's module graph, written down: each module under domain/ and the other modules it may
 * import (domain/errors.ts is everyone's). It must stay acyclic: loading this file fails on a cycle.
 * Derived from the code (`npx depcruise domain --include-only "^domain/" --output-type text`) and
 * from the four layers' target; a new module or a new edge is a change of this table, made
 * in review.
 */
export const DOMAIN_NEIGHBOURS = {
  pricing: [],
  // A sale or an edit that brings a product's stock to its alert level tells the owner's phones (issue 31).
  catalog: ["pricing", "audit", "push"],
  // Product search (issue 20): finds catalogue products by their words.
  search: ["catalog"],
  // Melhor Envio's token comes from the connection the owner made (issue 30 item 7).
  shipping: ["audit", "connections"],
  // The shop's accounts at Melhor Envio and Focus NFe (issue 30 item 7, decision 075): tokens sealed with a
  // key derived from auth's secret; connecting and disconnecting are audited.
  connections: ["auth", "audit"],
  // The static BR Code carries the Pix key the owner saved in the admin (issue 28, decision 055).
  payments: ["settings"],
  // The shop's settings (audited) and the go-live check (issue 28, decisions 055 and 056), which asks
  // catalog for the digital products' files (decision 048).
  // The shop's sender address is checked with shipping's CEP rule (issue 30 item 2). "Pronta para
  // enviar?", on the settings screen and in the go-live check, asks connections whether Focus NFe has
  // the shop's token (decision 088).
  settings: ["audit", "catalog", "shipping", "connections"],
  // E-mails show amounts in R$.
  notifications: ["pricing"],
  // Web Push to the owner's and customers' devices (issue 31, decision 070): the owner is every admin,
  // whose ids auth reads (decision 048).
  push: ["auth"],
  consent: [],
  // The audit log's sentences show amounts in R$ (issue 28 item 10).
  audit: ["pricing"],
  // The admin's CSV files: how a query becomes a streamed spreadsheet (issues 17 and 18).
  exports: [],
  // npm run admin:create records its change in the audit log.
  auth: ["notifications", "audit", "referrals"],
  cart: ["pricing", "catalog", "shipping"],
  // The orders list shows each line's current product picture (catalog's image resolution); e-mails to the
  // customer and the admins take their addresses from auth (decision 048).
  orders: [
    "pricing",
    "cart",
    "shipping",
    "payments",
    "notifications",
    "audit",
    "coupons",
    "referrals",
    "catalog",
    "delivery",
    "exports",
    "auth",
    "push",
  ],
  // Deleting an account anonymises its orders and consent events and has each owner forget the rest (auth,
  // cart, notifications, referrals); the data export lists them all (LGPD, decision 048).
  // A saved address's CEP follows shipping's one CEP rule (decision 046).
  account: ["orders", "consent", "referrals", "reviews", "shipping", "auth", "cart", "notifications", "push"],
  // The new order's e-mails go to the customer and the admins, whose addresses auth reads (decision 048).
  checkout: ["account", "auth", "cart", "catalog", "pricing", "shipping", "payments", "notifications", "orders", "coupons", "referrals"],
  // The owner's dashboard and customers list read orders, the audit log and consent events (issue 17).
  // Its low-stock list uses catalog's alert level, the one the owner's push uses (issue 31).
  dashboard: ["orders", "audit", "recovery", "catalog"],
  customers: ["orders", "consent"],
  // Reminders of carts left behind and their unsubscribe link (issue 19 item 5).
  recovery: ["auth", "consent", "notifications"],
  // Referrals and their credit ledger; coupons (issue 19, decisions 027 and 028).
  referrals: [],
  coupons: ["pricing", "audit"],
  // Reviews ask orders whether the buyer's order is delivered and holds the item, catalog for product names
  // and to keep the review totals, auth for the author's name (decision 048); moderation is audited (issue 19).
  reviews: ["audit", "orders", "catalog", "auth"],
  // Digital delivery signs its links with the shop's secret (issue 19); the paid order's e-mail carries them.
  // Each product's file and instructions are catalog's (decision 048).
  delivery: ["auth", "catalog"],
  // The maintenance panel (issue 18): clean-ups expire Pix orders through the orders' own job, and clear
  // the carts, notifications and sessions through their owners (decision 048); the health of the e-mail
  // queue and the customers and products CSVs; the outside services' connections (issue 30 item 7).
  // The health turning red tells the owner's phones (issue 31).
  maintenance: ["orders", "audit", "exports", "catalog", "email-queue", "cart", "notifications", "auth", "connections", "push"],
  // Invoices (issue 30 item 3): an order's NF-e/NFS-e, issued from its lines and the shop's tax data. Orders
  // never import invoices or labels: a paid order queues their jobs by name, and they call orders back.
  // The customer's "Sua nota fiscal" e-mail goes to the address auth reads (decision 048); Focus' token through connections.
  invoices: ["orders", "settings", "catalog", "notifications", "push", "audit", "auth", "connections"],
  // Labels and tracking (issue 30 items 4 and 5): bought from the shop's sender data, waiting for the NF-e's
  // key; the carrier's news moves the order through orders' carrier events.
  // Its refund notes and refusals say amounts in R$ (pricing's one formatter).
  labels: ["orders", "invoices", "settings", "shipping", "catalog", "notifications", "push", "audit", "connections", "pricing"],
  // The e-mail log and queue as the admins see it (issue 18): list, resend (audited), health; the test
  // e-mail goes to the admin's address, read through auth (decision 048).
  // An e-mail failed for good tells the owner's phones (issue 31).
  "email-queue": ["audit", "auth", "push"],
  // Provider payments applied to orders: webhooks, the poller, the admins' alerts (issue 21), sent to the
  // admins' addresses read through auth (decision 048).
  reconciliation: ["orders", "payments", "notifications", "pricing", "auth"],
};

/**
 * Who may import each table file of platform/db/tables/ besides its owner (decision 048). The file
 * `platform/db/tables/<module>.ts` holds the tables of domain/<module>/, and only that module's files
 * import it: every other module reads and writes them through the owner's functions, so a table's
 * rules (its locks, its invariants, what else changes with it) live in one place. Tests may import
 * any table file (they arrange rows and check what was stored). Each entry below is a reader outside
 * the owner, named with the tables it reads and why a function of the owner would not do.
 */
export const TABLE_READERS = {
  // The mailer (platform/mail/email-queue.ts) writes an e-mail's log row in the statement that queues
  // its job, and platform may not import domain; domain/email-queue owns everything else about it.
  "email-queue": { "platform/mail/email-queue.ts": "the mailer logs each e-mail it queues (email_log)" },
  // The admin's customers and products CSVs (decision 026): one streamed query joins each account with
  // its orders' totals, each product with its sales; row by row through owners' functions would not stream.
  auth: {
    "domain/maintenance/catalog-csv.server.ts": "the customers CSV: accounts with their orders' totals, streamed",
    // LGPD art. 18 (decision 018): the export lists everything stored about one person, in one read.
    "domain/account/account-export.server.ts": "the LGPD export reads the person's account and sessions",
    // The audit row keeps who made the change as it was then, even after that account is deleted
    // (decision 023): one read of the actor's e-mail by id, in the change's transaction. Auth's own
    // changes (admins added or removed) are audited, so auth imports audit and audit cannot call auth.
    "domain/audit/audit-log.server.ts": "the audit row copies the actor's e-mail, read by id in the change's transaction",
  },
  orders: {
    "domain/maintenance/catalog-csv.server.ts": "the customers and products CSVs sum orders per account and per product",
    // The operator's /metrics (decision 052): counts of orders by status, read at each scrape with a timeout.
    "server/http/metrics.ts": "the metrics scrape counts orders by status and recent status changes",
  },
  catalog: { "domain/maintenance/catalog-csv.server.ts": "the products CSV: each product with its sales, streamed" },
  cart: { "domain/account/account-export.server.ts": "the LGPD export lists the person's carts" },
  notifications: { "domain/account/account-export.server.ts": "the LGPD export lists the person's notifications" },
  referrals: { "domain/account/account-export.server.ts": "the LGPD export lists the person's referral link and credit" },
};

/** A table file's owner: the domain module it is named for. */
const tableRules = (modules) =>
  modules.map((name) => ({
    name: `tables-${name}-owned-by-domain-${name}`,
    severity: "error",
    comment:
      `platform/db/tables/${name}.ts holds the tables of domain/${name}: only domain/${name}/ imports it ` +
      `(and the readers in TABLE_READERS of .dependency-cruiser.js, each with its reason; tests may import any table file). ` +
      `Read or write these tables through a function of domain/${name}, so that their rules stay in one module (decision 048).`,
    from: {
      path: "^(app|domain|platform|server)/",
      pathNot: [
        `^domain/${escape(name)}/`,
        // Table files refer to each other's keys (foreign keys); the client's barrel re-exports them all.
        "^platform/db/tables/",
        "^platform/db/schema\\.ts$",
        "\\.test\\.tsx?$",
        ...Object.keys(TABLE_READERS[name] ?? {}).map((file) => `^${escape(file)}$`),
      ],
    },
    to: { path: `^platform/db/tables/${escape(name)}\\.ts$` },
  }));

/**
 * The feature folders of app/features/ and the other feature folders each may import: one way only
 * (acyclic, checked when this file loads), like the domain's modules. What two features both need
 * goes to the shared place, app/shared/ (shop-aware pieces: the product picture, the stars, dates,
 * the site's sections), which imports no feature; the pages compose features in
 * app/routes/. Derived from the code after issue 27 item 7; a new edge is a change of this table,
 * made in review, and an edge back is refused: move the piece both need into app/shared/.
 */
export const FEATURE_NEIGHBOURS = {
  // The /admin frame (navigation, section frame, formatting); its sections live in their modules' folders.
  admin: [],
  // Signing in joins the browser's earlier consent events to the account (decision 060).
  auth: ["consent"],
  consent: [],
  notifications: [],
  payments: [],
  pricing: [],
  referrals: [],
  support: [],
  delivery: [],
  seo: [],
  cart: ["auth"],
  reviews: ["admin"],
  audit: ["admin"],
  coupons: ["admin"],
  maintenance: ["admin"],
  // The owner's settings and the go-live check, as an admin section.
  settings: ["admin"],
  // The shop's accounts at Melhor Envio and Focus NFe, on the settings screen (issue 30 item 7).
  connections: [],
  "email-queue": [],
  // Web Push on this device: the owner's section and install offer, a customer's toggle (issue 31);
  // the app bar hears a sign-out (auth's event) to delete the orders list kept for offline (decision 082).
  push: ["auth"],
  // The owner's first screen on a phone: what must be done now (issue 31 item 5).
  "owner-today": [],
  recovery: [],
  // The product page shows the buy box (cart), the live price and the reviews.
  catalog: ["cart", "pricing", "reviews"],
  shipping: ["catalog"],
  search: ["catalog"],
  content: ["catalog"],
  home: ["catalog", "consent"],
  legal: ["consent"],
  // An order's notes (issue 30 item 3): the admin's panel, the customer's DANFE links, the notes to fix, a product's tax data.
  invoices: [],
  // A customer's order shows its Pix, downloads, reviews and notes; the admin's order page its audit trail, notes and
  // label panel; the orders list buys labels in bulk (issue 30 items 3 and 4).
  orders: ["audit", "delivery", "payments", "reviews", "invoices", "labels"],
  labels: [],
  customers: ["admin", "orders"],
  dashboard: ["admin", "audit", "orders", "recovery"],
  account: ["auth", "notifications", "orders", "push", "referrals"],
  checkout: ["account", "auth", "cart", "orders", "payments"],
  // The page frame of every page: header, menu, footer and their controls.
  shell: ["auth", "cart", "consent", "notifications", "search", "support"],
};

/** The modules in an order where each comes after every module it imports; throws on a cycle. */
export function moduleOrder(graph, table = "DOMAIN_NEIGHBOURS") {
  const order = [];
  const state = new Map();
  const visit = (name, path) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") throw new Error(`${table} has a cycle: ${[...path, name].join(" → ")}`);
    if (!(name in graph)) throw new Error(`${table}: ${path.at(-1)} lists ${name}, which has no entry of its own`);
    state.set(name, "visiting");
    for (const neighbour of graph[name]) visit(neighbour, [...path, name]);
    state.set(name, "done");
    order.push(name);
  };
  for (const name of Object.keys(graph)) visit(name, []);
  return order;
}
moduleOrder(DOMAIN_NEIGHBOURS);
moduleOrder(FEATURE_NEIGHBOURS, "FEATURE_NEIGHBOURS");

const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const oneOf = (names) => `(${names.map(escape).join("|")})`;

// Browser code of app/: everything except server-only files. Route modules (app/root.tsx,
// app/routes/*) hold the loaders and actions: React Router's build removes those, and what they
// import, from the browser bundle, so they may import server code; their components get theirs
// through app/features.
const ROUTE_MODULES = ["^app/root\\.tsx$", "^app/routes/"];
const APP_SERVER_FILES = ["\\.server\\.tsx?$", "^app/entry\\.server\\.tsx$", ...ROUTE_MODULES, "\\.test\\.tsx?$"];

/** What React and the HTTP framework are: code of the pages and of the edge, never of the domain. */
const WEB_FRAMEWORKS = [
  "hono",
  "@hono",
  "react",
  "react-dom",
  "react-router",
  "@react-router",
  "@tanstack",
  "radix-ui",
  "lucide-react",
  "sonner",
];

const neighbourRules = Object.entries(DOMAIN_NEIGHBOURS).map(([name, neighbours]) => ({
  name: `domain-${name}-neighbours`,
  severity: "error",
  comment:
    `domain/${name} may import ${neighbours.length ? `only ${neighbours.map((n) => `domain/${n}`).join(", ")} (and domain/errors.ts)` : "no other domain module (only domain/errors.ts)"}: ` +
    "the module graph written down in DOMAIN_NEIGHBOURS of .dependency-cruiser.js, which stays acyclic. " +
    "Move the code to the module that owns it, or change the table in review if the new edge is right.",
  from: { path: `^domain/${escape(name)}/` },
  to: { path: "^domain/[^/]+/", pathNot: `^domain/${oneOf([name, ...neighbours])}/` },
}));

const featureRules = Object.entries(FEATURE_NEIGHBOURS).map(([name, neighbours]) => ({
  name: `app-feature-${name}-neighbours`,
  severity: "error",
  comment:
    `app/features/${name} may import ${neighbours.length ? `only app/features/${neighbours.join(", app/features/")} of the other features` : "no other feature folder"} (and app/shared/, app/ui/, app/lib/): ` +
    "feature folders import each other one way only, as FEATURE_NEIGHBOURS of .dependency-cruiser.js writes down (acyclic). " +
    "Move what both features need into app/shared/, let the route compose the two, or change the table in review if the new edge is right.",
  from: { path: `^app/features/${escape(name)}/` },
  to: { path: "^app/features/[^/]+/", pathNot: `^app/features/${oneOf([name, ...neighbours])}/` },
}));

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "platform-imports-no-shop-code",
      severity: "error",
      comment:
        "platform/ is infrastructure that knows no shop concept (config, logger, db, mail, realtime, jobs): it must not import app/, domain/ or server/. " +
        "Pass what it needs in as a parameter, or move the code that needs the shop into domain/ or server/.",
      from: { path: "^platform/" },
      to: { path: "^(app|domain|server)/" },
    },
    {
      name: "domain-imports-only-domain-and-platform",
      severity: "error",
      comment:
        "domain/ holds the shop's rules, which both edges call: it may import only domain/, platform/ and packages, never app/ (pages), server/ (HTTP, start-up, jobs) or anything else of the repository. " +
        "Move the shared code down into domain/ or platform/, or let the edge pass it in.",
      from: { path: "^domain/", pathNot: "\\.test\\.ts$" },
      to: { pathNot: ["^(domain|platform)/", "(^|/)node_modules/"], dependencyTypesNot: ["core"], couldNotResolve: false },
    },
    {
      // Tests sit beside their code, and each gets its own PostgreSQL from the helpers in test/:
      // that is the one thing more a domain test may import.
      name: "domain-tests-import-only-domain-platform-and-test-helpers",
      severity: "error",
      comment:
        "A domain test may import domain/, platform/, the test helpers in test/ and packages, never app/ or server/ directly: a test of an edge (a page, an endpoint) belongs beside the edge's code.",
      from: { path: "^domain/.+\\.test\\.ts$" },
      to: { pathNot: ["^(domain|platform|test)/", "(^|/)node_modules/"], dependencyTypesNot: ["core"], couldNotResolve: false },
    },
    {
      name: "domain-no-web-frameworks",
      severity: "error",
      comment:
        "domain/ knows no HTTP and no UI: no hono, react, react-dom, react-router or @tanstack/* (nor their UI kits). " +
        "It throws DomainError and returns data; the edges (server/http, app/routes) turn that into responses and pages.",
      from: { path: "^domain/" },
      to: { path: `(^|/)node_modules/${oneOf(WEB_FRAMEWORKS)}(/|$)` },
    },
    ...neighbourRules,
    ...tableRules(Object.keys(DOMAIN_NEIGHBOURS)),
    {
      name: "table-file-named-for-its-module",
      severity: "error",
      comment:
        "Each file of platform/db/tables/ is named for the domain module that owns its tables (platform/db/tables/<module>.ts, a key of DOMAIN_NEIGHBOURS): " +
        "put a new table in its owner's file, or add the module first (decision 048).",
      from: {},
      to: { path: "^platform/db/tables/", pathNot: `^platform/db/tables/${oneOf(Object.keys(DOMAIN_NEIGHBOURS))}\\.ts$` },
    },
    {
      name: "schema-barrel-only-for-the-client",
      severity: "error",
      comment:
        "platform/db/schema.ts re-exports every table for the drizzle client (platform/db/client.ts) alone: import the owning module's table file, platform/db/tables/<module>.ts, " +
        "from that module's own code (decision 048), and reach other modules' tables through their functions.",
      from: { pathNot: "^platform/db/client\\.ts$" },
      to: { path: "^platform/db/schema\\.ts$" },
    },
    {
      name: "domain-module-undeclared",
      severity: "error",
      comment:
        "Every folder under domain/ that imports another domain module has an entry in DOMAIN_NEIGHBOURS of .dependency-cruiser.js: add the new module and its allowed neighbours there.",
      from: { path: "^domain/[^/]+/", pathNot: `^domain/${oneOf(Object.keys(DOMAIN_NEIGHBOURS))}/` },
      to: { path: "^domain/[^/]+/" },
    },
    {
      name: "app-not-to-server",
      severity: "error",
      comment:
        "app/ (pages and browser code) never imports server/ (the process and the HTTP edge), except the API's contracts in server/contracts/ (browser-safe, decision 046): server/ depends on app/ only through app/lib/app-context.server.ts, so the other way would be a cycle between the layers. " +
        "Call the domain, or move the shared code into domain/ or platform/.",
      from: { path: "^app/" },
      to: { path: "^server/", pathNot: "^server/contracts/" },
    },
    {
      name: "contracts-browser-safe",
      severity: "error",
      comment:
        "server/contracts/ holds the API's routes and contracts, which the browser imports (decision 046): they may import only each other, zod and domain/'s browser-safe files (not *.server.ts), never the server, platform or app. " +
        "Move the schema into the module's domain/*-schemas.ts file, or the refusal into its domain/*-errors.ts file.",
      from: { path: "^server/contracts/", pathNot: "\\.test\\.ts$" },
      to: {
        pathNot: ["^server/contracts/", "^domain/[^/]+/[^/]+(?<!\\.server)\\.ts$", "^domain/errors\\.ts$", "(^|/)node_modules/zod/"],
        couldNotResolve: false,
      },
    },
    {
      name: "routes-without-zod",
      severity: "error",
      comment:
        "server/contracts/*.routes.ts, routes.ts and cart-headers.ts are what pages load to call the API: they import nothing, so no zod (24 KB gzip) or schema reaches the storefront's first visit (decisions 011, 035, 046).",
      from: { path: "^server/contracts/(.+\\.routes|routes|cart-headers)\\.ts$" },
      to: {},
    },
    {
      name: "app-browser-no-platform-values",
      severity: "error",
      comment:
        "app/'s browser code (not *.server.ts, entry.server.tsx or route modules) may import only types from platform/ (import type …): platform's values (config, db, logger, mail) are server-only and must not reach the browser bundle. " +
        "Read the value in a loader and pass it down, or use a *.server.ts file.",
      from: { path: "^app/", pathNot: APP_SERVER_FILES },
      to: { path: "^platform/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "app-browser-no-server-files",
      severity: "error",
      comment:
        "app/'s browser code (not *.server.ts, entry.server.tsx or route modules) must not import a *.server.ts file's values: React Router's build refuses them in the browser bundle. " +
        "Import it from a loader or action (route module) or from another *.server.ts file; types alone are fine.",
      from: { path: "^app/", pathNot: APP_SERVER_FILES },
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "app-shared-code-no-features",
      severity: "error",
      comment:
        "app/shared/, app/ui/ and app/lib/ are shared by every feature and import none of them (app/features/): the pages' layers go routes → features → shared, ui, lib. " +
        "Move what the shared code needs from a feature into shared/, ui/ or lib/, or pass it in.",
      from: { path: "^app/(shared|ui|lib)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^app/features/" },
    },
    ...featureRules,
    {
      name: "app-feature-undeclared",
      severity: "error",
      comment:
        "Every folder under app/features/ that imports another feature folder has an entry in FEATURE_NEIGHBOURS of .dependency-cruiser.js: add the new feature and the features it may import there (one way only).",
      from: { path: "^app/features/[^/]+/", pathNot: `^app/features/${oneOf(Object.keys(FEATURE_NEIGHBOURS))}/` },
      to: { path: "^app/features/[^/]+/" },
    },
    {
      name: "nothing-imports-routes",
      severity: "error",
      comment:
        "Route modules (app/root.tsx, app/routes/*) are the top of the pages' import graph: React Router loads them from app/routes.ts, and nothing else imports them (a route's own test may). " +
        "Move what another file needs from a route into app/features/ or app/lib/.",
      from: { pathNot: "\\.test\\.tsx?$" },
      to: { path: ROUTE_MODULES },
    },
    {
      name: "server-to-app-only-through-app-context",
      severity: "error",
      comment:
        "server/ may import app/ only through app/lib/app-context.server.ts (the request-context seam); everything else it needs is in domain/ or platform/. " +
        "Pages are rendered by React Router's build, not imported by the HTTP edge.",
      from: { path: "^server/" },
      to: { path: "^app/", pathNot: "^app/lib/app-context\\.server\\.ts$" },
    },
    {
      name: "no-cycles",
      severity: "error",
      comment:
        "No import cycles in app/, domain/, platform/ or server/: a cycle ties its files into one unit that can be neither loaded, tested nor moved apart. " +
        "Move what both sides share into a third file that both import.",
      from: { path: "^(app|domain|platform|server)/" },
      to: { circular: true },
    },
    {
      name: "no-unresolvable-imports",
      severity: "error",
      comment:
        "Every import of app/, domain/, platform/ and server/ resolves to a file or a package (these rules are checked on resolved paths, so an unresolved one escapes them). " +
        "Spell local imports as #app/…, #domain/…, #platform/…, #server/… with the file's extension.",
      from: { path: "^(app|domain|platform|server)/", pathNot: ROUTE_MODULES },
      // React Router's virtual server build exists only inside its own build.
      to: { couldNotResolve: true, pathNot: "^virtual:react-router/" },
    },
    {
      name: "no-unresolvable-imports-in-routes",
      severity: "error",
      comment:
        "Every import of a route module resolves to a file or a package, except its generated types (./+types/<route>, which React Router's typegen writes under .react-router/ and tsconfig's rootDirs finds). " +
        "Spell local imports as #app/…, #domain/… with the file's extension.",
      from: { path: ROUTE_MODULES },
      to: { couldNotResolve: true, pathNot: "^\\./\\+types/[^/]+$" },
    },
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    exclude: { path: "^(\\.react-router|build|data)/" },
    // Keeps `import type` edges and marks them "type-only", so that the browser rule can allow them.
    tsPreCompilationDeps: "specify",
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      // The packages' "exports" (hono/cookie, react-router/dom, …); package.json's "imports"
      // (#app/*, #domain/*, …) are read through enhanced-resolve's default importsFields.
      exportsFields: ["exports"],
      conditionNames: ["import", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
      mainFields: ["module", "main", "types"],
    },
  },
};
