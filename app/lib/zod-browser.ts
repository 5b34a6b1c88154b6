// The pages' CSP has no 'unsafe-eval', so zod's compiled (new Function) parsers are off in the
// browser anyway; `jitless` also skips the `new Function("")` probe zod makes when the first object
// schema is built, which the browser reports as a CSP violation (Lighthouse's best-practices
// "inspector-issues" on /checkout and /auth). root.tsx imports this first, before any schema
// module runs. Not on the server: there eval is allowed and the compiled parsers are faster.
//
// Set on the object zod keeps its settings in (`z.config()` reads and writes the same one, shared
// by every copy of zod in the page) instead of calling `z.config`: importing zod here would add
// its core (~3.5 KB Brotli) to every page. e2e/layout.spec.ts fails if zod stops reading it.
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

if (typeof document !== "undefined") ((globalThis as ZodGlobal).__zod_globalConfig ??= {}).jitless = true;
