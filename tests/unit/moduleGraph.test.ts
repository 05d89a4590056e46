/**
 * The module graph's rules.
 *
 * server.ts and its modules (server/) reach the app only through the Remix build
 * (entry.server's `bootstrap` export): if they bundled app modules themselves,
 * every class and cache of theirs would exist twice at run time (errors no longer
 * `instanceof` their class), and `~/` imports would be left unresolved in
 * build/server.js.
 *
 * Inside app/, the layering of docs/decisions/0048: a row of its table for every
 * folder and top file of app/ (MAY_IMPORT), each folder importing only what its row
 * names (infrastructure and the ports no feature, the content kernel no feature,
 * decision 0087), only entry.server reaching the composition root (app/server), and
 * no import circle anywhere, type imports included, but through the declared
 * vocabularies' types (money's, the root loader's data).
 */
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

async function serverBundleInputs(entry: string) {
  const result = await build({
    entryPoints: [path.join(root, entry)],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    write: false,
    metafile: true,
    logLevel: "silent",
    absWorkingDir: root,
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  return {
    files: Object.keys(result.metafile.inputs),
    external: output.imports.filter((i) => i.external).map((i) => i.path),
  };
}

/** The bundle's inputs that are not the server's own modules (server.ts and server/*.ts). */
const notServer = (files: string[]) => files.filter((f) => f !== "server.ts" && !/^server\/[^/]+\.ts$/.test(f));

describe("server.ts", () => {
  it("bundles its own modules, nothing from app/, and leaves no app import unresolved", async () => {
    const { files, external } = await serverBundleInputs("server.ts");
    expect(files).toContain("server.ts");
    expect(files).toContain("server/createApp.ts");
    expect(notServer(files)).toEqual([]);
    expect(external.filter((p) => p.startsWith("~/") || p.includes("app/"))).toEqual([]);
  });

  it("is caught by the check when it imports the app", async () => {
    // The check itself can fail: a file that imports an app module shows it.
    const { files } = await serverBundleInputs("tests/unit/fixtures/importsApp.ts");
    expect(files.some((f) => f.startsWith("app/"))).toBe(true);
    expect(notServer(files)).toContain("app/lib/safeRedirect.ts");
  });
});

/** An import or re-export of one app file by another: `to` is the file (or, for an asset, the path) it names. */
interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function isTypeOnly(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (!clause) return false;
    if (clause.isTypeOnly) return true;
    const named = clause.namedBindings;
    return !clause.name && !!named && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly);
  }
  const named = statement.exportClause;
  return statement.isTypeOnly || (!!named && ts.isNamedExports(named) && named.elements.every((e) => e.isTypeOnly));
}

/** The imports between the given files (paths from the repository's root, "app/…"). */
function importGraph(sources: Record<string, string>): Edge[] {
  const resolve = (from: string, specifier: string): string | null => {
    let base: string;
    if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
    else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
    else return null;
    const file = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => f in sources);
    return file ?? base;
  };
  const edges: Edge[] = [];
  for (const [file, text] of Object.entries(sources)) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    const add = (specifier: string, typeOnly: boolean) => {
      const to = resolve(file, specifier);
      if (to) edges.push({ from: file, to, typeOnly });
    };
    const visit = (node: ts.Node) => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
        if (ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text, isTypeOnly(node));
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        if (ts.isStringLiteral(node.argument.literal)) add(node.argument.literal.text, true);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [specifier] = node.arguments;
        if (specifier && ts.isStringLiteral(specifier)) add(specifier.text, false);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return edges;
}

/** Every .ts and .tsx file under app/, by its path from the repository's root. */
function appSources(): Record<string, string> {
  const sources: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name)) sources[file] = fs.readFileSync(path.join(root, file), "utf8");
    }
  };
  walk("app");
  return sources;
}

/** "auth" for app/auth/…, "context.ts" for app/context.ts. */
const areaOf = (file: string) => file.split("/")[1]!;

/** The platform every feature may stand on (decision 0048's "low"). */
const LOW = ["stores", "infra", "lib", "i18n", "countries", "phone", "assets", "styles", "nonce.tsx"] as const;

/**
 * Decision 0048's table, a row for every folder and file at the top of app/: what each may import besides itself.
 * `types` are taken as types only (a component draws a feature's data but runs none of its code).
 */
