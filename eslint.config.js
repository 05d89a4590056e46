import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const IDENTITY_PORT = "Use the identity port (services.identity).";
const RAW_IDENTITY =
  "Use the identity port's verbs: services.identity.admin (the raw Admin SDK) is for tests and the start-up check only.";
const IDENTITY_CODES = "Identity errors are mapped to outcomes inside the identity port.";
const STORES = "Use the stores (services.stores).";
const SQL_LIVES = "SQL lives in the stores' implementations (app/infra/sqlite, app/infra/postgres): use the stores.";

/** Imports that reach Firebase past the identity port. */
const identityImports = {
  paths: [
    { name: "firebase-admin", message: IDENTITY_PORT },
    { name: "firebase", message: IDENTITY_PORT },
  ],
  patterns: [
    { group: ["firebase-admin/*", "firebase/*"], message: IDENTITY_PORT },
    { group: ["~/infra/firebase/*"], message: IDENTITY_PORT },
  ],
};

/** Reaching the raw SDK objects behind the port, or reading a Firebase error code. */
const identitySyntax = [
  {
    selector: "MemberExpression[property.name=/^(admin|auth|toolkit)$/][object.property.name='identity']",
    message: RAW_IDENTITY,
  },
  {
    selector: "MemberExpression[property.name=/^(admin|auth|toolkit)$/][object.name='identity']",
    message: RAW_IDENTITY,
  },
  {
    selector:
      "VariableDeclarator[init.property.name='identity'] > ObjectPattern > Property[key.name=/^(admin|auth|toolkit)$/]",
    message: RAW_IDENTITY,
  },
  { selector: "MemberExpression[property.name='code'][object.name=/[eE]rror$/]", message: IDENTITY_CODES },
  { selector: "MemberExpression[property.name='code'][object.expression.name=/[eE]rror$/]", message: IDENTITY_CODES },
  { selector: "Literal[value=/^(auth|app)\\/[a-z-]+$/]", message: IDENTITY_CODES },
  {
    selector:
      "Literal[value=/^(INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD|EMAIL_NOT_FOUND|EMAIL_EXISTS|PHONE_NUMBER_EXISTS|TOO_MANY_ATTEMPTS|USER_DISABLED|WEAK_PASSWORD|HTTP_\\d)/]",
    message: IDENTITY_CODES,
  },
];

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
    // The Node server (server.ts and its modules in server/) reaches the app only through the Remix build
    // (entry.server's `bootstrap`); types may come from the app (server/appTypes.ts).
    files: ["server.ts", "server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["./app/*", "../app/*", "**/app/*", "~/*"],
              allowTypeImports: true,
              message: "The server gets the app through build.entry.module.bootstrap.",
            },
          ],
        },
      ],
    },
  },
  {
    // Features, like routes, use the identity port's verbs: Firebase and its codes stay in app/infra/firebase
    // (the composition root in app/server makes the identity and gives the start-up account check the raw Admin
    // SDK; the load context's type, app/context.ts, names the implementation's types).
    files: ["app/**"],
    ignores: ["app/infra/**", "app/server/**", "app/context.ts", "app/routes/**", "app/auth/accountCheck.server.ts"],
    rules: {
      "no-restricted-imports": ["error", identityImports],
      "no-restricted-syntax": ["error", ...identitySyntax],
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
            { name: "better-sqlite3", message: STORES },
            { name: "pg", message: STORES },
            ...identityImports.paths,
          ],
          patterns: [
            { group: ["~/infra/sqlite/*", "~/infra/postgres/*", "~/infra/rows/*"], message: STORES },
            ...identityImports.patterns,
            {
              // One empty browser stand-in for all server code, in React's chunk (see app/routeKit.server.ts).
              group: ["@remix-run/node", "~/**/*.server", "!~/routeKit.server"],
              allowTypeImports: true,
              message: "Routes take server code from ~/routeKit.server (types may come from anywhere).",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "Literal[value=/^\\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|PRAGMA)\\s/i]",
          message: SQL_LIVES,
        },
        {
          selector: "TemplateElement[value.raw=/^\\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|PRAGMA)\\s/i]",
          message: SQL_LIVES,
        },
        {
          selector: "MemberExpression[property.name='db']",
          message: `No database handle in routes: ${STORES}`,
        },
        ...identitySyntax,
      ],
    },
  },
);
