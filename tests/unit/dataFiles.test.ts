/**
 * Files made once in DATA_DIR (app/infra/dataFiles.server.ts): several processes starting at the same moment on
 * an empty directory end up with one value, the one written to the file; an existing file is read, never made
 * again; a maker that fails leaves no empty file behind. The processes are real ones (node, the module bundled by
 * esbuild), released together.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createdOnce } from "~/infra/dataFiles.server";
import type { Config } from "~/infra/config.server";
import {
  localSigningKeys,
  newSigningKey,
  newSigningKeys,
  retireLocalKeys,
  rotateLocalKeys,
  signingKeysIn,
  signingKeysOf,
  type SigningKeys,
} from "~/sso/keys.server";

const root = fileURLToPath(new URL("../..", import.meta.url));
const run = promisify(execFile);
let dir: string;
let driver: string;

/**
 * One process: waits until the moment it is given (so that all start together), then takes the session secret's
 * kind of value (its maker slow when asked, to keep the file empty a while) or the signing keys, and prints it.
 */
const DRIVER = `
import crypto from "node:crypto";
import path from "node:path";
import { createdOnce } from "~/infra/dataFiles.server";
import { localSigningKeys } from "~/sso/keys.server";
const [dataDir, what, at, slowMs] = process.argv.slice(2);
while (Date.now() < Number(at)) {}
if (what === "keys") {
  console.log(JSON.stringify(localSigningKeys(dataDir)));
} else {
  const make = () => {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(slowMs));
    return crypto.randomBytes(32).toString("base64url");
  };
  console.log(createdOnce(path.join(dataDir, "session-secret"), make, (text) => {
    if (!text.trim()) throw new Error("empty");
    return text.trim();
  }));
}
`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "klife-datafiles-"));
  driver = path.join(dir, "driver.mjs");
  // Only node's own modules beside the app's two: nothing is left outside the bundle.
  await build({
    stdin: { contents: DRIVER, resolveDir: root, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    alias: { "~": path.join(root, "app") },
    outfile: driver,
  });
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts `count` processes on `dataDir`, released together, and gives what each printed. */
async function together(dataDir: string, what: "secret" | "keys", count: number, slowMs = 0): Promise<string[]> {
  // Far enough ahead that every process has started (node's own start-up) before the moment comes.
  const at = Date.now() + 1500;
  const outputs = await Promise.all(
    Array.from({ length: count }, () =>
      run(process.execPath, [driver, dataDir, what, String(at), String(slowMs)], { timeout: 30_000 }),
    ),
  );
  return outputs.map(({ stdout }) => stdout.trim());
}

const freshDir = () => fs.mkdtempSync(path.join(dir, "data-"));

describe("a file made once in DATA_DIR", () => {
  it.each([0, 300])(
    "is the same for processes that start together on an empty directory (maker taking %i ms)",
    async (slowMs) => {
      const dataDir = path.join(freshDir(), "not-yet-made");
      const values = await together(dataDir, "secret", 6, slowMs);
      expect(values).toHaveLength(6);
      expect(new Set(values).size).toBe(1);
      expect(values[0]).toMatch(/^[\w-]{43}$/);
      const file = path.join(dataDir, "session-secret");
      expect(fs.readFileSync(file, "utf8")).toBe(values[0]);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    },
  );

  it("gives processes that start together one set of single sign-on signing keys", async () => {
    const dataDir = freshDir();
    const sets = await together(dataDir, "keys", 6);
    expect(new Set(sets).size).toBe(1);
    expect(JSON.parse(sets[0]!)).toEqual(
      JSON.parse(fs.readFileSync(path.join(dataDir, "sso-signing-keys.json"), "utf8")),
    );
    expect(fs.statSync(path.join(dataDir, "sso-signing-keys.json")).mode & 0o777).toBe(0o600);
  });

  it("makes a new set with an RS256 and an ES256 key", () => {
    const keys = localSigningKeys(freshDir());
    expect(keys.keys.map((key) => key.alg)).toEqual(["RS256", "ES256"]);
  });

  it("adds one RS256 key, the same for processes that start together, to a set made with ES256 only", async () => {
    const dataDir = freshDir();
    const file = path.join(dataDir, "sso-signing-keys.json");
    const old = { keys: [newSigningKey("ES256"), newSigningKey("ES256")] };
    fs.writeFileSync(file, JSON.stringify(old), { mode: 0o600 });
    const sets = await together(dataDir, "keys", 6);
    expect(new Set(sets).size).toBe(1);
    const keys = (JSON.parse(sets[0]!) as SigningKeys).keys;
    // The old keys as they were, in their order (the first goes on signing ES256), and one RS256 key beside.
    expect(keys.slice(0, 2)).toEqual(old.keys);
    expect(keys.map((key) => key.alg)).toEqual(["ES256", "ES256", "RS256"]);
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual(old);
    expect(localSigningKeys(dataDir)).toEqual({ keys });
  });

  it("rotates and retires each algorithm's keys: the first of each signs, the rest stay published", () => {
    const dataDir = freshDir();
    const first = localSigningKeys(dataDir);
    const rotated = rotateLocalKeys(dataDir);
    expect(rotated.keys.map((key) => key.alg)).toEqual(["RS256", "ES256", "RS256", "ES256"]);
    expect(rotated.keys.slice(2)).toEqual(first.keys);
    expect(localSigningKeys(dataDir)).toEqual(rotated);
    const retired = retireLocalKeys(dataDir);
    expect(retired.keys).toEqual(rotated.keys.slice(0, 2));
    expect(signingKeysIn(retired)).toEqual(retired.keys);
  });

  it("writes the RS256 key added to an ES256-only set into it on rotation", () => {
    const dataDir = freshDir();
    const old = newSigningKey("ES256");
    fs.writeFileSync(path.join(dataDir, "sso-signing-keys.json"), JSON.stringify({ keys: [old] }), { mode: 0o600 });
    const added = localSigningKeys(dataDir).keys[1]!;
    expect(added.alg).toBe("RS256");
    const retired = retireLocalKeys(dataDir);
    expect(retired.keys).toEqual([added, old]);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, "sso-signing-keys.json"), "utf8"))).toEqual(retired);
  });

  it("refuses hosted keys without an RS256 or an ES256 key, naming the variable", () => {
    const hosted = (keys: object) =>
      signingKeysOf({ mode: "hosted", SSO_SIGNING_KEYS: JSON.stringify(keys) } as unknown as Config);
    expect(() => hosted({ keys: [newSigningKey("ES256")] })).toThrow(/SSO_SIGNING_KEYS has no RS256 key.*new-key/);
    expect(() => hosted({ keys: [newSigningKey("RS256")] })).toThrow(/SSO_SIGNING_KEYS has no ES256 key/);
    const both = { keys: newSigningKeys() };
    expect(hosted(both)).toEqual(both);
  });

  it("names the variable for malformed hosted keys, never quoting the key material", () => {
    const hosted = (text: string) => () =>
      signingKeysOf({ mode: "hosted", SSO_SIGNING_KEYS: text } as unknown as Config);
    const secret = JSON.stringify({ keys: newSigningKeys() }).slice(0, -3);
    expect(hosted(secret)).toThrow(/^SSO_SIGNING_KEYS is not valid JSON/);
    expect(hosted(secret)).not.toThrow(secret.slice(20, 60));
    expect(hosted('{"keys":[{"kid":"a","alg":"HS256","d":"x"}]}')).toThrow(
      /^SSO_SIGNING_KEYS is not usable: every key/,
    );
  });

  it("is read as it is when it exists, never made again", () => {
    const dataDir = freshDir();
    const file = path.join(dataDir, "session-secret");
    fs.writeFileSync(file, "kept-from-before\n", { mode: 0o600 });
    let made = 0;
    const value = createdOnce(
      file,
      () => String(++made),
      (text) => text.trim(),
    );
    expect(value).toBe("kept-from-before");
    expect(made).toBe(0);
    expect(fs.readFileSync(file, "utf8")).toBe("kept-from-before\n");
    const keys = localSigningKeys(dataDir);
    expect(localSigningKeys(dataDir)).toEqual(keys);
  });

  it("names the file when it stays empty, and leaves none behind when its maker fails", () => {
    const dataDir = freshDir();
    const file = path.join(dataDir, "session-secret");
    fs.writeFileSync(file, "");
    const notEmpty = (text: string) => {
      if (!text) throw new Error("it is empty");
      return text;
    };
    expect(() => createdOnce(file, () => "new", notEmpty, 100)).toThrow(`${file} cannot be read (it is empty)`);
    fs.rmSync(file);
    expect(() =>
      createdOnce(
        file,
        () => {
          throw new Error("no randomness");
        },
        notEmpty,
      ),
    ).toThrow("no randomness");
    expect(fs.existsSync(file)).toBe(false);
    expect(createdOnce(file, () => "made", notEmpty)).toBe("made");
  });
});
