import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Import boundaries of the layout (ARCHITECTURE.md): routes → features → ui, lib. */
const noServerImport = {
  group: ["**/server/**", "../server/*", "../../server/*"],
  message: "Only *.server.ts files under app/ may import server/ code.",
};
const noFeatureImport = {
  group: ["~/features/*", "**/features/**"],
  message: "ui/ and lib/ are shared by every feature and import none of them.",
};
const noRouteImport = {
  group: ["~/routes/*", "**/routes/**", "./+types/*"],
  message: "Routes are the top of the import graph; nothing imports a route module.",
};
const restrict = (...patterns) => ["error", { patterns }];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The island pages' browser code (decision 009) sits where features do: above ui/ and lib/.
    files: ["app/features/**/*.{ts,tsx}", "app/islands/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": restrict(noServerImport, noRouteImport) },
  },
  {
    files: ["app/features/**/*.server.ts"],
    rules: { "no-restricted-imports": restrict(noRouteImport) },
  },
  {
    files: ["app/ui/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": restrict(noFeatureImport, noRouteImport, noServerImport) },
  },
  {
    files: ["app/lib/**/*.server.ts"],
    rules: { "no-restricted-imports": restrict(noFeatureImport, noRouteImport) },
  },
  {
    files: ["app/routes/**/*.tsx", "app/root.tsx"],
    ignores: ["app/**/*.server.ts"],
    rules: { "no-restricted-imports": restrict(noServerImport) },
  },
);
