/**
 * The module graph's rules.
 *
 * server.ts and its modules (server/) reach the app only through the Remix build
 * (entry.server's `bootstrap` export): if they bundled app modules themselves,
 * every class and cache of theirs would exist twice at run time (errors no longer
 * `instanceof` their class), and `~/` imports would be left unresolved in
 * build/server.js.
 *
 * Inside app/, the layering of docs/decisions/0048: infrastructure and the ports
 * import no feature, auth and members import neither signup nor community (the
 * account lifecycle sits above them), only entry.server reaches the composition
 * root (app/server), and no import circle runs anywhere (none through the
 * composition root even counting type imports).
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

/** The folders a folder may import besides itself: the ports and the platform sit below every feature. */
const ONLY_IMPORTS: Record<string, readonly string[]> = {
  stores: [],
  infra: ["stores"],
  countries: [],
  phone: ["countries", "lib"],
};

/**
 * Value types every layer may name in a type-only import: money's exact decimals and currency codes are the
 * vocabulary of the rates port (app/stores/rates.ts) as of the finance features (decision 0061).
 */
const SHARED_TYPES = ["app/finance/money.ts"];

/** Folders a folder must not import: auth and members sit below joining, the community and the account lifecycle. */
const NEVER_IMPORTS: Record<string, readonly string[]> = {
  auth: ["signup", "community", "account"],
  members: ["signup", "community", "account"],
};

/** The composition root, and the one file that reaches it (the build's `bootstrap`, for server.ts). */
const COMPOSITION_ROOT = "server";
const REACHES_ROOT = ["app/entry.server.tsx"];

/** The imports that break the layering, each as "from -> to". */
function layeringProblems(edges: Edge[]): string[] {
  return edges
    .filter(({ from, to, typeOnly }) => {
      const [source, target] = [areaOf(from), areaOf(to)];
      if (source === target) return false;
      if (typeOnly && SHARED_TYPES.includes(to)) return false;
      if (target === COMPOSITION_ROOT && !REACHES_ROOT.includes(from)) return true;
      if (source in ONLY_IMPORTS && !ONLY_IMPORTS[source]!.includes(target)) return true;
      return NEVER_IMPORTS[source]?.includes(target) ?? false;
    })
    .map(({ from, to }) => `${from} -> ${to}`);
}

/** The import circles (strongly connected files), runtime imports only unless `withTypes`. */
function circles(edges: Edge[], withTypes: boolean): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.typeOnly && !withTypes) continue;
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

const throughRoot = (circle: string[]) => circle.some((f) => areaOf(f) === COMPOSITION_ROOT || f === "app/context.ts");

describe("app/ layering", () => {
  const edges = importGraph(appSources());

  it("reads the app's imports", () => {
    // The check reads what it checks: the composition root's imports of features are seen.
    expect(edges).toContainEqual({
      from: "app/server/services.server.ts",
      to: "app/visa/reminderJob.server.ts",
      typeOnly: false,
    });
    expect(edges).toContainEqual({ from: "app/server/services.server.ts", to: "app/context.ts", typeOnly: true });
  });

  it("keeps infra and the ports below the features, auth and members below joining and the community", () => {
    expect(layeringProblems(edges)).toEqual([]);
  });

  it("has no import circle, and none through the composition root even counting types", () => {
    expect(circles(edges, false)).toEqual([]);
    expect(circles(edges, true).filter(throughRoot)).toEqual([]);
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
    ]);

    const circular = importGraph({
      "app/server/services.server.ts": `import { visaReminderJob } from "~/visa/reminderJob.server";`,
      "app/visa/reminderJob.server.ts": `import type { Services } from "~/server/services.server";`,
      "app/a.ts": `import { b } from "./b";`,
      "app/b.ts": `export { a } from "./a";`,
    });
    expect(circles(circular, false)).toEqual([["app/a.ts", "app/b.ts"]]);
    expect(circles(circular, true).filter(throughRoot)).toEqual([
      ["app/server/services.server.ts", "app/visa/reminderJob.server.ts"],
    ]);
  });
});
