/**
 * Translation keys against namespaces, read from the source without a browser:
 *
 * - every literal key a `t` looks up (`t("a.b")`, `t(cond ? "a" : "b")`, the fixed
 *   head of `t(\`a.${x}\`)`) exists in English in a namespace its `t` searches: the
 *   ones named by the `useTranslation(…)` or `getFixedT(lng, ns)` that made it, then
 *   `common` (i18n.ts: fallbackNS);
 * - message keys passed as data (form messages, titles in `handle`, plain answers)
 *   exist in `common`, the only namespace every page loads;
 * - each route declares in `handle.i18n` exactly the namespaces its own components
 *   and the app components it renders use (besides `common`, which the root
 *   declares), so the browser loads them before the page renders and nothing else;
 * - the root and the shell use `common` only, and every namespace is used.
 *
 * A key moved to a namespace the page does not load fails here.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { defaultNamespace, namespaces } from "~/i18n/config";

const root = path.resolve(__dirname, "../..");
const appDir = path.join(root, "app");

function flatten(value: unknown, prefix = "", out = new Set<string>()): Set<string> {
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === "object") flatten(child, name, out);
    else out.add(name);
  }
  return out;
}

const english = new Map(
  namespaces.map((ns) => [
    ns as string,
    flatten(JSON.parse(fs.readFileSync(path.join(root, "locales", "en", `${ns}.json`), "utf8"))),
  ]),
);
const commonGroups = new Set([...english.get(defaultNamespace)!].map((k) => k.split(".")[0]!));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

interface Lookup {
  /** The `t` it goes through: file, scope and name. */
  binding: string;
  file: string;
  line: number;
  key: string;
  prefix: boolean;
  namespaces: string[];
}

interface ModuleFacts {
  /** Namespaces each top-level declaration's own useTranslation calls name. */
  declared: Map<string, Set<string>>;
  /** Names each top-level declaration refers to. */
  refs: Map<string, Set<string>>;
  /** Imported local name → [module file, exported name]. */
  imports: Map<string, [string, string]>;
  handleI18n: string[] | null;
  usedNamespaces: Set<string>;
  lookups: Lookup[];
  dataKeys: { line: number; key: string }[];
  problems: string[];
}

const rel = (file: string) => path.relative(root, file);