const MAY_IMPORT: Record<string, { imports: readonly string[]; types?: readonly string[] }> = {
  // The ports, the platform and the low modules.
  stores: { imports: [] },
  infra: { imports: ["stores"] },
  countries: { imports: [] },
  phone: { imports: ["countries", "lib"] },
  lib: { imports: ["i18n", "assets", "styles", "nonce.tsx"] },
  i18n: { imports: ["lib", "forms", "infra"] },
  assets: { imports: [] },
  styles: { imports: [] },
  "nonce.tsx": { imports: [] },
  forms: { imports: ["infra", "lib", "phone", "stores"] },
  verification: { imports: ["forms", ...LOW, "context.ts"] },
  // The content kernel (decision 0087): the port, the writer, the audit writer, the text rules, the import.
  content: { imports: ["stores", "lib", "i18n"] },
  // The features.
  visa: { imports: ["content", ...LOW, "context.ts"] },
  terms: { imports: ["content", ...LOW, "context.ts"] },
  auth: { imports: ["members", "verification", "forms", "visa", "terms", ...LOW, "context.ts"] },
  members: { imports: ["auth", "verification", "forms", "visa", "terms", ...LOW, "context.ts"] },
  notices: { imports: ["content", "community", ...LOW, "context.ts"] },
  community: { imports: ["auth", "members", "verification", "forms", "visa", "notices", ...LOW, "context.ts"] },
  benefits: { imports: ["content", "visa", ...LOW, "context.ts"] },
  finance: { imports: ["content", "benefits", "visa", ...LOW, "context.ts"] },
  seo: { imports: ["notices", "visa", ...LOW, "context.ts"] },
  sso: { imports: ["auth", ...LOW, "context.ts"] },
  signup: { imports: ["auth", "members", "verification", "forms", "visa", "terms", ...LOW, "context.ts"] },
  account: { imports: ["auth", "members", "signup", "community", "sso", ...LOW, "context.ts"] },
  admin: { imports: ["auth", "content", "benefits", "terms", "forms", ...LOW, "context.ts"] },
  // The composition root: every feature, never a page.
  server: {
    imports: [
      ...["account", "admin", "auth", "benefits", "community", "content", "finance", "forms", "members"],
      ...["notices", "seo", "signup", "sso", "terms", "verification", "visa", ...LOW, "context.ts"],
    ],
  },
  "context.ts": { imports: [], types: ["forms", "infra", "sso", "stores", "verification"] },
  "entry.server.tsx": { imports: ["server", ...LOW] },
  // The pages: server code through routeKit only; features' types.
  "routeKit.server.ts": {
    imports: [
      ...["account", "admin", "auth", "benefits", "community", "content", "finance", "forms", "members"],
      ...["notices", "seo", "signup", "sso", "terms", "verification", "visa", ...LOW],
    ],
  },
  components: {
    imports: ["admin", "pageKit.ts", ...LOW],
    types: ["members", "signup", "terms", "verification", "visa", "root.tsx"],
  },
  "pageKit.ts": { imports: ["components", "routeKit.server.ts", ...LOW] },
  "formKit.ts": { imports: ["components", ...LOW] },
  // A family's parts that few pages use, out of the shared chunk (decision 0108).
  kits: { imports: ["components", "formKit.ts", "routeKit.server.ts", ...LOW] },
  "root.tsx": { imports: ["components", "pageKit.ts", "routeKit.server.ts", ...LOW] },
  "entry.client.tsx": { imports: ["pageKit.ts", ...LOW] },
  routes: {
    imports: ["components", "pageKit.ts", "formKit.ts", "kits", "routeKit.server.ts", "finance", ...LOW],
    types: ["benefits", "community", "signup", "stores", "root.tsx", "context.ts"],
  },
};

/**
 * The vocabularies: files any layer may name in a type-only import, and that a circle may pass through as types.
 * Money's exact decimals and currency codes are the vocabulary of the rates port (app/stores/rates.ts) as of the
 * finance features (decision 0061); the root loader's data type is what every page's shell draws.
 */
const VOCABULARIES = ["app/finance/money.ts", "app/root.tsx"];
const isVocabulary = (file: string) => VOCABULARIES.some((v) => v === file || v.replace(/\.tsx?$/, "") === file);

/** The composition root, and the one file that reaches it (the build's `bootstrap`, for server.ts). */
const COMPOSITION_ROOT = "server";
const REACHES_ROOT = ["app/entry.server.tsx"];

/** The imports that break the layering, each as "from -> to". */
function layeringProblems(edges: Edge[]): string[] {
  return edges
    .filter(({ from, to, typeOnly }) => {
      if (!to.startsWith("app/")) return false; // content/*.json and packages
      const [source, target] = [areaOf(from), areaOf(to)];
      if (source === target) return false;
      if (typeOnly && isVocabulary(to)) return false;
      if (target === COMPOSITION_ROOT && !REACHES_ROOT.includes(from)) return true;
      const row = MAY_IMPORT[source];
      if (!row) return true;
      return !row.imports.includes(target) && !(typeOnly && row.types?.includes(target));
    })
    .map(({ from, to }) => `${from} -> ${to}`);
}

