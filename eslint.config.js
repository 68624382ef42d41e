// ESLint for the whole repository, run by `npm run lint` (part of `npm test`).
// The recommended sets of ESLint, typescript-eslint, React's hooks rules (with
// the React Compiler's checks) and jsx-a11y, and nothing that only adds noise.
// Why no type-aware rules: docs/decisions/025-lint-and-format.md.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  // Build output, generated types, data and the example organisation (data, not code).
  globalIgnores(["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "data/", "examples/"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A leading underscore marks a parameter a signature requires but the body does not use
      // (Express's four-argument error handler, a callback's first argument).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // The app runs in both the server and the browser; its tests render it in jsdom-like setups.
    files: ["app/**/*.{ts,tsx}", "tests/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  // React code lives under app/ (hooks in .ts files too) and tests/support's render helper; the server's
  // tests have helpers named use* (useServer) that are no React hooks.
  { files: ["app/**/*.{ts,tsx}", "tests/**/*.tsx"], ...reactHooks.configs.flat["recommended-latest"] },
  { files: ["**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    // A label's text may sit a level deeper than the rule looks by default: a title and a description, each a span in a span.
    files: ["**/*.tsx"],
    rules: { "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }] },
  },
  {
    // Migrations are written against the schema of their own time, not today's, so they take
    // Kysely<any> as Kysely's migration guide does.
    files: ["app/lib/db/migrations/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