function stringsOf(node: ts.Expression | undefined): string[] | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isArrayLiteralExpression(node)) {
    const items = node.elements.map((e) => (ts.isStringLiteral(e) ? e.text : null));
    return items.every((i): i is string => i !== null) ? items : null;
  }
  if (ts.isAsExpression(node) || ts.isParenthesizedExpression(node)) return stringsOf(node.expression);
  return null;
}

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(appDir, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The namespaces a `t` searches, from the call that made it; null when `t` is not made here. */
function namespacesMadeBy(init: ts.Expression | undefined, problems: string[], where: string): string[] | null {
  let node = init;
  while (node && (ts.isAwaitExpression(node) || ts.isParenthesizedExpression(node))) node = node.expression;
  if (!node || !ts.isCallExpression(node)) return null;
  const callee = node.expression;
  if (ts.isIdentifier(callee) && callee.text === "useTranslation") {
    if (node.arguments.length === 0) return [defaultNamespace];
    const named = stringsOf(node.arguments[0]);
    if (!named) problems.push(`${where}: useTranslation needs literal namespaces`);
    return named ?? [];
  }
  if (ts.isPropertyAccessExpression(callee) && callee.name.text === "getFixedT") {
    const named = stringsOf(node.arguments[1]);
    if (!named) problems.push(`${where}: getFixedT needs a literal namespace`);
    return named ?? [];
  }
  return null;
}

function analyse(file: string): ModuleFacts {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const facts: ModuleFacts = {
    declared: new Map(),
    refs: new Map(),
    imports: new Map(),
    handleI18n: null,
    usedNamespaces: new Set(),
    lookups: [],
    dataKeys: [],
    problems: [],
  };
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;

  // Which `t` a name means: the nearest enclosing function that binds it.
  const tBindings = new Map<ts.Node, Map<string, string[] | null>>();
  function bind(scope: ts.Node, name: string, nss: string[] | null) {
    let names = tBindings.get(scope);
    if (!names) tBindings.set(scope, (names = new Map()));
    names.set(name, nss);
  }
  function scopeOf(node: ts.Node): ts.Node {
    let current: ts.Node | undefined = node.parent;
    while (current && !ts.isFunctionLike(current) && !ts.isSourceFile(current)) current = current.parent;
    return current ?? source;
  }
  function bindingOfT(node: ts.Identifier): { id: string; nss: string[] | null } | undefined {
    let scope: ts.Node | undefined = node;
    while (scope) {
      scope = scopeOf(scope);
      const found = tBindings.get(scope)?.get(node.text);
      if (found !== undefined) return { id: `${rel(file)}:${scope.pos}:${node.text}`, nss: found };
      if (ts.isSourceFile(scope)) return undefined;
    }
    return undefined;
  }

  // First pass: bindings of `t` (and parameters named t, which are not ours to check).
  function collectBindings(node: ts.Node) {
    if (ts.isVariableDeclaration(node)) {
      const nss = namespacesMadeBy(node.initializer, facts.problems, `${rel(file)}:${lineOf(node)}`);
      if (nss) {
        nss.forEach((ns) => facts.usedNamespaces.add(ns));
        if (ts.isIdentifier(node.name)) bind(scopeOf(node), node.name.text, nss);
        else if (ts.isObjectBindingPattern(node.name)) {
          for (const element of node.name.elements) {
            const property = element.propertyName ?? element.name;
            if (ts.isIdentifier(property) && property.text === "t" && ts.isIdentifier(element.name)) {
              bind(scopeOf(node), element.name.text, nss);
            }
          }
        }
      }
    }
    if (ts.isParameter(node) && ts.isIdentifier(node.name)) bind(node.parent, node.name.text, null);
    // `return i18n.getFixedT(lng, "visa")` hands a `t` to callers: its namespace is used.
    if (ts.isReturnStatement(node)) {
      namespacesMadeBy(node.expression, facts.problems, `${rel(file)}:${lineOf(node)}`)?.forEach((ns) =>
        facts.usedNamespaces.add(ns),
      );
    }
    ts.forEachChild(node, collectBindings);
  }
  collectBindings(source);

  function keysOf(node: ts.Expression): { key: string; prefix: boolean }[] {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      return [{ key: node.text, prefix: false }];
    if (ts.isTemplateExpression(node)) return node.head.text ? [{ key: node.head.text, prefix: true }] : [];
    if (ts.isConditionalExpression(node)) return [...keysOf(node.whenTrue), ...keysOf(node.whenFalse)];
    if (ts.isParenthesizedExpression(node)) return keysOf(node.expression);
    return [];
  }

  let currentDeclaration: string | null = null;
  function visit(node: ts.Node) {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.arguments[0]) {
      const binding = bindingOfT(node.expression);
      if (binding?.nss) {
        for (const { key, prefix } of keysOf(node.arguments[0])) {
          facts.lookups.push({
            binding: binding.id,
            file: rel(file),
            line: lineOf(node),
            key,
            prefix,
            namespaces: binding.nss,
          });
        }
      }
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "useTranslation") {
      const nss = node.arguments.length === 0 ? [defaultNamespace] : (stringsOf(node.arguments[0]) ?? []);
      if (currentDeclaration) {
        const set = facts.declared.get(currentDeclaration) ?? new Set();
        nss.forEach((ns) => set.add(ns));
        facts.declared.set(currentDeclaration, set);
      }
    }
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      /^[a-zA-Z]+(\.\w+)+$/.test(node.text)
    ) {
      if (commonGroups.has(node.text.split(".")[0]!)) facts.dataKeys.push({ line: lineOf(node), key: node.text });
    }
    if (ts.isIdentifier(node) && currentDeclaration) {
      const set = facts.refs.get(currentDeclaration) ?? new Set();
      set.add(node.text);
      facts.refs.set(currentDeclaration, set);
    }
    ts.forEachChild(node, visit);
  }

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      const target = resolveImport(file, (statement.moduleSpecifier as ts.StringLiteral).text);
      const bindings = statement.importClause?.namedBindings;
      if (target && bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (!element.isTypeOnly) {
            facts.imports.set(element.name.text, [target, (element.propertyName ?? element.name).text]);
          }
        }
      }
      if (target && statement.importClause?.name)
        facts.imports.set(statement.importClause.name.text, [target, "default"]);
      continue;
    }
    // A re-export (the kits: `export { X } from "~/components/X"`) leads to the module that declares X.
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      const target = resolveImport(file, (statement.moduleSpecifier as ts.StringLiteral).text);
      const clause = statement.exportClause;
      if (target && clause && ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          if (element.isTypeOnly) continue;
          facts.imports.set(element.name.text, [target, (element.propertyName ?? element.name).text]);
          facts.refs.set(element.name.text, new Set([element.name.text]));
        }
      }
      continue;
    }
    const names: string[] = [];
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      names.push(statement.name.text);
      if (statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) names.push("default");
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
        if (ts.isIdentifier(declaration.name) && declaration.name.text === "handle" && declaration.initializer) {
          const object = declaration.initializer;
          if (ts.isObjectLiteralExpression(object)) {
            for (const property of object.properties) {
              if (ts.isPropertyAssignment(property) && property.name.getText(source) === "i18n") {
                facts.handleI18n = stringsOf(property.initializer);
                if (!facts.handleI18n) facts.problems.push(`${rel(file)}: handle.i18n must be literal`);
              }
            }
          }
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      names.push("default");
    }
    currentDeclaration = names[0] ?? null;
    visit(statement);
    for (const alias of names.slice(1)) {
      facts.declared.set(alias, facts.declared.get(names[0]!) ?? new Set());
      facts.refs.set(alias, new Set([names[0]!]));
    }
  }
  currentDeclaration = null;
  return facts;
}

