import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
const root = process.argv[2]!;
function isTypeOnly(statement: any): boolean {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (!clause) return false;
    if (clause.isTypeOnly) return true;
    const named = clause.namedBindings;
    return !clause.name && !!named && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly);
  }
  const named = statement.exportClause;
  return statement.isTypeOnly || (!!named && ts.isNamedExports(named) && named.elements.every((e: any) => e.isTypeOnly));
}
const sources: Record<string, string> = {};
const walk = (dir: string) => {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) walk(file);
    else if (/\.tsx?$/.test(entry.name)) sources[file] = fs.readFileSync(path.join(root, file), "utf8");
  }
};
walk("app");
const resolve = (from: string, specifier: string): string | null => {
  let base: string;
  if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => f in sources) ?? base;
};
const edges: { from: string; to: string; typeOnly: boolean }[] = [];
for (const [file, text] of Object.entries(sources)) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const add = (s: string, t: boolean) => { const to = resolve(file, s); if (to) edges.push({ from: file, to, typeOnly: t }); };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text, isTypeOnly(node));
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      if (ts.isStringLiteral((node.argument as any).literal)) add((node.argument as any).literal.text, true);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [s] = node.arguments; if (s && ts.isStringLiteral(s)) add(s.text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
const areaOf = (f: string) => f.split("/")[1]!;
const mode = process.argv[3];
if (mode === "areas") {
  const m = new Map<string, Set<string>>();
  for (const e of edges) { const a = areaOf(e.from), b = areaOf(e.to); if (a === b) continue; if (!m.has(a)) m.set(a, new Set()); m.get(a)!.add(b + (e.typeOnly ? "(t)" : "")); }
  for (const [a, s] of [...m].sort()) console.log(a, "->", [...s].sort().join(" "));
}
if (mode === "circles") {
  const VOCAB = (process.argv[4] ?? "").split(",").filter(Boolean);
  const next = new Map<string, string[]>();
  for (const e of edges) { if (e.typeOnly && VOCAB.includes(e.to)) continue; next.set(e.from, [...(next.get(e.from) ?? []), e.to]); }
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], found: string[][] = [];
  const visit = (f: string) => { index.set(f, index.size); low.set(f, index.get(f)!); stack.push(f);
    for (const t of next.get(f) ?? []) { if (!index.has(t)) { visit(t); low.set(f, Math.min(low.get(f)!, low.get(t)!)); } else if (stack.includes(t)) low.set(f, Math.min(low.get(f)!, index.get(t)!)); }
    if (low.get(f) !== index.get(f)) return; const c = stack.splice(stack.indexOf(f)); if (c.length > 1) found.push(c.sort()); };
  for (const f of next.keys()) if (!index.has(f)) visit(f);
  for (const c of found) console.log(c.length, new Set(c.map(areaOf)).size, c.join(" "));
  console.log("files in circles:", found.reduce((n, c) => n + c.length, 0));
}
