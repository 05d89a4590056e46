/**
 * server.ts and its modules (server/) reach the app only through the Remix build
 * (entry.server's `bootstrap` export): if they bundled app modules themselves,
 * every class and cache of theirs would exist twice at run time (errors no longer
 * `instanceof` their class), and `~/` imports would be left unresolved in
 * build/server.js.
 */
import path from "node:path";
import { build } from "esbuild";
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