function foundIn({ key, prefix }: Lookup, ns: string) {
  const keys = english.get(ns);
  if (!keys) return false;
  // A key read with a count resolves to its plural forms ("daysLeft" → "daysLeft_other").
  return prefix ? [...keys].some((k) => k.startsWith(key)) : keys.has(key) || keys.has(`${key}_other`);
}

const files = sourceFiles(appDir);
const modules = new Map(files.map((file) => [file, analyse(file)]));

/** Every namespace a declaration uses, through the declarations and app modules it refers to. */
function namespacesReached(start: [string, string][]): Set<string> {
  const seen = new Set<string>();
  const found = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const [file, name] = queue.pop()!;
    const id = `${file}#${name}`;
    if (seen.has(id) || file.endsWith(".server.ts")) continue;
    seen.add(id);
    const facts = modules.get(file);
    if (!facts) continue;
    facts.declared.get(name)?.forEach((ns) => found.add(ns));
    for (const ref of facts.refs.get(name) ?? []) {
      if (facts.declared.has(ref) || facts.refs.has(ref)) queue.push([file, ref]);
      const imported = facts.imports.get(ref);
      if (imported) queue.push(imported);
    }
  }
  return found;
}

const allDeclarations = (file: string): [string, string][] => {
  const facts = modules.get(file)!;
  return [...new Set([...facts.declared.keys(), ...facts.refs.keys()])].map((name) => [file, name]);
};

describe("translation keys in app/", () => {
  it("finds the lookups it checks", () => {
    const lookups = [...modules.values()].flatMap((m) => m.lookups);
    // A guard against a scan that silently finds nothing.
    expect(lookups.length).toBeGreaterThan(100);
    expect(new Set(lookups.map((l) => l.file)).size).toBeGreaterThan(20);
  });

  it("name their namespaces literally", () => {
    expect([...modules.values()].flatMap((m) => m.problems)).toEqual([]);
  });

  it("exist in a namespace their t searches", () => {
    const missing = [...modules.values()]
      .flatMap((m) => m.lookups)
      .filter((lookup) => ![...lookup.namespaces, defaultNamespace].some((ns) => foundIn(lookup, ns)))
      .map(({ file, line, key, namespaces: nss }) => `${file}:${line} ${key} (searched ${[...nss, defaultNamespace]})`);
    expect(missing).toEqual([]);
  });

  it("come from every namespace a t names (no namespace loaded for nothing)", () => {
    const byBinding = new Map<string, Lookup[]>();
    for (const lookup of [...modules.values()].flatMap((m) => m.lookups)) {
      byBinding.set(lookup.binding, [...(byBinding.get(lookup.binding) ?? []), lookup]);
    }
    const idle = [...byBinding.values()].flatMap((lookups) =>
      lookups[0]!.namespaces
        .filter((ns) => ns !== defaultNamespace && !lookups.some((lookup) => foundIn(lookup, ns)))
        .map((ns) => `${lookups[0]!.file}:${lookups[0]!.line} names ${ns} but finds nothing there`),
    );
    expect(idle).toEqual([]);
  });

  it("passed as data (form messages, titles) exist in common", () => {
    const commonKeys = english.get(defaultNamespace)!;
    const missing = [...modules.entries()].flatMap(([file, m]) =>
      m.dataKeys
        .filter(({ key }) => !commonKeys.has(key) && !commonKeys.has(`${key}_other`))
        .map(({ line, key }) => `${rel(file)}:${line} ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it("name only namespaces of config.ts, and each of those is used", () => {
    const used = new Set([...modules.values()].flatMap((m) => [...m.usedNamespaces, ...(m.handleI18n ?? [])]));
    expect([...used].filter((ns) => !(namespaces as readonly string[]).includes(ns))).toEqual([]);
    expect(namespaces.filter((ns) => !used.has(ns))).toEqual([]);
  });
});

describe("handle.i18n", () => {
  const rootFile = path.join(appDir, "root.tsx");

  it("of the root is common, and the shell uses nothing else", () => {
    expect(modules.get(rootFile)!.handleI18n).toEqual([defaultNamespace]);
    expect([...namespacesReached(allDeclarations(rootFile))]).toEqual([defaultNamespace]);
  });

  const routeFiles = files.filter((f) => path.dirname(f) === path.join(appDir, "routes") && f.endsWith(".tsx"));
  it.each(routeFiles.map((f) => [path.basename(f), f]))(
    "of %s names exactly the namespaces its page uses",
    (_name, file) => {
      const used = [...namespacesReached(allDeclarations(file))].filter((ns) => ns !== defaultNamespace).sort();
      expect([...(modules.get(file)!.handleI18n ?? [])].sort()).toEqual(used);
    },
  );
});
