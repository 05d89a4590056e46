/** The `node` programs of the machine itself, outside the project's node_modules/.bin (decision 0085). */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** PATH without the project's directories: where a shell finds the system's own `node`. */
export const systemPath = (process.env.PATH ?? "")
  .split(path.delimiter)
  .filter((dir) => dir && !dir.includes("node_modules"))
  .join(path.delimiter);

/** The `node` programs on the system PATH, each once, with their versions. */
export function systemNodes(): { bin: string; version: string }[] {
  const found = new Map<string, { bin: string; version: string }>();
  for (const dir of systemPath.split(path.delimiter)) {
    const bin = path.join(dir, "node");
    try {
      const real = fs.realpathSync(bin);
      if (found.has(real)) continue;
      found.set(real, { bin, version: execFileSync(bin, ["--version"], { encoding: "utf8" }).trim() });
    } catch {
      // None there.
    }
  }
  return [...found.values()];
}

/** A system `node` older than `major`, when the machine has one. */
export function olderNode(major: number) {
  return systemNodes().find((n) => Number(/^v(\d+)/.exec(n.version)?.[1]) < major);
}
