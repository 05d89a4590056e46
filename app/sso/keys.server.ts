/**
 * The keys that sign single sign-on's ID tokens (docs/decisions/0070): a JSON Web
 * Key Set of private keys, the first one signing, the others only published in
 * the JWKS so that what they signed still verifies until it expires. Hosted mode
 * reads them from SSO_SIGNING_KEYS (every process the same); local mode keeps them
 * in DATA_DIR, made on first use. Rotating: put a new key first, restart, and drop
 * the old one once everything it signed has expired (SSO_TOKEN_LIFETIME_S).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "~/infra/config.server";
import { createdOnce } from "~/infra/dataFiles.server";

export interface SigningKeys {
  keys: PrivateJwk[];
}

export interface PrivateJwk extends crypto.JsonWebKey {
  kid: string;
  alg: "ES256" | "RS256";
  use: "sig";
}

const LOCAL_FILE = "sso-signing-keys.json";

/** A new ES256 key, its id the RFC 7638 thumbprint of its public part. */
export function newSigningKey(): PrivateJwk {
  const { privateKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = privateKey.export({ format: "jwk" });
  const thumbprint = crypto
    .createHash("sha256")
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
    .digest("base64url");
  return { ...jwk, kid: thumbprint, alg: "ES256", use: "sig" };
}

/** The keys as given (a JSON Web Key Set of private keys), or why not. */
export function parseSigningKeys(text: string): SigningKeys {
  const parsed = JSON.parse(text) as { keys?: unknown };
  const keys = Array.isArray(parsed.keys) ? (parsed.keys as PrivateJwk[]) : [];
  if (!keys.length) throw new Error("a JSON Web Key Set with at least one key is needed");
  for (const key of keys) {
    if (!key.kid || (key.alg !== "ES256" && key.alg !== "RS256") || !key.d) {
      throw new Error("every key needs a kid, alg ES256 or RS256, and its private part");
    }
  }
  return { keys };
}

const localFile = (dataDir: string) => path.join(dataDir, LOCAL_FILE);

/**
 * Local mode's keys, made (owner-only) on first use; processes starting together on a new DATA_DIR all take the
 * set that the first of them wrote (what one signs, the others' JWKS publishes).
 */
export function localSigningKeys(dataDir: string): SigningKeys {
  return createdOnce(localFile(dataDir), () => JSON.stringify({ keys: [newSigningKey()] }), parseSigningKeys);
}

function writeLocalKeys(dataDir: string, keys: SigningKeys): SigningKeys {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = localFile(dataDir);
  // Written beside and renamed: a server starting meanwhile reads the old set or the new, never half.
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(keys), { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
  return keys;
}

/** Local mode's rotation: a new key signs from the next start; the others stay published. */
export function rotateLocalKeys(dataDir: string): SigningKeys {
  const current = localSigningKeys(dataDir);
  return writeLocalKeys(dataDir, { keys: [newSigningKey(), ...current.keys] });
}

/** Drops every key but the signing one (once what they signed has expired). */
export function retireLocalKeys(dataDir: string): SigningKeys {
  const current = localSigningKeys(dataDir);
  return writeLocalKeys(dataDir, { keys: current.keys.slice(0, 1) });
}

/** This deployment's keys: null in hosted mode without SSO_SIGNING_KEYS (no single sign-on then). */
export function signingKeysOf(config: Config): SigningKeys | null {
  if (config.SSO_SIGNING_KEYS) return parseSigningKeys(config.SSO_SIGNING_KEYS);
  return config.mode === "local" ? localSigningKeys(config.DATA_DIR) : null;
}
