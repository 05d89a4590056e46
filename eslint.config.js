import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "build/",
      "public/build/",
      ".cache/",
      ".data/",
      "test-results/",
      "playwright-report/",
      "bench/baseline/build/",
      "bench/baseline/public/build/",
      "bench/baseline/.cache/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Configuration is read in one place (app/infra/config.server.ts): nothing else reads the environment.
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through app/infra/config.server.ts." },
      ],
    },
  },
  {
    files: ["app/infra/config.server.ts", "tests/**", "bench/**", "scripts/**", "*.config.{js,ts}"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    // The Node server reaches the app only through the Remix build (entry.server's `bootstrap`).
    files: ["server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["./app/*", "~/*"],
              allowTypeImports: true,
              message: "server.ts gets the app through build.entry.module.bootstrap.",
            },
          ],
        },
      ],
    },
  },
  {
    // Routes speak to stores and the identity port, never to a database, SQL or Firebase directly.
    files: ["app/routes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "better-sqlite3", message: "Use the stores (services.stores)." },
            { name: "firebase-admin", message: "Use the identity port (services.identity)." },
            { name: "firebase", message: "Use the identity port (services.identity)." },
          ],
          patterns: [
            { group: ["firebase-admin/*", "firebase/*"], message: "Use the identity port (services.identity)." },
            { group: ["~/infra/sqlite/*"], message: "Use the stores (services.stores)." },
            { group: ["~/infra/firebase/*"], message: "Use the identity port (services.identity)." },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "Literal[value=/^\\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|PRAGMA)\\s/i]",
          message: "SQL lives in the SQLite store (app/infra/sqlite).",
        },
        {
          selector: "TemplateElement[value.raw=/^\\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|PRAGMA)\\s/i]",
          message: "SQL lives in the SQLite store (app/infra/sqlite).",
        },
        {
          selector: "MemberExpression[property.name='db']",
          message: "No database handle in routes: use the stores (services.stores).",
        },
        {
          selector: "MemberExpression[property.name='code'][object.name=/[eE]rror$/]",
          message: "Identity errors are mapped to outcomes inside the identity port.",
        },
      ],
    },
  },
);