/** The import circles (strongly connected files), type imports included but those of a vocabulary's types. */
function circles(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.typeOnly && isVocabulary(edge.to)) continue;
    next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  }
  // Tarjan's algorithm.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (stack.includes(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const circle = stack.splice(stack.indexOf(file));
    if (circle.length > 1 || next.get(file)?.includes(file)) found.push(circle.sort());
  };
  for (const file of next.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("app/ layering", () => {
  const edges = importGraph(appSources());

  it("reads the app's imports", () => {
    // The check reads what it checks: the composition root's imports of features are seen.
    expect(edges).toContainEqual({
      from: "app/server/jobs.server.ts",
      to: "app/visa/reminderJob.server.ts",
      typeOnly: false,
    });
    expect(edges).toContainEqual({ from: "app/server/services.server.ts", to: "app/context.ts", typeOnly: true });
  });

  it("has a row of the layer table for every folder and file at the top of app/", () => {
    const tops = fs
      .readdirSync(path.join(root, "app"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || /\.tsx?$/.test(entry.name))
      .map((entry) => entry.name);
    expect(tops.filter((name) => !(name in MAY_IMPORT))).toEqual([]);
    expect(Object.keys(MAY_IMPORT).filter((name) => !tops.includes(name))).toEqual([]);
  });

  it("keeps every folder to its row of the layer table (decision 0048)", () => {
    expect(layeringProblems(edges)).toEqual([]);
  });

  it("keeps the content kernel below every feature", () => {
    const features = Object.keys(MAY_IMPORT).filter(
      (area) => area !== "content" && !(LOW as readonly string[]).includes(area),
    );
    const upward = edges.filter(
      ({ from, to }) => areaOf(from) === "content" && to.startsWith("app/") && features.includes(areaOf(to)),
    );
    expect(upward.map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
  });

  it("has no import circle, type imports included, but through a vocabulary's types", () => {
    expect(circles(edges)).toEqual([]);
  });

  it("is caught by the checks when a module breaks them", () => {
    // Deliberately bad files: each check fails on its own kind of import.
    const bad = importGraph({
      "app/infra/sqlite/bad.server.ts": `import type { SessionMember } from "~/auth/session.server";`,
      "app/infra/bad.server.ts": `export { sendCode } from "~/verification/codes.server";`,
      "app/stores/bad.ts": `import type { Config } from "~/infra/config.server";`,
      "app/phone/bad.server.ts": `import { countriesIn } from "~/members/countries.server";`,
      "app/auth/bad.server.ts": `import { signupDrafts } from "~/signup/draft.server";`,
      "app/members/bad.server.ts": `const community = await import("~/community/community.server");`,
      "app/community/bad.server.ts": `import { startServices } from "~/server/services.server";`,
      "app/routes/bad.tsx": `type Root = import("~/server/services.server").Services;`,
      "app/content/bad.server.ts": `import type { NoticeImportItem } from "~/notices/schemas.server";`,
      "app/components/bad.tsx": `import { termsHeads } from "~/terms/terms.server";`,
      "app/newFolder/bad.ts": `import { formatDate } from "~/lib/format";`,
      "app/components/fine.tsx": `import type { TermsChecklistItem } from "~/terms/documents";`,
      "app/stores/fine.ts": `import type { Decimal } from "~/finance/money";`,
      "app/entry.server.tsx": `export { bootstrap } from "./server/bootstrap.server";`,
    });
    expect(layeringProblems(bad)).toEqual([
      "app/infra/sqlite/bad.server.ts -> app/auth/session.server",
      "app/infra/bad.server.ts -> app/verification/codes.server",
      "app/stores/bad.ts -> app/infra/config.server",
      "app/phone/bad.server.ts -> app/members/countries.server",
      "app/auth/bad.server.ts -> app/signup/draft.server",
      "app/members/bad.server.ts -> app/community/community.server",
      "app/community/bad.server.ts -> app/server/services.server",
      "app/routes/bad.tsx -> app/server/services.server",
      "app/content/bad.server.ts -> app/notices/schemas.server",
      "app/components/bad.tsx -> app/terms/terms.server",
      "app/newFolder/bad.ts -> app/lib/format",
    ]);

    const circular = importGraph({
      "app/server/services.server.ts": `import { visaReminderJob } from "~/visa/reminderJob.server";`,
      "app/visa/reminderJob.server.ts": `import type { Services } from "~/server/services.server";`,
      "app/a.ts": `import { b } from "./b";`,
      "app/b.ts": `export { a } from "./a";`,
      "app/root.tsx": `import { Shell } from "~/components/Shell";`,
      "app/components/Shell.tsx": `import type { RootData } from "~/root";`,
    });
    expect(circles(circular)).toEqual([
      ["app/server/services.server.ts", "app/visa/reminderJob.server.ts"],
      ["app/a.ts", "app/b.ts"],
    ]);
  });
});
